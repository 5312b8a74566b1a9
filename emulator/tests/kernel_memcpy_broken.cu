// kernel_memcpy_broken.cu: a kernel's memcpy reads 8 bytes past the end of a
// 1000-byte allocation. memcheck on a GPU names it; so does the emulator,
// which checks the C library calls that GCC makes for memcpy.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 5 errors (Invalid __global__ read of size 1 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include <cstring>

#include "case.cuh"

__global__ void grab(const char* from, char* to, int bytes) {
    memcpy(to, from, static_cast<size_t>(bytes));
}

int main(int argc, char**) {
    DeviceArray<char> from(1000, 1);
    DeviceArray<char> to(1008, 0);
    grab<<<1, 1>>>(from.device, to.device, 1007 + argc);  // 1008
    printLaunchVerdict();
    return 0;
}
