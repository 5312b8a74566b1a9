// use_after_free_legal.cu: the same, freed after the kernel.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void fill(int* values) { values[threadIdx.x] = static_cast<int>(threadIdx.x); }

int main() {
    int* values = nullptr;
    cudaMalloc(&values, 32 * sizeof(int));
    fill<<<1, 32>>>(values);
    const int status = printLaunchVerdict();
    cudaFree(values);
    return status;
}
