// cg_thread_block_legal.cu: this_thread_block() of a 3-D block (8, 4, 2) in
// a grid of (2, 3): its sizes, ranks and indices, which the Programming Guide
// ("Cooperative Groups", thread_block) defines as blockDim's, threadIdx's
// linear rank (x fastest) and blockIdx's; block.sync(), cg::sync(block) and
// the sync() of a thread_group made from it, each __syncthreads() by another
// name, order the block's writes of shared memory before its reads. No race,
// no report, exit 0; the values printed are the same on an H200.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
// run: WARP_EMULATOR_LANE_ORDER=random:7
#include <cooperative_groups.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void blockFacts(int* out) {
    __shared__ int ranks[64];
    const cg::thread_block block = cg::this_thread_block();
    const cg::thread_group group = block;
    const unsigned int rank = block.thread_rank();
    ranks[rank] = static_cast<int>(rank);
    block.sync();
    int value = ranks[63 - rank];
    cg::sync(block);
    ranks[rank] = value;
    group.sync();
    value = ranks[(rank + 1) % 64];
    const dim3 index = block.thread_index();
    const dim3 groupIndex = block.group_index();
    const dim3 size = block.group_dim();
    const dim3 threads = block.dim_threads();
    if (rank == 13 && groupIndex.x == 1 && groupIndex.y == 2) {
        out[0] = static_cast<int>(block.size());
        out[1] = static_cast<int>(block.num_threads());
        out[2] = static_cast<int>(group.size());
        out[3] = static_cast<int>(group.thread_rank());
        out[4] = static_cast<int>(index.x * 100 + index.y * 10 + index.z);
        out[5] = static_cast<int>(groupIndex.x * 100 + groupIndex.y * 10 + groupIndex.z);
        out[6] = static_cast<int>(size.x * 100 + size.y * 10 + size.z);
        out[7] = static_cast<int>(threads.x * 100 + threads.y * 10 + threads.z);
        out[8] = value;
        out[9] = static_cast<int>(cg::thread_rank(block)) + 1000 * static_cast<int>(cg::group_size(block));
    }
}

int main() {
    DeviceArray<int> out(10, -1);
    blockFacts<<<dim3(2, 3), dim3(8, 4, 2)>>>(out.device);
    const int status = printLaunchVerdict();
    printValues("size num_threads group.size rank index group_index group_dim dim_threads value rank+1000size",
                out.read());
    return status;
}
