// race_counter_broken.cu: every thread counts itself with a plain read and
// write. Two threads that read the same old value lose an update: on a GPU the
// count comes out far below the number of threads.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "counted 1 of 16384 threads"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void countThreads(int* counter) { *counter = *counter + 1; }

int main() {
    DeviceArray<int> counter(1, 0);
    countThreads<<<64, 256>>>(counter.device);
    const int status = printLaunchVerdict();
    std::printf("counted %d of %d threads\n", counter.read()[0], 64 * 256);
    return status;
}
