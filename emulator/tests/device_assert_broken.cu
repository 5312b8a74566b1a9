// device_assert_broken.cu: a device-side assert() that one thread fails.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorAssert; memcheck 4 errors (Program hit cudaErrorAssert (error 710) due to "device-side assert triggered" on CUDA API call to cudaDeviceSynchronize); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include <cassert>

#include "case.cuh"

__global__ void check(const int* values) { assert(values[threadIdx.x] >= 0); }

int main() {
    DeviceArray<int> values(32, 1);
    const int negative = -1;
    cudaMemcpy(values.device + 5, &negative, sizeof negative, cudaMemcpyHostToDevice);
    check<<<1, 32>>>(values.device);
    return printLaunchVerdict();
}
