// race_beside_an_atomic_broken.cu: a real race (each thread reads its right
// neighbour's slot with no barrier after the write) beside an innocent atomic
// counter. In the second run each atomic returns what it returned in the
// first, so the counter explains nothing, and the race is reported.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void shiftLeft(int* data, int* threadsSeen) {
    const int t = threadIdx.x;
    atomicAdd(threadsSeen, 1);  // its result is not used
    data[t] = t;
    data[64 + t] = data[(t + 1) % 64];  // the neighbour may not have written yet
}

int main() {
    DeviceArray<int> data(128, -1);
    DeviceArray<int> threadsSeen(1, 0);
    shiftLeft<<<1, 64>>>(data.device, threadsSeen.device);
    printLaunchVerdict();
    return 0;
}
