// own_bit_broken.cu: lane 0 calls __ballot_sync with a mask that leaves out
// its own bit. Rule: "Each calling thread must have its own bit set in the
// mask." Lane 0 is reported and gets poison; the other lanes get their ballot.
// After a broken rule the runtime API answers cudaErrorWarpRuleBroken, and the
// program, which would exit 0, exits 66.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "lane 0: 0xffffffff, lane 1: 0xffffffff, lane 31: 0xffffffff"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void ballotWithoutOwnBit(unsigned int* out) {
    out[threadIdx.x] = __ballot_sync(0xfffffffeu, 1);
}

int main() {
    DeviceArray<unsigned int> out(32, 0u);
    ballotWithoutOwnBit<<<1, 32>>>(out.device);
    printLaunchVerdict();
    const std::vector<unsigned int> ballots = out.read();
    std::printf("lane 0: 0x%08x, lane 1: 0x%08x, lane 31: 0x%08x\n", ballots[0], ballots[1], ballots[31]);
    return 0;
}
