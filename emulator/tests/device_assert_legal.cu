// device_assert_legal.cu: the same assert(), which every thread passes.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include <cassert>

#include "case.cuh"

__global__ void check(const int* values) { assert(values[threadIdx.x] >= 0); }

int main() {
    DeviceArray<int> values(32, 1);
    check<<<1, 32>>>(values.device);
    return printLaunchVerdict();
}
