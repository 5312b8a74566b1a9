// uni_after_exit_legal.cu: __uni_sync after lanes 24-31 return. The Guide:
// "Evaluate predicate for all non-exited threads in mask and return non-zero
// if and only if predicate evaluates to the same value for all of them." The
// 24 lanes left all vote 1, so every one gets 1. No report.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "uni: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void uniform(int* out) {
    const int lane = threadIdx.x;
    if (lane >= 24) {
        return;
    }
    out[lane] = __uni_sync(0xffffffffu, 1);
}

int main() {
    DeviceArray<int> out(24, -1);
    uniform<<<1, 32>>>(out.device);
    printLaunchVerdict();
    printValues("uni", out.read());
    return 0;
}
