// volatile_data_flag_broken.cu: a handoff in which the data and the flag are
// both volatile, and no fence is on either side. Thread 0 stores the value,
// then raises the flag; thread 32 spins on the flag, then reads the value.
// Each access is strong, so none of them races; but nothing orders the read
// of the value after its store: the Programming Guide's volatile is "not
// correct for inter-thread synchronization", and a GPU may give thread 32
// the old value. The flag alone is no finding (volatile_stop_flag_legal.cu).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out: 42"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
#include "case.cuh"

__global__ void handoff(volatile int* value, volatile int* flag, int* out) {
    if (threadIdx.x == 0) {
        *value = 42;
        *flag = 1;
    }
    if (threadIdx.x == 32) {
        while (*flag == 0) {
            __nanosleep(100);
        }
        *out = *value;
    }
}

int main() {
    DeviceArray<int> value(1, 0);
    DeviceArray<int> flag(1, 0);
    DeviceArray<int> out(1, 0);
    handoff<<<1, 64>>>(value.device, flag.device, out.device);
    printLaunchVerdict();
    printValues("out", out.read());
    return 0;
}
