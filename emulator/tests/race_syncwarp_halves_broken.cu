// race_syncwarp_halves_broken.cu: lanes 0-15 write shared slots and lanes
// 16-31 read them, each half calling __syncwarp() with its own half's mask.
// Each call orders only the lanes it names, so nothing orders the writes
// before the reads. In the second run a half whose call has all its lanes
// runs on at once, ahead of the other half: the race is reported.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 1 hazard (Warning: Race reported between Read access at halves(int *)+0xd0)
// expect-exit: 66
#include "case.cuh"

__global__ void halves(int* out) {
    __shared__ int slots[16];
    const int lane = threadIdx.x;
    if (lane < 16) {
        slots[lane] = lane * 10;
        __syncwarp(0x0000ffffu);
    } else {
        __syncwarp(0xffff0000u);
        out[lane - 16] = slots[lane - 16];
    }
}

int main() {
    DeviceArray<int> out(16, -1);
    halves<<<1, 32>>>(out.device);
    printLaunchVerdict();
    return 0;
}
