// threadfence_reduction_legal.cu: the Programming Guide's sum of an array in
// one kernel ("Memory Fence Functions"): each block stores its partial sum,
// fences, and takes a ticket with atomicInc; the block that takes the last
// ticket sums the partial sums. The fence before the atomic makes the store a
// release, the atomicInc and the __syncthreads() after it the last block's
// acquire: every partial sum is ordered before the last block reads it.
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

__global__ void sum(const float* array, unsigned int N, volatile float* result) {
    __shared__ bool isLastBlockDone;
    // Each block sums a subset of the input array.
    const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    float partialSum = blockSum(i < N ? array[i] : 0.0f);

    if (threadIdx.x == 0) {
        // Thread 0 of each block stores the partial sum to global memory.
        result[blockIdx.x] = partialSum;

        // Thread 0 makes sure that the incrementing of the "count" variable is
        // only performed after the partial sum has been written to global memory.
        __threadfence();

        // Thread 0 signals that it is done.
        unsigned int value = atomicInc(&count, gridDim.x);

        // Thread 0 determines if its block is the last block to be done.
        isLastBlockDone = (value == (gridDim.x - 1));
    }

    // Synchronize to make sure that each thread reads the correct value of isLastBlockDone.
    __syncthreads();

    if (isLastBlockDone) {
        // The last block sums the partial sums stored in result[0 .. gridDim.x-1].
        float totalSum = blockSum(threadIdx.x < gridDim.x ? result[threadIdx.x] : 0.0f);

        if (threadIdx.x == 0) {
            // Thread 0 of last block stores the total sum to global memory and
            // resets the count variable, so that the next kernel call works properly.
            result[0] = totalSum;
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
