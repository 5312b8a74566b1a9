// fence_block_scope_broken.cu: the Guide's last-block sum with
// __threadfence_block() where __threadfence() belongs. A block-scope fence
// orders memory for the threads of its own block only ("If thread 1 and 2 do
// not belong to the same block, __threadfence() must be used", the Guide), so
// the last block is not ordered after the other blocks' partial sums.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__device__ unsigned int count = 0;

__global__ void sum(const float* array, float* result) {
    __shared__ bool isLast;
    if (threadIdx.x == 0) {
        result[blockIdx.x] = array[blockIdx.x];
        __threadfence_block();
        isLast = atomicInc(&count, gridDim.x) == gridDim.x - 1;
    }
    __syncthreads();
    if (isLast && threadIdx.x == 0) {
        float total = 0.0f;
        for (unsigned int b = 0; b < gridDim.x; ++b) {
            total += result[b];
        }
        result[0] = total;
        count = 0;
    }
}

int main() {
    DeviceArray<float> array(4, 1.0f);
    DeviceArray<float> result(4, 0.0f);
    sum<<<4, 32>>>(array.device, result.device);
    return printLaunchVerdict();
}
