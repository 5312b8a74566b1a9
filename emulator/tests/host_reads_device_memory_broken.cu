// host_reads_device_memory_broken.cu: the host program reads a result straight
// from device memory instead of copying it back with cudaMemcpy. The pointer
// means nothing to the host: on a GPU the program dies of a segmentation
// fault, and so it does here, after saying where.
// On an H200 (evidence/case-answers-h200.txt): alone exit 139; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 139
#include "case.cuh"

__global__ void fill(int* values) { values[threadIdx.x] = 1; }

int main() {
    int* values = nullptr;
    cudaMalloc(&values, 32 * sizeof(int));
    fill<<<1, 32>>>(values);
    printLaunchVerdict();
    std::printf("values[0] = %d\n", values[0]);
    return 0;
}
