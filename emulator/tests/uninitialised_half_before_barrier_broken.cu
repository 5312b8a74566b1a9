// uninitialised_half_before_barrier_broken.cu: cudaMemset wrote only the low
// two bytes of each int, and each thread reads its whole int, then waits at
// __syncthreads() before it keeps the written half. A read of bytes nothing
// wrote may be half of a copy (initcheck.cpp), so it is reported when the
// thread switches away, here at the barrier: the report is the runtime's own
// code, and none of its copies may be taken for an access of the kernel's.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// initcheck reported none: it took the half cudaMemset wrote for the whole int.
// expect-exit: 66
#include "case.cuh"

__global__ void keepWrittenHalf(const int* in, int* out) {
    const int value = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = value & 0xffff;
}

int main() {
    int* in = nullptr;
    cudaMalloc(&in, 32 * sizeof(int));
    for (int i = 0; i < 32; ++i) {
        cudaMemset(reinterpret_cast<char*>(in) + 4 * i, 0, 2);
    }
    DeviceArray<int> out(32, 7);
    keepWrittenHalf<<<1, 32>>>(in, out.device);
    const int status = printLaunchVerdict();
    printValues("out", out.read());
    cudaFree(in);
    return status;
}
