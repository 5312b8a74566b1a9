// race_beside_atomic_exch_broken.cu: each thread reads its right neighbour's
// slot with no barrier after the neighbour's write, and thread 0 raises a done
// flag with atomicExch. The flag is no excuse for the race.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void shiftLeft(int* data, int* done) {
    const int t = threadIdx.x;
    data[t] = t;
    data[64 + t] = data[(t + 1) % 64];
    if (t == 0) {
        atomicExch(done, 1);
    }
}

int main() {
    DeviceArray<int> data(128, -1);
    DeviceArray<int> done(1, 0);
    shiftLeft<<<1, 64>>>(data.device, done.device);
    return printLaunchVerdict();
}
