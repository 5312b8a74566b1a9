// cg_block_sync_broken.cu: the second warp of a block skips block.sync(),
// whose rule is __syncthreads()'s (the Programming Guide: "__syncthreads() is
// allowed in conditional code but only if the conditional evaluates
// identically across the entire thread block"): here it waits at
// cg::sync(block) further on instead, a different barrier. The emulator
// names both calls of the thread_block (cg::sync(block) is block.sync()) and
// reports the reads that the barrier would have ordered after the other
// warp's writes. On an H200 both calls are barrier 0, which counts all 64
// threads, so the run likely passes; compute-sanitizer's synccheck may report
// the barrier as divergent.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 1 hazard (Error: Race reported between Write access at warpSkipsTheBlockSync(int *)+0x100)
// expect-exit: 66
#include <cooperative_groups.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void warpSkipsTheBlockSync(int* out) {
    __shared__ int slots[64];
    const cg::thread_block block = cg::this_thread_block();
    slots[block.thread_rank()] = static_cast<int>(block.thread_rank());
    if (block.thread_rank() < 32) {
        block.sync();
    }
    out[block.thread_rank()] = slots[63 - block.thread_rank()];
    cg::sync(block);
}

int main() {
    DeviceArray<int> out(64, -1);
    warpSkipsTheBlockSync<<<1, 64>>>(out.device);
    printLaunchVerdict();
    return 0;
}
