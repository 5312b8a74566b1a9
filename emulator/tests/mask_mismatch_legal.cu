// mask_mismatch_legal.cu: two halves of the warp each pass a mask naming
// exactly their own half, at the same line. The masks differ but neither
// names a lane of the other: every rule holds, in every lane order.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "lane 0: 0x00009249, lane 31: 0x49240000"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
#include "case.cuh"

__global__ void oneMaskPerHalf(unsigned int* out) {
    const int lane = threadIdx.x;
    const unsigned int mask = lane < 16 ? 0x0000ffffu : 0xffff0000u;
    out[lane] = __ballot_sync(mask, lane % 3 == 0);
}

int main() {
    DeviceArray<unsigned int> out(32, 0u);
    oneMaskPerHalf<<<1, 32>>>(out.device);
    printLaunchVerdict();
    const std::vector<unsigned int> ballots = out.read();
    std::printf("lane 0: 0x%08x, lane 31: 0x%08x\n", ballots[0], ballots[31]);
    return 0;
}
