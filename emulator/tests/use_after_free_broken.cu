// use_after_free_broken.cu: the buffer is freed before the kernel that fills it.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorIllegalAddress; memcheck 34 errors (Invalid __global__ write of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include "case.cuh"

__global__ void fill(int* values) { values[threadIdx.x] = static_cast<int>(threadIdx.x); }

int main() {
    int* values = nullptr;
    cudaMalloc(&values, 32 * sizeof(int));
    cudaFree(values);
    fill<<<1, 32>>>(values);
    return printLaunchVerdict();
}
