// arch.cu: what a kernel sees of __CUDA_ARCH__, and the compute capability the
// runtime reports; both follow nvcc's -arch.
#include <cstdio>

__global__ void readArch(int* arch) {
#ifdef __CUDA_ARCH__
    *arch = __CUDA_ARCH__;
#else
    *arch = -1;
#endif
}

int main() {
    int* arch = nullptr;
    cudaMallocManaged(&arch, sizeof(int));
    readArch<<<1, 1>>>(arch);
    cudaDeviceSynchronize();
    cudaDeviceProp properties;
    cudaGetDeviceProperties(&properties, 0);
    std::printf("__CUDA_ARCH__ in a kernel: %d, compute capability %d.%d\n", *arch, properties.major, properties.minor);
    cudaFree(arch);
    return 0;
}
