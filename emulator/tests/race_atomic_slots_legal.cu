// race_atomic_slots_legal.cu: stream compaction. Each odd thread takes a slot
// from an atomic counter and writes its value there. Which thread gets which
// slot depends on the order threads run in, legitimately. In the race check's
// other runs each atomic returns to its thread what it returned in the first,
// so every thread writes the same slot, and the memory agrees: no report,
// exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "kept 32 values"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void keepOdd(int* counter, int* kept) {
    const int t = threadIdx.x;
    if (t % 2 == 1) {
        const int slot = atomicAdd(counter, 1);
        kept[slot] = t;
    }
}

int main() {
    DeviceArray<int> counter(1, 0);
    DeviceArray<int> kept(32, -1);
    keepOdd<<<1, 64>>>(counter.device, kept.device);
    printLaunchVerdict();
    std::printf("kept %d values\n", counter.read()[0]);
    return 0;
}
