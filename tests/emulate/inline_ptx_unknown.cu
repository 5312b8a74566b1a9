// inline_ptx_unknown.cu: inline PTX that the emulator does not run (bfind, the
// position of the highest set bit; and vadd.u32.u32.u32.sat, a video
// instruction whose .sat an H200 does not apply at U32_MAX, as the PTX ISA
// says it would), beside a special register (%laneid) and a video instruction
// (vabsdiff4's sum of absolute differences) that it does. nvcc builds it;
// emulate's build must stop with one message for each statement it does not
// run, naming it, at this file's line, and never with the assembler's errors
// about PTX it was handed.
#include <cuda_runtime.h>

__device__ unsigned int highestBit(unsigned int word) {
    unsigned int bit;
    asm volatile("bfind.u32 %0, %1;" : "=r"(bit) : "r"(word));  // the statement emulate.cmake expects named
    return bit;
}

__device__ unsigned int saturatedSum(unsigned int a, unsigned int b) {
    unsigned int sum;
    asm("vadd.u32.u32.u32.sat %0, %1, %2;" : "=r"(sum) : "r"(a), "r"(b));  // and this one
    return sum;
}

__global__ void positions(unsigned int* out) {
    unsigned int lane, differences;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(differences) : "r"(lane), "r"(0x01020304u), "r"(0u));
    out[threadIdx.x] = highestBit(lane + 1) + saturatedSum(lane, differences);
}

int main() {
    unsigned int* out;
    cudaMalloc(&out, 32 * sizeof(unsigned int));
    positions<<<1, 32>>>(out);
    return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
