// race_atomic_slots_legal.cu: stream compaction. Each odd thread takes a slot
// from an atomic counter and writes its value there. Which thread gets which
// slot depends on the order, so the output array does too, legitimately: the
// atomic returned different values to the same threads under the two orders.
// Named as such, not reported as a race: exit 0.
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
