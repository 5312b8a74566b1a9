// barrier_deadlock_broken.cu: lanes 0-15 of warp 0 wait at __syncthreads()
// while lanes 16-31 wait at a full-mask __syncwarp() that names lanes 0-15.
// Neither can finish on its own (a GPU would hang). The emulator names the
// warp call's missing lanes and where they wait, lets the __syncwarp() go
// ahead, and the block then meets at the barrier.
// On an H200 (evidence/case-answers-h200.txt): alone hangs (killed after 20 s); memcheck hangs; initcheck hangs; racecheck hangs
// expect-exit: 66
#include "case.cuh"

__global__ void barrierAgainstSyncwarp(int* out) {
    const int t = threadIdx.x;
    if (t < 16) {
        __syncthreads();
    } else {
        __syncwarp();
        __syncthreads();
    }
    out[t] = t;
}

int main() {
    DeviceArray<int> out(32, -1);
    barrierAgainstSyncwarp<<<1, 32>>>(out.device);
    printLaunchVerdict();
    return 0;
}
