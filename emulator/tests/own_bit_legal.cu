// own_bit_legal.cu: inside `if (lane < 10)` the ten lanes that take the
// branch pass exactly their own bits. Every rule holds: no report, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void ballotOfTheBranch(unsigned int* out) {
    const int lane = threadIdx.x;
    if (lane < 10) {
        out[lane] = __ballot_sync(0x000003ffu, lane % 2 == 0);
    }
}

int main() {
    DeviceArray<unsigned int> out(10, 0u);
    ballotOfTheBranch<<<1, 32>>>(out.device);
    printLaunchVerdict();
    printValues("ballots", out.read());
    return 0;
}
