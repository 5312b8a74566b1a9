// random_order_per_block_legal.cu: in a random lane order, each block's
// order comes from its own seed alone, whichever blocks its worker ran
// before it, so a launch on several workers prints what it prints on one
// (tests/workers_match.py runs every case both ways). Before, each block's
// shuffle went on from the order the last block left, and the lines each
// block printed came in another order with two workers than with one.
// No report, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone exit 0; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=random:3
#include "case.cuh"

__global__ void sayInTurn() {
    const int t = threadIdx.x;
    if (t % 8 == 0) {
        printf("block %d thread %d\n", blockIdx.x, t);
    }
}

int main() {
    sayInTurn<<<16, 64>>>();
    printLaunchVerdict();
    return 0;
}
