// half_shuffle_broken.cu: a __half2 shuffle that reads lanes not taking part.
// Lanes 0-15 call __shfl_down_sync(0x0000ffff, ..., 8), and all of them
// arrive, so no mask rule is broken; but lanes 8-15 read lanes 16-23, which
// the mask leaves out. The Guide: "Threads may only read data from another
// thread which is actively participating in the __shfl_sync() command. If the
// target thread is inactive, the retrieved value is undefined." A GPU gives
// whatever its register held and compute-sanitizer reports nothing; the
// emulator logs each read and gives the reader NaN in both halves (0x7fff),
// so that the wrong answer shows; the exit 0 becomes 66.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include <cuda_fp16.h>

#include "case.cuh"

__global__ void readOfInactiveLanes(unsigned int* out) {
    const int lane = threadIdx.x;
    if (lane < 16) {
        const __half2 pair = __floats2half2_rn(lane, -lane);
        const __half2 moved = __shfl_down_sync(0x0000ffffu, pair, 8);
        out[lane] = __half_as_ushort(moved.x) | static_cast<unsigned int>(__half_as_ushort(moved.y)) << 16;
    }
}

int main() {
    DeviceArray<unsigned int> out(16, 0);
    readOfInactiveLanes<<<1, 32>>>(out.device);
    printLaunchVerdict();
    printValues("__half2 read", out.read());
    return 0;
}
