// findings_logged_legal.cu: the own-bit mistake again, run with
// WARP_EMULATOR_ON_FINDING=log: the findings are still printed, but the
// runtime API answers cudaSuccess and the program's own exit code (0) stands.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_ON_FINDING=log
#include "case.cuh"

__global__ void ballotWithoutOwnBit(unsigned int* out) {
    out[threadIdx.x] = __ballot_sync(0xfffffffeu, 1);
}

int main() {
    DeviceArray<unsigned int> out(32, 0u);
    ballotWithoutOwnBit<<<1, 32>>>(out.device);
    printLaunchVerdict();
    return 0;
}
