// cg_multi_warp_tile_legal.cu: thread_block_tile<64>, a tile of two warps
// (CUDA 11.1 on; the Programming Guide's multi-warp tiles), in a block of
// 128. Each tile's threads write their slots of shared memory, tile.sync()
// (a barrier of the tile's 64 threads, which orders the writes before the
// reads), then read a slot of the tile's other warp; then tile.shfl from rank
// 40, tile.any and tile.all, and cg::inclusive_scan and cg::exclusive_scan
// across the tile's warps. No race, no report, exit 0; the values printed are
// the Programming Guide's (the same on an H200): thread t of tile m reads
// 64 m + (t + 32) % 64, gets 64 m + 40 from rank 40, any 1, all of t < 64 1,
// inclusive scan of 1s t + 1, exclusive t.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 8 hazards (Error: Race reported between Read access at twoWarpTiles(int *)+0x8d0)
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
// run: WARP_EMULATOR_LANE_ORDER=random:7
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void twoWarpTiles(int* out) {
    __shared__ int slots[128];
    const cg::thread_block block = cg::this_thread_block();
    const cg::thread_block_tile<64> tile = cg::tiled_partition<64>(block);
    const int rank = static_cast<int>(tile.thread_rank());
    const int base = static_cast<int>(tile.meta_group_rank()) * 64;
    slots[base + rank] = base + rank;
    tile.sync();
    int* row = out + 6 * (base + rank);
    row[0] = slots[base + (rank + 32) % 64];
    row[1] = tile.shfl(base + rank, 40);
    row[2] = tile.any(rank == 63) * 10 + tile.all(rank < 64);
    row[3] = cg::inclusive_scan(tile, 1);
    row[4] = cg::exclusive_scan(tile, 1);
    row[5] = static_cast<int>(tile.meta_group_rank()) * 10 + static_cast<int>(tile.meta_group_size());
}

int main() {
    DeviceArray<int> out(6 * 128, -1);
    twoWarpTiles<<<1, 128>>>(out.device);
    const int status = printLaunchVerdict();
    const std::vector<int> values = out.read();
    for (int thread : {0, 31, 32, 63, 64, 127}) {
        std::vector<int> row(values.begin() + thread * 6, values.begin() + thread * 6 + 6);
        std::printf("thread %d:", thread);
        for (int value : row) {
            std::printf(" %d", value);
        }
        std::printf("\n");
    }
    return status;
}
