// atomic_block_scope_legal.cu: atomicAdd_block where it belongs: each block
// counts into its own counter, and only its threads touch it.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "counters: 32 32"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void countThreads(int* counters) { atomicAdd_block(&counters[blockIdx.x], 1); }

int main() {
    DeviceArray<int> counters(2, 0);
    countThreads<<<2, 32>>>(counters.device);
    const int status = printLaunchVerdict();
    printValues("counters", counters.read());
    return status;
}
