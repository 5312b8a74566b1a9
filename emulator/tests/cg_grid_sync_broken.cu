// cg_grid_sync_broken.cu: grid.sync() in a kernel launched with <<<>>>, not
// cudaLaunchCooperativeKernel. The Programming Guide ("Grid
// Synchronization") asks for a cooperative launch, whose blocks are all
// resident at once; without one, grid_group::is_valid() is false and CUDA's
// grid_group::sync() stops the kernel with __trap(). So on an H200 the
// launch fails (cudaErrorLaunchFailure, "unspecified launch failure"), and
// so it does here, after the emulator reports the broken rule. The kernel
// asks is_valid() first, and prints it.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorLaunchFailure; memcheck 228 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include <cooperative_groups.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void gridSyncWithoutCooperativeLaunch(int* valid, int* parts) {
    cg::grid_group grid = cg::this_grid();
    if (grid.thread_rank() == 0) {
        *valid = grid.is_valid();
    }
    parts[grid.thread_rank()] = 1;
    grid.sync();
    parts[grid.thread_rank()] = parts[(grid.thread_rank() + 64) % grid.size()];
}

int main() {
    DeviceArray<int> valid(1, -1), parts(256, 0);
    gridSyncWithoutCooperativeLaunch<<<4, 64>>>(valid.device, parts.device);
    printLaunchVerdict();
    return 0;
}
