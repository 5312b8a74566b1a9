// race_counter_legal.cu: the same count with atomicAdd, which loses nothing.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "counted 16384 of 16384 threads"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void countThreads(int* counter) { atomicAdd(counter, 1); }

int main() {
    DeviceArray<int> counter(1, 0);
    countThreads<<<64, 256>>>(counter.device);
    const int status = printLaunchVerdict();
    std::printf("counted %d of %d threads\n", counter.read()[0], 64 * 256);
    return status;
}
