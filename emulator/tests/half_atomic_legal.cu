// half_atomic_legal.cu: atomicAdd on __half, __half2, __nv_bfloat16 and
// __nv_bfloat162 in global memory, and on a __half in shared memory, by the
// 256 threads of one block (8 warps). Every partial sum is exact
// in its type (multiples of 1/4 below 2^8, say), so the totals do not depend
// on the order the atomics come in, and the old values the __half adds
// return are the 256 partial sums, each once: atomicAdd is atomic. A __half
// sum of the smallest subnormal, 2^-24, 256 times, shows that the add keeps
// subnormals (atom.add.noftz). The H200 prints the same; no finding, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "case.cuh"

constexpr int kThreads = 256;

struct Sums {
    __half half;
    __half tiny;
    __half2 pair;
    __nv_bfloat16 bfloat;
    __nv_bfloat162 bfloatPair;
    float sharedTotal;
};

__global__ void addUp(Sums* sums, unsigned short* olds) {
    __shared__ __half shared;
    if (threadIdx.x == 0) {
        shared = __float2half(0.0f);
    }
    __syncthreads();
    olds[threadIdx.x] = __half_as_ushort(atomicAdd(&sums->half, __float2half(0.5f)));
    atomicAdd(&sums->tiny, __ushort_as_half(0x0001));
    atomicAdd(&sums->pair, __floats2half2_rn(0.25f, 1.0f));
    atomicAdd(&sums->bfloat, __float2bfloat16(1.0f));
    atomicAdd(&sums->bfloatPair, __floats2bfloat162_rn(0.5f, 2.0f));
    atomicAdd(&shared, __float2half(-0.25f));
    __syncthreads();
    if (threadIdx.x == 0) {
        sums->sharedTotal = __half2float(shared);
    }
}

int main() {
    Sums* sums = nullptr;
    cudaMalloc(&sums, sizeof(Sums));
    cudaMemset(sums, 0, sizeof(Sums));  // +0 in every type
    DeviceArray<unsigned short> olds(kThreads, 0);
    addUp<<<1, kThreads>>>(sums, olds.device);
    const int status = printLaunchVerdict();
    Sums host;
    cudaMemcpy(&host, sums, sizeof host, cudaMemcpyDeviceToHost);
    cudaFree(sums);
    std::printf("__half: %g (0x%04x), 2^-24 added 256 times: 0x%04x\n", __half2float(host.half),
                __half_as_ushort(host.half), __half_as_ushort(host.tiny));
    std::printf("__half2: %g %g\n", __low2float(host.pair), __high2float(host.pair));
    std::printf("__nv_bfloat16: %g\n", __bfloat162float(host.bfloat));
    std::printf("__nv_bfloat162: %g %g\n", __low2float(host.bfloatPair), __high2float(host.bfloatPair));
    std::printf("__shared__ __half: %g\n", host.sharedTotal);
    // Each partial sum k/2, k = 0..255, returned to exactly one thread.
    std::vector<int> seen(kThreads, 0);
    for (unsigned short old : olds.read()) {
        const float value = __half2float(__ushort_as_half(old));
        const int k = static_cast<int>(2.0f * value);
        if (k >= 0 && k < kThreads && 0.5f * k == value) {
            ++seen[k];
        }
    }
    int once = 0;
    for (int count : seen) {
        once += count == 1;
    }
    std::printf("partial sums returned once each: %d of %d\n", once, kThreads);
    return status;
}
