// cg_grid_sync_legal.cu: a cooperative launch (cudaLaunchCooperativeKernel)
// of 4 blocks of 64 whose threads each write their block's part, wait at
// grid.sync(), read a thread's part of the next block, wait again, and let
// one thread add them all up. The Programming Guide ("Grid
// Synchronization"): grid.sync() synchronizes every thread of the grid, so
// every write before it comes before every read after it: no race, no report,
// exit 0. What a block keeps across grid.sync() is kept: a __shared__ value,
// a local array, the thread's ranks. The launch goes through the kernel's
// address and through a kernel cast to void*. A grid of more blocks than the
// device holds at once (cudaOccupancyMaxActiveBlocksPerMultiprocessor x 132
// multiprocessors) is refused: cudaErrorCooperativeLaunchTooLarge, and
// nothing runs. The same on an H200.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 2 errors (Program hit cudaErrorCooperativeLaunchTooLarge (error 720) due to "too many blocks in cooperative launch" on CUDA API call to cudaLaunchCooperativeKernel); initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
// run: WARP_EMULATOR_LANE_ORDER=random:7
#include <cooperative_groups.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void twoGridBarriers(int* parts, int* total, int* kept) {
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();
    __shared__ int blockNumber;
    int local[4];
    for (int i = 0; i < 4; ++i) {
        local[i] = static_cast<int>(grid.thread_rank()) + i;
    }
    if (block.thread_rank() == 0) {
        blockNumber = static_cast<int>(grid.block_rank());
    }
    parts[grid.thread_rank()] = static_cast<int>(grid.thread_rank());
    grid.sync();
    const unsigned long long neighbour = (grid.thread_rank() + block.size()) % grid.size();
    const int read = parts[neighbour];
    cg::sync(grid);
    parts[grid.thread_rank()] = read;
    grid.sync();
    if (grid.thread_rank() == 0) {
        int sum = 0;
        for (unsigned long long i = 0; i < grid.size(); ++i) {
            sum += parts[i];
        }
        *total = sum;
    }
    // What each thread kept across the barriers: its local array, its
    // block's __shared__ value, and whether the grid was valid.
    kept[grid.thread_rank()] = local[3] - static_cast<int>(grid.thread_rank()) + (blockNumber == static_cast<int>(blockIdx.x) ? 10 : 0) +
                               (grid.is_valid() ? 100 : 0);
}

__global__ void nothing() {}

int main() {
    DeviceArray<int> parts(256, 0), total(1, 0), kept(256, 0);
    int* partsPointer = parts.device;
    int* totalPointer = total.device;
    int* keptPointer = kept.device;
    void* arguments[] = {&partsPointer, &totalPointer, &keptPointer};
    cudaLaunchCooperativeKernel(twoGridBarriers, dim3(4), dim3(64), arguments, 0, nullptr);
    int status = printLaunchVerdict();
    std::printf("total %d (0 + 1 + ... + 255 = 32640)\n", total.read()[0]);
    const std::vector<int> keptValues = kept.read();
    std::printf("kept by thread 0 and 255: %d %d\n", keptValues[0], keptValues[255]);
    cudaLaunchCooperativeKernel((void*)twoGridBarriers, dim3(4), dim3(64), arguments, 0, nullptr);
    status |= printLaunchVerdict();
    std::printf("total %d again\n", total.read()[0]);

    int perMultiprocessor = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perMultiprocessor, nothing, 1024, 0);
    const cudaError_t tooLarge =
        cudaLaunchCooperativeKernel(nothing, dim3(perMultiprocessor * 132 + 1), dim3(1024), nullptr, 0, nullptr);
    const cudaError_t last = cudaGetLastError();
    std::printf("%d blocks a multiprocessor; %d blocks: %s (then cudaGetLastError: %s)\n", perMultiprocessor,
                perMultiprocessor * 132 + 1, cudaGetErrorName(tooLarge), cudaGetErrorName(last));
    return status;
}
