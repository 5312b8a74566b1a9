// host_pointer_broken.cu: the kernel is given host memory from new[], not
// device memory.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorIllegalAddress; memcheck 34 errors (Invalid __global__ write of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include "case.cuh"

__global__ void fill(int* values) { values[threadIdx.x] = static_cast<int>(threadIdx.x); }

int main() {
    int* values = new int[32];
    fill<<<1, 32>>>(values);
    const int status = printLaunchVerdict();
    delete[] values;
    return status;
}
