// clock_legal.cu: a learner times a loop with clock64() and stores the
// difference. Timing is not modelled: clock64() counts its own calls in each
// thread, so the "cycles" are the same on every run, and nothing is reported.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void timed(const float* in, float* out, long long* cycles) {
    const long long start = clock64();
    float sum = 0.0f;
    for (int k = 0; k < 100; ++k) {
        sum += in[threadIdx.x] * static_cast<float>(k);
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
    if (threadIdx.x == 0) {
        cycles[blockIdx.x] = clock64() - start;
    }
}

int main() {
    DeviceArray<float> in(64, 1.0f);
    DeviceArray<float> out(128, 0.0f);
    DeviceArray<long long> cycles(2, 0);
    timed<<<2, 64>>>(in.device, out.device, cycles.device);
    printLaunchVerdict();
    return 0;
}
