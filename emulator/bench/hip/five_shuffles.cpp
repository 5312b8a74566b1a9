// five_shuffles.cpp: emulator/bench/five_shuffles.cu ported to HIP, for
// emulator/bench/compare-hip-cpu.sh to run on HIP-CPU (which checks nothing):
// the same 2^20 threads in blocks of 256, the same five xor shuffles per
// thread, the same checksum. HIP has no _sync shuffles, and HIP-CPU's
// warpSize is 64, so each shuffle names its width, 32: the butterfly then
// sums the same 32 lanes as the CUDA kernel's warp.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void butterflySums(const float* in, float* out) {
    const unsigned int index = blockIdx.x * blockDim.x + threadIdx.x;
    float sum = in[index];
    for (int laneMask = 16; laneMask > 0; laneMask /= 2) {
        sum += __shfl_xor(sum, laneMask, 32);
    }
    out[index] = sum;
}

int main() {
    constexpr unsigned int kThreads = 1u << 20;
    constexpr unsigned int kThreadsPerBlock = 256;
    float* in = nullptr;
    float* out = nullptr;
    if (hipMalloc(&in, kThreads * sizeof(float)) != hipSuccess || hipMalloc(&out, kThreads * sizeof(float)) != hipSuccess) {
        std::fprintf(stderr, "five_shuffles: hipMalloc failed\n");
        return 1;
    }
    float* host = new float[kThreads];
    for (unsigned int i = 0; i < kThreads; ++i) {
        host[i] = static_cast<float>(i % 32);
    }
    hipMemcpy(in, host, kThreads * sizeof(float), hipMemcpyHostToDevice);
    hipLaunchKernelGGL(butterflySums, dim3(kThreads / kThreadsPerBlock), dim3(kThreadsPerBlock), 0, 0, in, out);
    const hipError_t error = hipDeviceSynchronize();
    hipMemcpy(host, out, kThreads * sizeof(float), hipMemcpyDeviceToHost);
    long wrong = 0;
    for (unsigned int i = 0; i < kThreads; ++i) {
        wrong += host[i] != 496.0f;  // 0 + 1 + ... + 31 in every lane
    }
    std::printf("five_shuffles: %u threads, 5 shuffles each, %s, %ld wrong sums\n", kThreads, hipGetErrorName(error), wrong);
    delete[] host;
    hipFree(in);
    hipFree(out);
    return error == hipSuccess && wrong == 0 ? 0 : 1;
}
