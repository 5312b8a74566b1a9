// stack_overflow_broken.cu: a thread with a 1 MiB local array, more than the
// 512 KiB stack the emulator gives each thread by default. A GPU gives a
// thread up to 512 KiB of local memory; the emulator stops with a message that
// says who ran out and how to give more (exit 70), not a bare segmentation fault.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 2 errors (Program hit cudaErrorInvalidValue (error 1) due to "invalid argument" on CUDA API call to cudaLaunchKernel); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 70
#include "case.cuh"

__global__ void bigLocalArray(float* out) {
    volatile float scratch[256 * 1024];
    for (int i = 0; i < 256 * 1024; i += 1024) {
        scratch[i] = static_cast<float>(i);
    }
    out[threadIdx.x] = scratch[1024];
}

int main() {
    DeviceArray<float> out(32, 0.0f);
    bigLocalArray<<<1, 32>>>(out.device);
    printLaunchVerdict();
    return 0;
}
