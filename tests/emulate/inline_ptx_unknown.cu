// inline_ptx_unknown.cu: inline PTX that the emulator does not run (bfind, the
// position of the highest set bit), beside a special register that it does
// (%laneid). nvcc builds it; emulate's build must stop with one message that
// names the statement, at this file's line, and never with the assembler's
// errors about PTX it was handed.
#include <cuda_runtime.h>

__device__ unsigned int highestBit(unsigned int word) {
    unsigned int bit;
    asm volatile("bfind.u32 %0, %1;" : "=r"(bit) : "r"(word));  // the statement emulate.cmake expects named
    return bit;
}

__global__ void positions(unsigned int* out) {
    unsigned int lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    out[threadIdx.x] = highestBit(lane + 1);
}

int main() {
    unsigned int* out;
    cudaMalloc(&out, 32 * sizeof(unsigned int));
    positions<<<1, 32>>>(out);
    return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
