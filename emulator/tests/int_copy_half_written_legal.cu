// int_copy_half_written_legal.cu: cudaMemset wrote only the low two bytes of
// each int, and each thread copies its whole int to another array, a 4-byte
// load and a 4-byte store. A copy carries definedness (initcheck.cpp): the
// load of bytes half undefined waits to be the copy's read half, the store
// completes it, and the copy is no finding; the copied high bytes stay
// undefined where they land (uninitialised_half_before_barrier_broken.cu
// reads such an int with no copy: a finding). The host then reads the low
// halves back.
// On an H200: awaits capture (tools/capture-case-answers.sh); initcheck took the half cudaMemset wrote for the whole int in uninitialised_half_before_barrier_broken.cu: predicted alone cudaSuccess, printed "low halves: 0 0 0 0 0 0 0 0 ..." (32 zeros); memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void copyInts(const int* in, int* out) { out[threadIdx.x] = in[threadIdx.x]; }

int main() {
    int* in = nullptr;
    int* out = nullptr;
    cudaMalloc(&in, 32 * sizeof(int));
    cudaMalloc(&out, 32 * sizeof(int));
    for (int i = 0; i < 32; ++i) {
        cudaMemset(reinterpret_cast<char*>(in) + 4 * i, 0, 2);
    }
    copyInts<<<1, 32>>>(in, out);
    const int status = printLaunchVerdict();
    std::vector<int> host(32);
    cudaMemcpy(host.data(), out, 32 * sizeof(int), cudaMemcpyDeviceToHost);
    for (int& value : host) {
        value &= 0xffff;
    }
    printValues("low halves", host);
    cudaFree(in);
    cudaFree(out);
    return status;
}
