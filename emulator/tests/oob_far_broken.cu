// oob_far_broken.cu: a stride computed wrong sends each thread's write far
// past the end of the array, into memory that may hold anything. The kernel
// stops at the first such write; the program resets the device and carries on,
// and nothing it had is lost.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorIllegalAddress; memcheck 39 errors (Invalid __global__ write of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include "case.cuh"

__global__ void scatter(int* values) { values[threadIdx.x * 1000003] = 1; }
__global__ void fill(int* values) { values[threadIdx.x] = 2; }

int main() {
    int* values = nullptr;
    cudaMalloc(&values, 32 * sizeof(int));
    const int kept[3] = {10, 20, 30};
    scatter<<<1, 32>>>(values);
    const int status = printLaunchVerdict();
    cudaDeviceReset();
    int* again = nullptr;
    cudaMalloc(&again, 32 * sizeof(int));
    fill<<<1, 32>>>(again);
    printLaunchVerdict();
    int host[32] = {};
    cudaMemcpy(host, again, sizeof host, cudaMemcpyDeviceToHost);
    std::printf("after cudaDeviceReset: values[31] = %d; the host's array still holds %d %d %d\n", host[31], kept[0],
                kept[1], kept[2]);
    cudaFree(again);
    return status;
}
