// race_across_blocks_broken.cu: block b reads what block b - 1 wrote. Blocks
// of a grid run in no set order and cannot wait for each other, so this is a
// race too: the second run reverses the block order, and the results differ.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void readPreviousBlock(int* cells) {
    const int b = blockIdx.x;
    if (threadIdx.x == 0) {
        cells[b + 1] = cells[b] + 1;
    }
}

int main() {
    DeviceArray<int> cells(9, 0);
    readPreviousBlock<<<8, 32>>>(cells.device);
    printLaunchVerdict();
    return 0;
}
