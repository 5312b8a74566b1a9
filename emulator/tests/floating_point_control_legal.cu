// floating_point_control_legal.cu: lane 0 sets the rounding mode to upward
// and then waits at __syncwarp(), which switches to the other lanes. The
// System V ABI makes the rounding mode (MXCSR's control bits, the x87 control
// word) the caller's to keep, so the emulator saves it with each thread: lane
// 1 still rounds to nearest. No report, exit 0.
// On an H200 (evidence/case-answers-h200.txt): does not build with nvcc (it is the emulator's own)
#include <cfenv>

#include "case.cuh"

__global__ void roundingPerThread(const float* in, float* out) {
    const int lane = threadIdx.x;
    if (lane == 0) {
        std::fesetround(FE_UPWARD);
    }
    __syncwarp();
    out[lane] = in[0] / in[1];
    __syncwarp();
    if (lane == 0) {
        std::fesetround(FE_TONEAREST);
    }
}

int main() {
    DeviceArray<float> in(2, 5.0f);  // 5/3 rounds down to nearest, so upward differs
    const float three = 3.0f;
    cudaMemcpy(in.device + 1, &three, sizeof three, cudaMemcpyHostToDevice);
    DeviceArray<float> out(2, 0.0f);
    roundingPerThread<<<1, 2>>>(in.device, out.device);
    printLaunchVerdict();
    const std::vector<float> quotients = out.read();
    std::printf("5/3 in lane 0 (upward) %.9g, in lane 1 (nearest) %.9g\n", static_cast<double>(quotients[0]),
                static_cast<double>(quotients[1]));
    return 0;
}
