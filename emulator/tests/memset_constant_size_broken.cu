// memset_constant_size_broken.cu: each thread clears its own 16 bytes with
// memset(p, 0, 16), a size the compiler sees, one record further on than it
// should: the last thread's 16 bytes lie past the end of the allocation.
// memcheck on a GPU names the write; so does the emulator, which builds a
// kernel without memset as a built-in, since GCC would otherwise write it as
// stores that no hook sees.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 4 errors (Invalid __global__ write of size 1 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include <cstring>

#include "case.cuh"

constexpr int kRecordBytes = 16;

__global__ void clearRecords(char* records) {
    memset(records + (threadIdx.x + 1) * kRecordBytes, 0, kRecordBytes);
}

int main() {
    DeviceArray<char> records(32 * kRecordBytes, 1);
    clearRecords<<<1, 32>>>(records.device);
    printLaunchVerdict();
    return 0;
}
