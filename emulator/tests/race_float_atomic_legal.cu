// race_float_atomic_legal.cu: 64 threads atomicAdd into one float: thread 0
// adds 1e8, the others 1. In one order the ones are lost against 1e8; in the
// other they add up first. A float sum's rounding depends on the order
// atomics come in, which no synchronisation changes: not a race. The emulator
// names it as order-dependent and does not count it as a finding: exit 0.
#include "case.cuh"

__global__ void floatSum(float* total) {
    atomicAdd(total, threadIdx.x == 0 ? 1e8 : 1.0);  // a double into a float*, as CUDA's overloads allow
}

int main() {
    DeviceArray<float> total(1, 0.0f);
    floatSum<<<1, 64>>>(total.device);
    printLaunchVerdict();
    std::printf("total after the kept (first) run: %.1f\n", static_cast<double>(total.read()[0]));
    return 0;
}
