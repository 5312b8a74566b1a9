// scale.cu: a kernel and the host function that launches it; its device
// helper is in offset.cu. No #include <cuda_runtime.h>: nvcc gives every .cu
// file the runtime API.
#include "offset.cuh"
#include "scale.h"

__global__ void scale(float* values, int count, float factor) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) {
        values[i] = addOffset(values[i] * factor);
    }
}

int scaleOnDevice(float* host, int count, float factor) {
    float* device = nullptr;
    int failures = cudaMalloc(&device, count * sizeof(float)) != cudaSuccess;
    failures += cudaMemcpy(device, host, count * sizeof(float), cudaMemcpyHostToDevice) != cudaSuccess;
    scale<<<(count + 127) / 128, 128>>>(device, count, factor);
    failures += cudaGetLastError() != cudaSuccess;
    failures += cudaMemcpy(host, device, count * sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess;
    failures += cudaFree(device) != cudaSuccess;
    return failures;
}
