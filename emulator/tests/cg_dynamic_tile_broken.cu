// cg_dynamic_tile_broken.cu: tiled_partition(block, 12), a tile made at run
// time of a size that is no power of 2. The Programming Guide: the size of
// a tile made by tiled_partition(parent, tilesz) must be a power of 2 of at
// most 32; CUDA's header stops the kernel there (details::abort(), a
// __trap()), so an H200's launch fails with cudaErrorLaunchFailure ("unspecified
// launch failure"). The emulator reports the rule and stops the kernel alike.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorLaunchFailure; memcheck 67 errors (Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include <cooperative_groups.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void tileOfTwelve(int* out) {
    cg::thread_group tile = cg::tiled_partition(cg::this_thread_block(), 12);
    out[threadIdx.x] = static_cast<int>(tile.thread_rank());
}

int main() {
    DeviceArray<int> out(64, -1);
    tileOfTwelve<<<1, 64>>>(out.device);
    printLaunchVerdict();
    return 0;
}
