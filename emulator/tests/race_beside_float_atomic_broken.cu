// race_beside_float_atomic_broken.cu: "CUDA by Example"'s dot product with the
// __syncthreads() after filling the cache left out; each block's partial sum
// then goes into the total with a float atomicAdd. The atomic is right; the
// race on the cache beside it is not.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 1 hazard (Error: Race reported between Write access at dot(const float *, const float *, float *)+0x140)
// expect-exit: 66
#include "case.cuh"

constexpr int kThreads = 256;

__global__ void dot(const float* a, const float* b, float* total) {
    __shared__ float cache[kThreads];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    cache[threadIdx.x] = a[i] * b[i];
    for (unsigned int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) {
            cache[threadIdx.x] += cache[threadIdx.x + stride];
        }
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        atomicAdd(total, cache[0]);
    }
}

int main() {
    DeviceArray<float> a(2048, 1.0f);
    DeviceArray<float> b(2048, 1.0f);
    DeviceArray<float> total(1, 0.0f);
    dot<<<8, kThreads>>>(a.device, b.device, total.device);
    return printLaunchVerdict();
}
