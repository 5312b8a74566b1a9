// misaligned_access_broken.cu: an int read through a pointer one byte into a
// cudaMalloc buffer. The Programming Guide: an access is one instruction only
// for data that "is naturally aligned (i.e., its address is a multiple of that
// size)"; the int* promises that, and the GPU stops the kernel with a
// misaligned address. misaligned_access_legal.cu reads the same bytes one by
// one.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorMisalignedAddress; memcheck 5 errors (Invalid __global__ read of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void parse(const char* bytes, int* out) {
    out[0] = *reinterpret_cast<const int*>(bytes + 1);
}

int main() {
    DeviceArray<char> bytes(16, 1);
    DeviceArray<int> out(1, 0);
    parse<<<1, 1>>>(bytes.device, out.device);
    printLaunchVerdict();
    return 0;
}
