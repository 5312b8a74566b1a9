// half_atomic_race_broken.cu: the 32 lanes of warp 0 atomicAdd 1 to a
// __shared__ __half while thread 32, of warp 1, stores 0 to it plainly, with
// no __syncthreads() between them. Atomics are atomic with respect to each
// other only ("Atomic Functions"): the plain store and each atomic access
// race, and the total is 32 or less, by the order the GPU happens to run
// them in. The emulator reports the race (by happens-before, whatever order
// its threads ran in) and the exit 0 becomes 66; compute-sanitizer's
// racecheck watches shared memory, where this race is.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 1 hazard (Error: Race reported between Write access at countWithAReset(float *)+0x110)
// expect-exit: 66
#include <cuda_fp16.h>

#include "case.cuh"

__global__ void countWithAReset(float* total) {
    __shared__ __half count;
    if (threadIdx.x == 0) {
        count = __float2half(0.0f);
    }
    __syncthreads();
    if (threadIdx.x < 32) {
        atomicAdd(&count, __float2half(1.0f));
    } else if (threadIdx.x == 32) {
        count = __float2half(0.0f);  // races with the atomics: no barrier orders the two
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        *total = __half2float(count);
    }
}

int main() {
    DeviceArray<float> total(1, -1.0f);
    countWithAReset<<<1, 64>>>(total.device);
    return printLaunchVerdict();
}
