// mask_mismatch_broken.cu: lanes 0-15 call __ballot_sync(0xffffffff, 1) while
// lanes 16-31 call the same line with 0xffff0000 and then exit. Rule: "All
// non-exited threads named in mask must execute the same intrinsic with the
// same mask." Lanes 16-31's group has everything its mask names and could
// finish first; once they exit, lanes 0-15 would find them exited. Reported
// whichever order the lanes run in.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
// run: WARP_EMULATOR_LANE_ORDER=random:3
#include "case.cuh"

__global__ void twoMasksOneCall(unsigned int* out) {
    const int lane = threadIdx.x;
    const unsigned int mask = lane < 16 ? 0xffffffffu : 0xffff0000u;
    out[lane] = __ballot_sync(mask, 1);
}

int main() {
    DeviceArray<unsigned int> out(32, 0u);
    twoMasksOneCall<<<1, 32>>>(out.device);
    printLaunchVerdict();
    return 0;
}
