// misaligned_atomic_broken.cu: an atomicAdd on an int at an address two bytes
// into an array: an atomic needs an address that is a multiple of its size.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorMisalignedAddress; memcheck 4 errors (Invalid __global__ atomic of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include "case.cuh"

__global__ void add(int* counter) {
    int* inside = reinterpret_cast<int*>(reinterpret_cast<char*>(counter) + 2);
    atomicAdd(inside, 1);
}

int main() {
    DeviceArray<int> counter(2, 0);
    add<<<1, 1>>>(counter.device);
    return printLaunchVerdict();
}
