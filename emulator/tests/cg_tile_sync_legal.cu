// cg_tile_sync_legal.cu: each thread_block_tile<16> of a block of 64 writes
// its own slots of shared memory, syncs (tile.sync(), then cg::sync(tile) and
// the same through a thread_group made by tiled_partition(block, 16)), and
// reads its neighbour's slot. CUDA's header makes each sync __syncwarp()
// with the tile's lanes as the mask, which "guarantees memory ordering among
// threads participating in the barrier" (the Programming Guide): no race,
// no report, exit 0. Each thread prints its neighbour's rank plus 100 times
// its tile's number: the same on an H200.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
// run: WARP_EMULATOR_LANE_ORDER=random:7
#include <cooperative_groups.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void tilesSync(int* out) {
    __shared__ int slots[64];
    const cg::thread_block block = cg::this_thread_block();
    const cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
    const cg::thread_group group = cg::tiled_partition(block, 16);
    const unsigned int base = tile.meta_group_rank() * 16;
    const unsigned int rank = tile.thread_rank();
    slots[base + rank] = static_cast<int>(rank + 100 * tile.meta_group_rank());
    tile.sync();
    int value = slots[base + (rank + 1) % 16];
    cg::sync(tile);
    slots[base + rank] = value;
    group.sync();
    value = slots[base + (static_cast<unsigned int>(group.thread_rank()) + 15) % 16];
    out[block.thread_rank()] = value;
}

int main() {
    DeviceArray<int> out(64, 0);
    tilesSync<<<1, 64>>>(out.device);
    const int status = printLaunchVerdict();
    printValues("values", out.read());
    return status;
}
