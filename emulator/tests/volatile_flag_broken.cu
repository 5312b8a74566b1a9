// volatile_flag_broken.cu: a handoff through a volatile flag. Thread 0 stores
// a value, fences and raises the flag; thread 32 spins on the flag (with
// __nanosleep(), so the others run) and then reads the value. The Programming
// Guide: volatile operations "do not provide any inter-thread synchronization
// guarantees and are therefore not correct for inter-thread synchronization",
// and thread 32 has no fence after its read of the flag: nothing orders its
// read of the value after the store. atomic_flag_legal.cu is the Guide's way.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out: 42 42"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
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
