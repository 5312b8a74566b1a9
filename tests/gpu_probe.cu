// gpu_probe.cu: the suite's one way to ask whether a GPU is usable here.
// Exit 0 when one is, else 1 with the CUDA runtime's reason on stdout.
// tests/on_gpu.cmake runs it before every test labelled gpu.
#include <cuda_runtime.h>

#include <cstdio>

int main() {
    int count = 0;
    cudaError_t error = cudaGetDeviceCount(&count);
    if (error == cudaSuccess && count == 0) {
        error = cudaErrorNoDevice;
    }
    if (error == cudaSuccess) {
        error = cudaFree(nullptr);  // creates the context: a driver too old for this build fails here
    }
    if (error != cudaSuccess) {
        std::printf("%s: %s\n", cudaGetErrorName(error), cudaGetErrorString(error));
        return 1;
    }
    return 0;
}
