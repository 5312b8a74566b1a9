// race_beside_float_atomic_legal.cu: the same dot product with its barrier.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "total: 2048"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

constexpr int kThreads = 256;

__global__ void dot(const float* a, const float* b, float* total) {
    __shared__ float cache[kThreads];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    cache[threadIdx.x] = a[i] * b[i];
    __syncthreads();
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
    const int status = printLaunchVerdict();
    printValues("total", total.read());
    return status;
}
