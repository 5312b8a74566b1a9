// cg_grid_exit_broken.cu: a cooperative launch of 4 blocks of 64 in which
// block 2 returns before the grid.sync() the other blocks wait at, and in
// which threads 32-63 of block 1 return before it too. The Programming
// Guide ("Grid Synchronization"): grid.sync() synchronizes every thread of
// the grid, so every thread must reach it; CUDA's grid barrier counts the
// blocks that arrive, and one that never does leaves the others waiting: an
// H200 hangs here. The emulator reports both, lets the others go on, and
// reports nothing else.
// On an H200 (evidence/case-answers-h200.txt): alone hangs (killed after 20 s); memcheck hangs; initcheck hangs; racecheck hangs
// expect-exit: 66
#include <cooperative_groups.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void blockTwoLeaves(int* parts) {
    cg::grid_group grid = cg::this_grid();
    if (blockIdx.x == 2 || (blockIdx.x == 1 && threadIdx.x >= 32)) {
        return;
    }
    parts[grid.thread_rank()] = 1;
    grid.sync();
    parts[grid.thread_rank()] += 1;
}

int main() {
    DeviceArray<int> parts(256, 0);
    int* partsPointer = parts.device;
    void* arguments[] = {&partsPointer};
    cudaLaunchCooperativeKernel((void*)blockTwoLeaves, dim3(4), dim3(64), arguments, 0, nullptr);
    printLaunchVerdict();
    const std::vector<int> values = parts.read();
    printValues("block 0 and 3, thread 0", {values[0], values[192]});
    return 0;
}
