// memset_constant_size_legal.cu: thread 0 clears a 64-byte __shared__
// histogram with memset(h, 0, sizeof h), a size the compiler sees; after
// __syncthreads() every thread counts into it with atomicAdd. GCC writes
// such a memset as plain stores once its instrumentation has run, which no
// hook would see: the histogram would read as never written. Built without
// memset as a built-in, it is a call, checked as the write it is.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "counts: 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include <cstring>

#include "case.cuh"

__global__ void histogram(const int* in, int* out) {
    __shared__ int counts[16];
    if (threadIdx.x == 0) {
        memset(counts, 0, sizeof counts);
    }
    __syncthreads();
    atomicAdd(&counts[in[threadIdx.x] % 16], 1);
    __syncthreads();
    if (threadIdx.x < 16) {
        out[threadIdx.x] = counts[threadIdx.x];
    }
}

int main() {
    std::vector<int> values(128);
    for (int i = 0; i < 128; ++i) {
        values[static_cast<size_t>(i)] = i;
    }
    DeviceArray<int> in(128, 0);
    cudaMemcpy(in.device, values.data(), 128 * sizeof(int), cudaMemcpyHostToDevice);
    DeviceArray<int> out(16, -1);
    histogram<<<1, 128>>>(in.device, out.device);
    const int verdict = printLaunchVerdict();
    printValues("counts", out.read());
    return verdict;
}
