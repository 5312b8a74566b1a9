// device_launch.cu: a kernel that launches a kernel (dynamic parallelism;
// nvcc builds it with -rdc=true), which the emulator does not emulate: it
// must stop with one plain message that names it, never run it wrong.
#include <cstdio>

__global__ void child(int* value) { *value = 1; }

__global__ void parent(int* value) { child<<<1, 1>>>(value); }

int main() {
    int* value = nullptr;
    cudaMallocManaged(&value, sizeof(int));
    parent<<<1, 1>>>(value);
    const cudaError_t error = cudaDeviceSynchronize();
    std::printf("%s, value %d\n", cudaGetErrorName(error), *value);
    return 0;
}
