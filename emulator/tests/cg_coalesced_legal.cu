// cg_coalesced_legal.cu: coalesced groups. The odd lanes of a warp take a
// branch and make coalesced_threads() (the lanes active together there:
// __activemask()); the group counts them by rank, so its shfl, shfl_up and
// shfl_down read the lane of the rank named, and its ballot gives bit r for
// rank r. labeled_partition(group, label) splits it by label (__match_any_sync),
// binary_partition(tile, predicate) a tile by a predicate (__ballot_sync),
// tiled_partition(group, 4) it into groups of 4 ranks; cg::inclusive_scan and
// cg::exclusive_scan run over each. The Programming Guide ("Cooperative
// Groups", coalesced_group and the partitions) defines every answer printed,
// the same on an H200; every rule holds: no report, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
// run: WARP_EMULATOR_LANE_ORDER=random:7
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void oddLanes(int* out) {
    const int lane = static_cast<int>(threadIdx.x);
    const cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    int* row = out + lane * 10;
    if (lane % 2 == 1) {
        const cg::coalesced_group odd = cg::coalesced_threads();
        row[0] = static_cast<int>(odd.size());                                  // 16
        row[1] = static_cast<int>(odd.thread_rank());                           // lane / 2
        row[2] = odd.shfl(lane, 3);                                             // rank 3's lane: 7
        row[3] = odd.shfl_down(lane, 1);                                        // the next odd lane, the last its own
        row[4] = odd.shfl_up(lane, 2);                                          // two odd lanes down, ranks 0-1 their own
        row[5] = static_cast<int>(odd.ballot(lane % 4 == 1));                   // ranks 0, 2, 4, ...: 0x5555
        const cg::coalesced_group byThree = cg::labeled_partition(odd, lane % 3);  // lanes 1, 7, 13...; 3, 9...; 5, 11...
        row[6] = static_cast<int>(byThree.size()) * 100 + static_cast<int>(byThree.thread_rank());
        const cg::coalesced_group four = cg::tiled_partition(odd, 4);           // ranks 0-3, 4-7, ...
        row[7] = cg::inclusive_scan(four, 1) * 10 + cg::exclusive_scan(four, lane, cg::greater<int>());
        row[8] = cg::exclusive_scan(odd, 1);                                    // its rank
    }
    const cg::coalesced_group half = cg::binary_partition(tile, lane < 12);
    row[9] = static_cast<int>(half.size()) * 100 + cg::inclusive_scan(half, lane, cg::less<int>());
}

int main() {
    DeviceArray<int> out(320, -1);
    oddLanes<<<1, 32>>>(out.device);
    const int status = printLaunchVerdict();
    const std::vector<int> values = out.read();
    for (int lane : {0, 1, 3, 7, 29, 31}) {
        std::vector<int> row(values.begin() + lane * 10, values.begin() + lane * 10 + 10);
        std::printf("lane %d:", lane);
        for (int value : row) {
            std::printf(" %d", value);
        }
        std::printf("\n");
    }
    return status;
}
