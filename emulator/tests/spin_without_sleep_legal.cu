// spin_without_sleep_legal.cu: thread 32 spins on a volatile flag that thread
// 0 raises, with nothing in the loop, then fences and reads the value thread
// 0 stored before its fence. Independent thread scheduling makes this work on
// a GPU ("starvation-free algorithms"), and the emulator lets a thread that
// keeps coming back to one volatile or atomic address give way to the others,
// so thread 0 runs even when thread 32 runs first. The two fences make a
// release and an acquire: no race (volatile_flag_broken.cu lacks the second).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out: 42 42"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_WATCHDOG_SECONDS=3 WARP_EMULATOR_LANE_ORDER=descending
// run: WARP_EMULATOR_WATCHDOG_SECONDS=3 WARP_EMULATOR_LANE_ORDER=ascending
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
        __threadfence_block();
        out[1] = out[0];
    }
}

int main() {
    DeviceArray<int> flag(1, 0);
    DeviceArray<int> out(2, 0);
    handoff<<<1, 64>>>(flag.device, out.device);
    const int status = printLaunchVerdict();
    printValues("out", out.read());
    return status;
}
