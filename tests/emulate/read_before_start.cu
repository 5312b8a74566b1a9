// read_before_start.cu: a kernel reads one element before the start of an
// array, b[i - 1] for i = 0, as a stencil's left neighbour does when its
// first thread is not guarded. The emulator names the read at its line: the
// 4 bytes just before the array's start, element -1, counted from where the
// read starts. tests/emulate.cmake runs it (CHECK=read_before_start).
#include <cstdio>

__global__ void leftNeighbour(const float* b, float* out, int n) {
    const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < n) {
        out[i] = b[i - 1];  // thread 0: b[-1]
    }
}

int main() {
    constexpr int kCount = 32;
    float* b = nullptr;
    float* out = nullptr;
    cudaMalloc(&out, kCount * sizeof(float));  // first, so that b is not the first allocation
    cudaMalloc(&b, kCount * sizeof(float));
    cudaMemset(b, 0, kCount * sizeof(float));
    leftNeighbour<<<1, kCount>>>(b, out, kCount);
    std::printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaFree(b);
    cudaFree(out);
    return 0;
}
