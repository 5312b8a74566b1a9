// blocks_report_in_order_broken.cu: sixteen blocks that each break a rule,
// read shared memory that no thread wrote, shuffle from an absent lane and
// print a line: the findings and the lines come out in block order however
// many workers run the blocks (WARP_EMULATOR_WORKERS), as on one.
// On an H200 (evidence/case-answers-h200.txt): alone hangs (killed after 20 s); memcheck hangs; initcheck hangs; racecheck hangs
// expect-exit: 1
// run: WARP_EMULATOR_WORKERS=1
// run: WARP_EMULATOR_WORKERS=4
#include "case.cuh"

__global__ void eachBlock(int* out) {
    __shared__ int tile[64];
    const int t = threadIdx.x;
    if (t % 2 == 0) {
        tile[t] = t + static_cast<int>(blockIdx.x);
    }
    const int own = tile[t];  // the odd threads' slots nobody wrote
    int voted = 0;
    if (t % 32 < 16 + static_cast<int>(blockIdx.x % 4)) {
        voted = __ballot_sync(0xffffffff, 1);  // the full mask in a branch the warp's other lanes skip: a broken rule
    }
    __syncwarp();
    int above = own;
    if (t % 32 < 24) {
        above = __shfl_down_sync(0x00ffffff, own, 8 + static_cast<int>(blockIdx.x % 2));  // lanes 16-23 read absent lanes
    }
    out[blockIdx.x * 64 + t] = above + (voted != 0);
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
