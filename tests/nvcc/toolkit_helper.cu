// toolkit_helper.cu: a program that uses toolkit_helper.h, a helper header
// written for the CUDA Toolkit; it builds only where the Toolkit's macros are.
#include <cuda_runtime.h>

#include "toolkit_helper.h"

__global__ void fill(int* values) { values[threadIdx.x] = static_cast<int>(threadIdx.x); }

int main() {
    describeDevice(0);
    int* values = nullptr;
    CHECK(cudaMalloc(&values, 32 * sizeof(int)));
    fill<<<1, 32>>>(values);
    CHECK(cudaGetLastError());
    int host[32];
    CHECK(cudaMemcpy(host, values, sizeof host, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(values));
    std::printf("values[31] = %d\n", host[31]);
    return host[31] == 31 ? 0 : 1;
}
