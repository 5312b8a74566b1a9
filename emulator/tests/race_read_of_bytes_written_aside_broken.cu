// race_read_of_bytes_written_aside_broken.cu: two threads of one warp each
// write one byte of the same 4-byte word of shared memory, and a thread of
// the other warp reads the first byte with no barrier between. The race
// check keeps the first write aside when the second, of other bytes, comes
// (one record of a word holds one write), and the read must meet it there.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 1 hazard (Error: Race reported between Write access at readByteWithoutBarrier(unsigned char *)+0x90)
// (as compute-sanitizer's documentation predicted: racecheck, which checks shared
// memory, reports the hazard between the write word[t] = ... and the read
// out[0] = word[0]; memcheck and initcheck 0 errors; alone, exit 0)
// expect-exit: 66
#include "case.cuh"

__global__ void readByteWithoutBarrier(unsigned char* out) {
    __shared__ unsigned char word[4];
    const unsigned int t = threadIdx.x;
    if (t < 2) {
        word[t] = static_cast<unsigned char>(10 + t);
    }
    if (t == 32) {
        out[0] = word[0];
    }
}

int main() {
    DeviceArray<unsigned char> out(4, 0);
    readByteWithoutBarrier<<<1, 64>>>(out.device);
    return printLaunchVerdict();
}
