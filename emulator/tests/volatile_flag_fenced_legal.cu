// volatile_flag_fenced_legal.cu: a handoff between blocks through a volatile
// flag, with a fence on each side: block 0 stores the data, __threadfence(),
// then raises the flag with a volatile store; block 1 spins on a volatile load
// of it, then __threadfence(), then reads the data. The PTX ISA's memory
// model counts volatile accesses as strong (relaxed, of system scope): the
// fence and the store make a release, the load and the fence an acquire, and
// two strong accesses to the flag are no race (volatile_flag_broken.cu has no
// fence after the load). Block 1 runs after block 0 here; on a GPU it may run
// first and spin until block 0 raises the flag.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out: 42"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
#include "case.cuh"

__global__ void handoff(volatile int* flag, int* data, int* out) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 42;
        __threadfence();
        *flag = 1;
    }
    if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (*flag == 0) {
        }
        __threadfence();
        out[0] = data[0];
    }
}

int main() {
    DeviceArray<int> flag(1, 0);
    DeviceArray<int> data(1, 0);
    DeviceArray<int> out(1, 0);
    handoff<<<2, 32>>>(flag.device, data.device, out.device);
    const int status = printLaunchVerdict();
    printValues("out", out.read());
    return status;
}
