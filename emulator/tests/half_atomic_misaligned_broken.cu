// half_atomic_misaligned_broken.cu: an atomicAdd on a __half2 at an address
// two bytes into an array of them. A __half2 atomic is one access of 4
// bytes, and an atomic needs an address that is a multiple of its size: the
// GPU stops the kernel with cudaErrorMisalignedAddress, and so does the
// emulator, saying where; compute-sanitizer's memcheck reports a misaligned
// atomic of size 4.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorMisalignedAddress; memcheck 4 errors (Invalid __global__ atomic of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include <cuda_fp16.h>

#include "case.cuh"

__global__ void addAtAnOddHalf(__half2* pairs) {
    __half2* inside = reinterpret_cast<__half2*>(reinterpret_cast<__half*>(pairs) + 1);
    atomicAdd(inside, __floats2half2_rn(1.0f, 1.0f));
}

int main() {
    DeviceArray<unsigned int> pairs(2, 0);
    addAtAnOddHalf<<<1, 1>>>(reinterpret_cast<__half2*>(pairs.device));
    return printLaunchVerdict();
}
