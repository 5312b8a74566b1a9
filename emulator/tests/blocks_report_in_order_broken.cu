// blocks_report_in_order_broken.cu: sixteen blocks that each break a rule,
// race on their shared tile and print a line: the findings and the lines
// come out in block order however many workers run the blocks
// (WARP_EMULATOR_WORKERS), as on one.
// expect-exit: 1
// run: WARP_EMULATOR_WORKERS=1
// run: WARP_EMULATOR_WORKERS=4
#include "case.cuh"

__global__ void eachBlock(int* out) {
    __shared__ int tile[64];
    const int t = threadIdx.x;
    tile[t] = t + blockIdx.x;
    const int neighbour = tile[(t + 1) % 64];  // no barrier: races with the neighbour's write
    int voted = 0;
    if (t % 32 < 16 + static_cast<int>(blockIdx.x % 4)) {
        voted = __ballot_sync(0xffffffff, 1);  // the full mask in a branch the warp's other lanes skip: a broken rule
    }
    __syncwarp();
    out[blockIdx.x * 64 + t] = neighbour + (voted != 0);
    if (t == 0) {
        printf("block %d done\n", blockIdx.x);
    }
}

int main() {
    DeviceArray<int> out(16 * 64, 0);
    eachBlock<<<16, 64>>>(out.device);
    const int status = printLaunchVerdict();
    printValues("out[0], out[1023]", {out.read()[0], out.read()[1023]});
    return status;
}
