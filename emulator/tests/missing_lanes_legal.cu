// missing_lanes_legal.cu: the same branch, with a mask that names exactly
// the lanes that take it, and reads that stay among them (xor 1 pairs lanes
// 0-15 with each other). No report, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void maskOfTheBranch(float* out) {
    const int lane = threadIdx.x;
    float value = static_cast<float>(lane);
    const unsigned int half = __ballot_sync(0xffffffffu, lane < 16);
    if (lane < 16) {
        value = __shfl_xor_sync(half, value, 1);
    }
    out[lane] = value;
}

int main() {
    DeviceArray<float> out(32, 0.0f);
    maskOfTheBranch<<<1, 32>>>(out.device);
    printLaunchVerdict();
    printValues("values", out.read());
    return 0;
}
