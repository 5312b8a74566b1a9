// floating_point_state_per_launch_legal.cu: a launch leaves the host
// thread's floating-point state as it found it, as a GPU's does. Odd threads
// divide 5 by 3, which is inexact (an exception flag the System V ABI leaves
// to the caller, which the threads share); thread 0 rounds upward from a
// __syncthreads() on and never sets it back. After the launch the host has
// no flag raised and rounds to nearest; each thread rounded its own way.
// No report, exit 0.
// On an H200 (evidence/case-answers-h200.txt): does not build with nvcc (it is the emulator's own)
#include <cfenv>

#include "case.cuh"

__global__ void leaveTheHostAlone(const float* in, float* out) {
    const int t = threadIdx.x;
    if (t == 0) {
        std::fesetround(FE_UPWARD);
    }
    __syncthreads();
    out[t] = t % 2 == 1 || t == 0 ? in[0] / in[1] : in[0];
}

int main() {
    DeviceArray<float> in(2, 5.0f);
    const float three = 3.0f;
    cudaMemcpy(in.device + 1, &three, sizeof three, cudaMemcpyHostToDevice);
    DeviceArray<float> out(4, 0.0f);
    std::feclearexcept(FE_ALL_EXCEPT);
    leaveTheHostAlone<<<1, 4>>>(in.device, out.device);
    printLaunchVerdict();
    const bool inexact = std::fetestexcept(FE_INEXACT) != 0;
    const bool nearest = std::fegetround() == FE_TONEAREST;
    std::printf("host after the launch: inexact flag %s, rounds to nearest: %s\n", inexact ? "raised" : "clear",
                nearest ? "yes" : "no");
    const std::vector<float> quotients = out.read();
    std::printf("thread 0 (upward) %.9g, thread 1 (nearest) %.9g, thread 2 %.9g\n", static_cast<double>(quotients[0]),
                static_cast<double>(quotients[1]), static_cast<double>(quotients[2]));
    return 0;
}
