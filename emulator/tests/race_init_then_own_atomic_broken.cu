// race_init_then_own_atomic_broken.cu: thread 0 zeroes a __shared__ counter
// and, with no __syncthreads() after it, every thread counts itself with
// atomicAdd, thread 0 too. Thread 0's plain store races with the other
// threads' atomics (a GPU may let it land after some of them, losing their
// adds), though thread 0's own atomic comes after its store: an atomic meets
// other atomics unordered without a race, so it must not stand in for the
// plain store it follows. The fix is the __syncthreads() after the store.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "counted: 64"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void countThreads(int* counted) {
    __shared__ int count;
    if (threadIdx.x == 0) {
        count = 0;
    }
    atomicAdd(&count, 1);  // no __syncthreads() orders this after the store
    __syncthreads();
    if (threadIdx.x == 0) {
        *counted = count;
    }
}

int main() {
    DeviceArray<int> counted(1, -1);
    countThreads<<<1, 64>>>(counted.device);
    printLaunchVerdict();
    printValues("counted", counted.read());
    return 0;
}
