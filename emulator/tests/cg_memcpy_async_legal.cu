// cg_memcpy_async_legal.cu: cg::memcpy_async of global memory into shared
// memory by a thread_block (bytes as a size_t), by each thread_block_tile<32>
// (a cuda::aligned_size_t<16>) and by a coalesced group of the even lanes
// (counts of elements), then cg::wait or cg::wait_prior<1> and a read of
// every element. The Programming Guide: the group's threads share the copy,
// and wait completes it and syncs the group, which orders every thread's part
// before the reads. No race, no report, exit 0. Thread r prints
// (63 - r) + 100 x (its tile's next element) + 10000 x (r / 2, for the even
// lanes of the first warp): thread 0 163, thread 2 10361, thread 31 32,
// thread 63 3200, the same on an H200.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 1 hazard (Error: Race reported between Write access at stagedCopies(const int *, int *)+0x370)
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
// run: WARP_EMULATOR_LANE_ORDER=random:7
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>  // cuda::aligned_size_t

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void stagedCopies(const int* in, int* out) {
    __shared__ alignas(16) int first[64];
    __shared__ alignas(16) int second[64];
    __shared__ int third[16];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    const unsigned int rank = block.thread_rank();
    cg::memcpy_async(block, first, in, sizeof(int) * 64);
    const unsigned int half = tile.meta_group_rank() * 32;
    cg::memcpy_async(tile, second + half, in + half, cuda::aligned_size_t<16>(sizeof(int) * 32));
    cg::wait_prior<1>(tile);  // the block's copy is done: the tile's may not be
    cg::sync(block);          // every thread's part of the first copy, for every thread
    int value = first[63 - rank];
    cg::wait(tile);
    value += 100 * second[half + (tile.thread_rank() + 1) % 32];
    if (rank < 32 && rank % 2 == 0) {
        cg::coalesced_group even = cg::coalesced_threads();
        cg::memcpy_async(even, third, static_cast<size_t>(16), in, static_cast<size_t>(16));
        cg::wait(even);
        value += 10000 * third[even.thread_rank()];
    }
    out[rank] = value;
}

int main() {
    std::vector<int> values(64);
    for (int i = 0; i < 64; ++i) {
        values[i] = i;
    }
    DeviceArray<int> in(64, 0), out(64, 0);
    cudaMemcpy(in.device, values.data(), sizeof(int) * 64, cudaMemcpyHostToDevice);
    stagedCopies<<<1, 64>>>(in.device, out.device);
    const int status = printLaunchVerdict();
    printValues("out", out.read());
    return status;
}
