// missing_lanes_broken.cu: a full mask inside a branch that lanes 16-31 skip
// (the page's pitfall). Rule: "All non-exited threads named in mask must
// execute the same intrinsic with the same mask." Lanes 16-31 wait at the
// ballot instead; the emulator says so, and goes ahead with lanes 0-15 where
// a GPU might hang, so lane 15's read of lane 16 is undefined too.
// On an H200 (evidence/case-answers-h200.txt): alone hangs (killed after 20 s); memcheck hangs; initcheck hangs; racecheck hangs
// expect-exit: 66
#include "case.cuh"

__global__ void fullMaskInHalfBranch(float* out) {
    const int lane = threadIdx.x;
    float value = static_cast<float>(lane);
    if (lane < 16) {
        value = __shfl_down_sync(0xffffffffu, value, 1);
    }
    const unsigned int everyone = __ballot_sync(0xffffffffu, 1);
    out[lane] = everyone == 0xffffffffu ? value : -1.0f;
}

int main() {
    DeviceArray<float> out(32, 0.0f);
    fullMaskInHalfBranch<<<1, 32>>>(out.device);
    printLaunchVerdict();
    printValues("values", out.read());
    return 0;
}
