// early_exit_read_broken.cu: lanes 20-31 return first, so the full mask is
// still legal, but at offset 16 lanes 4-15 read lanes 20-31, which have
// exited and take no part: each such read is undefined (the page's lesson).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "sums: 16 18 20 22 4 5 6 7 8 9 10 11 12 13 14 15 32 34 36 38"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void readOfExitedLanes(float* out) {
    const int lane = threadIdx.x;
    if (lane >= 20) {
        return;
    }
    float sum = static_cast<float>(lane);
    sum += __shfl_down_sync(0xffffffffu, sum, 16);
    out[lane] = sum;
}

int main() {
    DeviceArray<float> out(20, -1.0f);
    readOfExitedLanes<<<1, 32>>>(out.device);
    printLaunchVerdict();
    printValues("sums", out.read());
    return 0;
}
