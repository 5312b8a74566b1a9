// width_legal.cu: width 8 splits the warp into four segments. Per the PTX
// ISA's shfl.sync: __shfl_sync reads srcLane modulo the width inside the
// caller's segment; down and up keep the caller's value past the segment's
// end or before its start; xor with laneMask 8 and width 8 keeps the value
// when the partner is in a later segment and reads it when it is in an
// earlier one. No report, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void segmentsOfEight(int* out) {
    const int lane = threadIdx.x;
    out[0 * 32 + lane] = __shfl_sync(0xffffffffu, lane, 3, 8);
    out[1 * 32 + lane] = __shfl_sync(0xffffffffu, lane, 11, 8);
    out[2 * 32 + lane] = __shfl_up_sync(0xffffffffu, lane, 2, 8);
    out[3 * 32 + lane] = __shfl_down_sync(0xffffffffu, lane, 4, 8);
    out[4 * 32 + lane] = __shfl_xor_sync(0xffffffffu, lane, 8, 8);
}

int main() {
    DeviceArray<int> out(5 * 32, -1);
    segmentsOfEight<<<1, 32>>>(out.device);
    printLaunchVerdict();
    const std::vector<int> all = out.read();
    const char* names[] = {"idx 3", "idx 11", "up 2", "down 4", "xor 8"};
    for (int row = 0; row < 5; ++row) {
        printValues(names[row], std::vector<int>(all.begin() + row * 32, all.begin() + (row + 1) * 32));
    }
    return 0;
}
