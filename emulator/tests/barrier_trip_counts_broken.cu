// barrier_trip_counts_broken.cu: a loop with a __syncthreads() inside, run
// twice by threads 32-63 and once by threads 0-31. At the second barrier
// threads 0-31 have left the loop and exited: reported.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void differentTripCounts(int* out) {
    const int t = threadIdx.x;
    const int trips = t < 32 ? 1 : 2;
    for (int i = 0; i < trips; ++i) {
        __syncthreads();
    }
    out[t] = trips;
}

int main() {
    DeviceArray<int> out(64, -1);
    differentTripCounts<<<1, 64>>>(out.device);
    printLaunchVerdict();
    return 0;
}
