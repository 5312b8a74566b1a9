// oob_global_write_broken.cu: a bounds check written with <= instead of <:
// thread 100 writes one element past the end.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 4 errors (Invalid __global__ write of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include "case.cuh"

__global__ void fill(int* values, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n) {
        values[i] = i;
    }
}

int main() {
    DeviceArray<int> values(100, -1);
    fill<<<1, 128>>>(values.device, 100);
    return printLaunchVerdict();
}
