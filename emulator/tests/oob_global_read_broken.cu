// oob_global_read_broken.cu: each thread adds its right neighbour, and the
// last thread's neighbour is one past the end of the array.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 5 errors (Invalid __global__ read of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include "case.cuh"

__global__ void addRightNeighbour(const int* in, int* out, int n) {
    const int i = threadIdx.x;
    if (i < n) {
        out[i] = in[i] + in[i + 1];
    }
}

int main() {
    DeviceArray<int> in(64, 1);
    DeviceArray<int> out(64, 0);
    addRightNeighbour<<<1, 64>>>(in.device, out.device, 64);
    return printLaunchVerdict();
}
