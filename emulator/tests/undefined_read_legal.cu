// undefined_read_legal.cu: the same sixteen lanes, the same offset, but with
// width 16: a lane whose source would be past its segment keeps its own value
// ("the lower delta lanes will be unchanged"), so nobody reads lanes 16-31.
// No report, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "float: 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void readsInsideTheSegment(float* out) {
    const int lane = threadIdx.x;
    if (lane < 16) {
        out[lane] = __shfl_down_sync(0x0000ffffu, static_cast<float>(lane), 8, 16);
    }
}

int main() {
    DeviceArray<float> out(16, -1.0f);
    readsInsideTheSegment<<<1, 32>>>(out.device);
    printLaunchVerdict();
    printValues("float", out.read());
    return 0;
}
