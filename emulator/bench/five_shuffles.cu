// five_shuffles.cu: the emulator's speed on a kernel of 2^20 threads, each
// doing five shuffles (an xor butterfly sum per warp). Timed by
// tools/capture-emulator-evidence.sh into evidence/emulator-timing.txt.
//   emulator/emulate emulator/bench/five_shuffles.cu
#include <cuda_runtime.h>

#include <cstdio>

__global__ void butterflySums(const float* in, float* out) {
    const unsigned int index = blockIdx.x * blockDim.x + threadIdx.x;
    float sum = in[index];
    for (int laneMask = 16; laneMask > 0; laneMask /= 2) {
        sum += __shfl_xor_sync(0xffffffffu, sum, laneMask);
    }
    out[index] = sum;
}

int main() {
    constexpr unsigned int kThreads = 1u << 20;
    constexpr unsigned int kThreadsPerBlock = 256;
    float* in = nullptr;
    float* out = nullptr;
    if (cudaMalloc(&in, kThreads * sizeof(float)) != cudaSuccess || cudaMalloc(&out, kThreads * sizeof(float)) != cudaSuccess) {
        std::fprintf(stderr, "five_shuffles: cudaMalloc failed\n");
        return 1;
    }
    float* host = new float[kThreads];
    for (unsigned int i = 0; i < kThreads; ++i) {
        host[i] = static_cast<float>(i % 32);
    }
    cudaMemcpy(in, host, kThreads * sizeof(float), cudaMemcpyHostToDevice);
    butterflySums<<<kThreads / kThreadsPerBlock, kThreadsPerBlock>>>(in, out);
    const cudaError_t error = cudaDeviceSynchronize();
    cudaMemcpy(host, out, kThreads * sizeof(float), cudaMemcpyDeviceToHost);
    long wrong = 0;
    for (unsigned int i = 0; i < kThreads; ++i) {
        wrong += host[i] != 496.0f;  // 0 + 1 + ... + 31 in every lane
    }
    std::printf("five_shuffles: %u threads, 5 shuffles each, %s, %ld wrong sums\n", kThreads, cudaGetErrorName(error), wrong);
    delete[] host;
    cudaFree(in);
    cudaFree(out);
    return error == cudaSuccess && wrong == 0 ? 0 : 1;
}
