// local_array_legal.cu: 96 KiB of local memory per thread runs in the
// default 512 KiB stack; the same kernel with 1 MiB runs once the stack is
// raised, by WARP_EMULATOR_STACK_KIB or by cudaDeviceSetLimit. No report.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out[0] = 1024"; memcheck 3 errors (Program hit cudaErrorInvalidValue (error 1) due to "invalid argument" on CUDA API call to cudaDeviceSetLimit); initcheck 0 errors; racecheck 0 hazards
// run:
// run: WARP_EMULATOR_STACK_KIB=2048
#include "case.cuh"

template <int kFloats>
__global__ void localArray(float* out) {
    volatile float scratch[kFloats];
    for (int i = 0; i < kFloats; i += 1024) {
        scratch[i] = static_cast<float>(i);
    }
    out[threadIdx.x] = scratch[1024];
}

int main() {
    DeviceArray<float> out(32, 0.0f);
    localArray<24 * 1024><<<1, 32>>>(out.device);
    printLaunchVerdict();
    cudaDeviceSetLimit(cudaLimitStackSize, 2 * 1024 * 1024);
    localArray<256 * 1024><<<1, 32>>>(out.device);
    printLaunchVerdict();
    std::printf("out[0] = %g\n", static_cast<double>(out.read()[0]));
    return 0;
}
