// block_reduce.cpp: emulator/bench/block_reduce.cu ported to HIP, for
// emulator/bench/compare-hip-cpu.sh to run on HIP-CPU (which checks nothing):
// the same 2^22 threads in blocks of 256, the same tree of a __shared__ tile
// halved with a __syncthreads() at every step, the same checksum.
#include <hip/hip_runtime.h>

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
    if (hipMalloc(&in, kThreads * sizeof(float)) != hipSuccess || hipMalloc(&partials, kBlocks * sizeof(float)) != hipSuccess) {
        std::fprintf(stderr, "block_reduce: hipMalloc failed\n");
        return 1;
    }
    float* host = new float[kThreads];
    for (unsigned int i = 0; i < kThreads; ++i) {
        host[i] = 1.0f;
    }
    hipMemcpy(in, host, kThreads * sizeof(float), hipMemcpyHostToDevice);
    hipLaunchKernelGGL(blockSums, dim3(kBlocks), dim3(kThreadsPerBlock), 0, 0, in, partials);
    const hipError_t error = hipDeviceSynchronize();
    hipMemcpy(host, partials, kBlocks * sizeof(float), hipMemcpyDeviceToHost);
    long wrong = 0;
    for (unsigned int i = 0; i < kBlocks; ++i) {
        wrong += host[i] != static_cast<float>(kThreadsPerBlock);
    }
    std::printf("block_reduce: %u threads in %u blocks, %s, %ld wrong partial sums\n", kThreads, kBlocks,
                hipGetErrorName(error), wrong);
    delete[] host;
    hipFree(in);
    hipFree(partials);
    return error == hipSuccess && wrong == 0 ? 0 : 1;
}
