// barrier_warp_skips_broken.cu: warp 1 skips the __syncthreads() the other
// warps reach, writes its result and exits. The exited threads never reached
// the barrier the rest wait at: reported (the Guide asks the whole block to
// reach it; a GPU releases a barrier held up only by exited threads, and the
// emulator then does too).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void oneWarpSkipsTheBarrier(int* out) {
    const int t = threadIdx.x;
    if (t / 32 != 1) {
        __syncthreads();
    }
    out[t] = t;
}

int main() {
    DeviceArray<int> out(96, -1);
    oneWarpSkipsTheBarrier<<<1, 96>>>(out.device);
    printLaunchVerdict();
    return 0;
}
