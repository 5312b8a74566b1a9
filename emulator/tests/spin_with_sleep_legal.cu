// spin_with_sleep_legal.cu: the same handoff with __nanosleep() in the spin
// loop, as NVIDIA's guidance for spin-waits has it. A sleeping thread lets the
// others run, so thread 0 sets the flag and thread 32 goes on, in every order.
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
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
            __nanosleep(100);
        }
        out[1] = out[0];
    }
}

int main() {
    DeviceArray<int> flag(1, 0);
    DeviceArray<int> out(2, 0);
    handoff<<<1, 64>>>(flag.device, out.device);
    printLaunchVerdict();
    printValues("out", out.read());
    return 0;
}
