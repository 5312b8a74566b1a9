// null_pointer_broken.cu: the output was never allocated, and the kernel writes
// through the null pointer it was given.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorIllegalAddress; memcheck 34 errors (Invalid __global__ write of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include "case.cuh"

__global__ void fill(int* values) { values[threadIdx.x] = 1; }

int main() {
    int* values = nullptr;
    fill<<<1, 32>>>(values);
    return printLaunchVerdict();
}
