// barrier_completes_acquire_legal.cu: the Programming Guide's sum of an array
// in one kernel ("Memory Fence Functions"), threadfence_reduction_legal.cu,
// with the partial sums in plain memory, not volatile: each block's thread 0
// stores its partial sum, fences, and takes a ticket with atomicInc; in the
// block that takes the last ticket, thread 0's atomicInc, a strong read, and
// the __syncthreads() after it are the acquire of every thread of the block
// (checks/happens_before.hpp), so each of them reads a partial sum that its
// store, before a fence, released. The emulator's fast barrier, which only
// moves epochs on, must see that thread 0 holds an acquire to complete.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "result[0]: 512"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

constexpr unsigned int kThreads = 64;

__device__ unsigned int count = 0;

// The block's threads sum their values through shared memory; thread 0 ends
// with the block's sum.
__device__ float blockSum(float value) {
    __shared__ float cache[kThreads];
    cache[threadIdx.x] = value;
    __syncthreads();
    for (unsigned int stride = kThreads / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) {
            cache[threadIdx.x] += cache[threadIdx.x + stride];
        }
        __syncthreads();
    }
    const float sum = cache[0];
    __syncthreads();
    return sum;
}

__global__ void sum(const float* array, unsigned int n, float* result) {
    __shared__ bool isLastBlockDone;
    const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    const float partialSum = blockSum(i < n ? array[i] : 0.0f);
    if (threadIdx.x == 0) {
        result[blockIdx.x] = partialSum;  // a plain store
        __threadfence();                  // makes the atomicInc after it a release of the store
        const unsigned int ticket = atomicInc(&count, gridDim.x);
        isLastBlockDone = ticket == gridDim.x - 1;
    }
    __syncthreads();  // after thread 0's strong read: the acquire of the whole block
    if (isLastBlockDone) {
        const float total = blockSum(threadIdx.x < gridDim.x ? result[threadIdx.x] : 0.0f);  // plain reads
        if (threadIdx.x == 0) {
            result[0] = total;
            count = 0;
        }
    }
}

int main() {
    DeviceArray<float> array(512, 1.0f);
    DeviceArray<float> result(8, 0.0f);
    sum<<<8, kThreads>>>(array.device, 512, result.device);
    const int status = printLaunchVerdict();
    printValues("result[0]", {result.read()[0]});
    return status;
}
