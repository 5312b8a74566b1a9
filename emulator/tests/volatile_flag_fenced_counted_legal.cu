// volatile_flag_fenced_counted_legal.cu: volatile_flag_fenced_legal.cu's
// handoff between blocks, a fence on each side, after which block 0 also
// counts its handoff with an atomicAdd. That later strong write makes the
// flag's store one it publishes, but the store came after a fence: it is a
// release, block 1's spin and fence an acquire, and the flag's store and
// loads, all strong, do not race.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out: 42", "handoffs: 1"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
#include "case.cuh"

__global__ void handoff(volatile int* flag, int* data, int* handoffs, int* out) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 42;
        __threadfence();
        *flag = 1;
        atomicAdd(handoffs, 1);
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
    DeviceArray<int> handoffs(1, 0);
    DeviceArray<int> out(1, 0);
    handoff<<<2, 32>>>(flag.device, data.device, handoffs.device, out.device);
    const int status = printLaunchVerdict();
    printValues("out", out.read());
    printValues("handoffs", handoffs.read());
    return status;
}
