// host_pointer_legal.cu: memory from cudaMallocManaged is the host's and the
// kernel's: the kernel fills it, and the host reads it after the synchronize.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "values[31]: 31"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void fill(int* values) { values[threadIdx.x] = static_cast<int>(threadIdx.x); }

int main() {
    int* values = nullptr;
    cudaMallocManaged(&values, 32 * sizeof(int));
    fill<<<1, 32>>>(values);
    const int status = printLaunchVerdict();
    printValues("values[31]", {values[31]});
    cudaFree(values);
    return status;
}
