// race_float_atomic_legal.cu: 64 threads atomicAdd into one float: thread 0
// adds 1e8, the others 1. In one order the ones are lost against 1e8; in
// another they add up first. A float sum's rounding depends on the order
// atomics come in, which no synchronisation changes: atomics are made to meet
// unordered, and this is no race. Exit 0, nothing on stderr.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "total: 100000000.0"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void floatSum(float* total) {
    atomicAdd(total, threadIdx.x == 0 ? 1e8 : 1.0);  // a double into a float*, as CUDA's overloads allow
}

int main() {
    DeviceArray<float> total(1, 0.0f);
    floatSum<<<1, 64>>>(total.device);
    printLaunchVerdict();
    std::printf("total: %.1f\n", static_cast<double>(total.read()[0]));
    return 0;
}
