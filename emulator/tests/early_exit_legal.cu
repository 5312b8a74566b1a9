// early_exit_legal.cu: lanes 20-31 return first; lanes 0-19 then run a
// full-mask ballot, shuffle and match. Legal from compute capability 7.0 on:
// the rule names only "non-exited threads", so the exited lanes need not come.
// The shuffle pairs lanes with xor 1, so nobody reads an exited lane. Per the
// PTX ISA, match.all.sync answers "the mask of non-exited threads in
// membermask" (on the H200, lanes 24-31 exited gave 0x00ffffff). No report.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void fullMaskAfterEarlyExit(unsigned int* out) {
    const int lane = threadIdx.x;
    if (lane >= 20) {
        return;
    }
    const unsigned int ballot = __ballot_sync(0xffffffffu, 1);
    const int partner = __shfl_xor_sync(0xffffffffu, lane, 1);
    int allSame = -1;
    const unsigned int matched = __match_all_sync(0xffffffffu, 7, &allSame);
    const unsigned int evens = __match_any_sync(0xffffffffu, lane % 2);
    if (lane == 0) {
        out[0] = ballot;
        out[1] = static_cast<unsigned int>(partner);
        out[2] = matched;
        out[3] = static_cast<unsigned int>(allSame);
        out[4] = evens;
    }
}

int main() {
    DeviceArray<unsigned int> out(5, 0u);
    fullMaskAfterEarlyExit<<<1, 32>>>(out.device);
    printLaunchVerdict();
    printValues("ballot, lane 1, match_all, pred, match_any of evens", out.read());
    return 0;
}
