// syncwarp_missing_broken.cu: lane 5 skips the __syncwarp() its full mask
// names. Rule (__syncwarp): "Each calling thread must have its own bit set in
// the mask and all non-exited threads named in mask must execute a
// corresponding __syncwarp() with the same mask, or the result is undefined."
// Lane 5 waits at the vote instead; the emulator says so and does not hang.
// On an H200 (evidence/case-answers-h200.txt): alone hangs (killed after 20 s); memcheck hangs; initcheck hangs; racecheck hangs
// expect-exit: 66
#include "case.cuh"

__global__ void syncwarpWithoutLaneFive(int* out) {
    const int lane = threadIdx.x;
    if (lane != 5) {
        __syncwarp();
    }
    out[lane] = __any_sync(0xffffffffu, lane == 5);
}

int main() {
    DeviceArray<int> out(32, -1);
    syncwarpWithoutLaneFive<<<1, 32>>>(out.device);
    printLaunchVerdict();
    printValues("any", out.read());
    return 0;
}
