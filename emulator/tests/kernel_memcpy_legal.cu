// kernel_memcpy_legal.cu: memcpy and memset in a kernel (the Programming
// Guide lists both among the functions device code may call), with a size
// the compiler cannot see. Each thread copies its own record and clears its
// tail; a second kernel reads every byte. GCC calls the C library for them:
// the emulator checks those calls as the reads and writes they are.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "sum: 1312"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include <cstring>

#include "case.cuh"

__global__ void copyRecords(const char* from, char* to, int recordBytes, int used) {
    const int t = static_cast<int>(threadIdx.x);
    memcpy(to + t * recordBytes, from + t * recordBytes, static_cast<size_t>(used));
    memset(to + t * recordBytes + used, 0, static_cast<size_t>(recordBytes - used));
}

__global__ void checksum(const char* bytes, int count, int* sum) {
    int total = 0;
    for (int i = 0; i < count; ++i) {
        total += bytes[i];
    }
    *sum = total;
}

int main(int argc, char**) {
    const int records = 32, recordBytes = 64;
    const int used = 40 + argc;  // 41, but not a constant
    DeviceArray<char> from(records * recordBytes, 1);
    char* to = nullptr;
    cudaMalloc(&to, records * recordBytes);
    DeviceArray<int> sum(1, 0);
    copyRecords<<<1, records>>>(from.device, to, recordBytes, used);
    checksum<<<1, 1>>>(to, records * recordBytes, sum.device);
    const int status = printLaunchVerdict();
    printValues("sum", sum.read());
    cudaFree(to);
    return status;
}
