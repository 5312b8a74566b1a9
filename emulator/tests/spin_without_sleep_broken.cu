// spin_without_sleep_broken.cu: thread 32 spins on a flag thread 0 sets,
// with nothing in the loop. Independent thread scheduling makes this work on a
// GPU, but here a thread runs until it reaches a collective or __nanosleep():
// if thread 32 runs first it spins forever. The watchdog (here after 2 s)
// names it and ends the program with exit 70 (see spin_with_sleep_legal.cu).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 70
// run: WARP_EMULATOR_WATCHDOG_SECONDS=2 WARP_EMULATOR_LANE_ORDER=descending
#include "case.cuh"

__global__ void handoff(int* flagWord, int* out) {
    volatile int* flag = flagWord;
    if (threadIdx.x == 0) {
        out[0] = 42;
        __threadfence_block();
        *flag = 1;
    }
    if (threadIdx.x == 32) {
        while (*flag == 0) {
        }
        out[1] = out[0];
    }
}

int main() {
    DeviceArray<int> flag(1, 0);
    DeviceArray<int> out(2, 0);
    handoff<<<1, 64>>>(flag.device, out.device);
    printLaunchVerdict();
    return 0;
}
