// volatile_pointer_legal.cu: a kernel parameter of type volatile int* (a
// flag or mailbox), as nvcc accepts it. No report.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void touch(volatile int* slots) {
    slots[threadIdx.x] = static_cast<int>(threadIdx.x);
}

int main() {
    DeviceArray<int> slots(32, 0);
    touch<<<1, 32>>>(slots.device);
    printLaunchVerdict();
    printValues("slots", slots.read());
    return 0;
}
