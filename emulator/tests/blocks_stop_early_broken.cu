// blocks_stop_early_broken.cu: block 20 of 32 writes one past the end of the
// array; the kernel stops there, so the blocks after it never write. On
// several workers (WARP_EMULATOR_WORKERS) the launch runs again on one, and
// the same blocks have written as on one.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "elements written: 2047"; memcheck 3 errors (Invalid __global__ write of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
// run: WARP_EMULATOR_WORKERS=1
// run: WARP_EMULATOR_WORKERS=4
#include "case.cuh"

__global__ void fill(int* values, int count) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    values[blockIdx.x == 20 && threadIdx.x == 5 ? count : i] = 1;
}

int main() {
    // Managed memory, which the host still reads after the kernel stopped.
    int* values = nullptr;
    cudaMallocManaged(&values, 32 * 64 * sizeof(int));
    for (int i = 0; i < 32 * 64; ++i) {
        values[i] = 0;
    }
    fill<<<32, 64>>>(values, 32 * 64);
    const int status = printLaunchVerdict();
    int written = 0;
    for (int i = 0; i < 32 * 64; ++i) {
        written += values[i];
    }
    printValues("elements written", {written});
    return status;
}
