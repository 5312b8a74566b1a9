// oob_shared_broken.cu: each thread stores into the slot after its own, and
// the last thread's lies one past the end of the block's only __shared__ array.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorIllegalAddress; memcheck 5 errors (Invalid __shared__ write of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include "case.cuh"

__global__ void shiftRight(const int* in, int* out) {
    __shared__ int tile[64];
    tile[threadIdx.x + 1] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x];
}

int main() {
    DeviceArray<int> in(64, 7);
    DeviceArray<int> out(64, 0);
    shiftRight<<<1, 64>>>(in.device, out.device);
    return printLaunchVerdict();
}
