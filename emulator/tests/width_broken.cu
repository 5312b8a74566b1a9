// width_broken.cu: a shuffle with width 3. Rule: "width must have a value
// which is a power of 2; results are undefined if width is not a power of 2,
// or is a number greater than warpSize." Reported once for the call; every
// lane gets poison.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "lane 0: 0x00000000"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void widthThree(int* out) {
    out[threadIdx.x] = __shfl_sync(0xffffffffu, static_cast<int>(threadIdx.x), 0, 3);
}

int main() {
    DeviceArray<int> out(32, 0);
    widthThree<<<1, 32>>>(out.device);
    printLaunchVerdict();
    std::printf("lane 0: 0x%08x\n", static_cast<unsigned int>(out.read()[0]));
    return 0;
}
