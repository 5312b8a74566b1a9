// block_reduce.cu: the emulator's speed, every check on, on a shared-memory
// block reduction of 2^22 threads: the classic tree (a __shared__ tile,
// halving the active threads with a __syncthreads() at every step), one
// partial sum per block, 8 barriers and about 1,300 checked accesses a block.
//   emulator/emulate emulator/bench/block_reduce.cu
#include <cuda_runtime.h>

#include <cstdio>

constexpr unsigned int kThreadsPerBlock = 256;

__global__ void blockSums(const float* in, float* partials) {
    __shared__ float tile[kThreadsPerBlock];
    const unsigned int t = threadIdx.x;
    tile[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (t < stride) {
            tile[t] += tile[t + stride];
        }
        __syncthreads();
    }
    if (t == 0) {
        partials[blockIdx.x] = tile[0];
    }
}

int main() {
    constexpr unsigned int kThreads = 1u << 22;
    constexpr unsigned int kBlocks = kThreads / kThreadsPerBlock;
    float* in = nullptr;
    float* partials = nullptr;
    if (cudaMalloc(&in, kThreads * sizeof(float)) != cudaSuccess || cudaMalloc(&partials, kBlocks * sizeof(float)) != cudaSuccess) {
        std::fprintf(stderr, "block_reduce: cudaMalloc failed\n");
        return 1;
    }
    float* host = new float[kThreads];
    for (unsigned int i = 0; i < kThreads; ++i) {
        host[i] = 1.0f;
    }
    cudaMemcpy(in, host, kThreads * sizeof(float), cudaMemcpyHostToDevice);
    blockSums<<<kBlocks, kThreadsPerBlock>>>(in, partials);
    const cudaError_t error = cudaDeviceSynchronize();
    cudaMemcpy(host, partials, kBlocks * sizeof(float), cudaMemcpyDeviceToHost);
    long wrong = 0;
    for (unsigned int i = 0; i < kBlocks; ++i) {
        wrong += host[i] != static_cast<float>(kThreadsPerBlock);
    }
    std::printf("block_reduce: %u threads in %u blocks, %s, %ld wrong partial sums\n", kThreads, kBlocks,
                cudaGetErrorName(error), wrong);
    delete[] host;
    cudaFree(in);
    cudaFree(partials);
    return error == cudaSuccess && wrong == 0 ? 0 : 1;
}
