// race_read_then_own_atomic_broken.cu: thread 0 reads a global total
// plainly, then every thread adds to it with atomicAdd, thread 0 too, and
// nothing orders thread 0's read with the others' atomics. The plain read
// races with them (it may see any value), though its own thread's atomic
// follows it: an atomic meets other atomics unordered without a race, so it
// must not stand in for the plain read before it. The same holds when the
// strong access after the read is thread 0's volatile read (peekTwice).
// The fix: use the value atomicAdd returns, or read the total after a barrier.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "total: 64", "total: 127"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void addAndPeek(int* total, int* seen) {
    if (threadIdx.x == 0) {
        *seen = *total;  // a plain read beside the other threads' atomics
    }
    atomicAdd(total, 1);
}

__global__ void peekTwice(int* total, int* seen) {
    if (threadIdx.x == 0) {
        seen[0] = *total;                              // a plain read beside the atomics
        seen[1] = *static_cast<volatile int*>(total);  // then a strong one of its own
    } else {
        atomicAdd(total, 1);
    }
}

int main() {
    DeviceArray<int> total(1, 0);
    DeviceArray<int> seen(2, -1);
    addAndPeek<<<1, 64>>>(total.device, seen.device);
    printLaunchVerdict();
    printValues("total", total.read());
    peekTwice<<<1, 64>>>(total.device, seen.device);
    printLaunchVerdict();
    printValues("total", total.read());
    return 0;
}
