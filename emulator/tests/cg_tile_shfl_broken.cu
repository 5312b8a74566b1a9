// cg_tile_shfl_broken.cu: a thread_block_tile<16> whose lanes 8-15 skip
// tile.shfl_down(). CUDA's header makes a tile's shuffle __shfl_down_sync
// with the tile's lanes as the mask and 16 as the width, so the rule is the
// intrinsic's (the Programming Guide, "Warp Shuffle Functions"): "All
// non-exited threads named in mask must execute the same intrinsic with the
// same mask, or the result is undefined". Lanes 8-15 wait at tile.sync()
// instead; the emulator names both calls of the tile, goes ahead with lanes
// 0-7, and lane 7's read of lane 8 is undefined (poison: NaN). A GPU may hang
// or give undefined values; compute-sanitizer's synccheck may report the
// divergent shuffle.
// On an H200 (evidence/case-answers-h200.txt): alone hangs (killed after 20 s); memcheck hangs; initcheck hangs; racecheck hangs
// expect-exit: 66
#include <cooperative_groups.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void halfTileShuffles(float* out) {
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
    float value = static_cast<float>(tile.thread_rank());
    if (tile.thread_rank() < 8) {
        value = tile.shfl_down(value, 1);
    }
    tile.sync();
    out[threadIdx.x] = value;
}

int main() {
    DeviceArray<float> out(16, 0.0f);
    halfTileShuffles<<<1, 16>>>(out.device);
    printLaunchVerdict();
    printValues("values", out.read());
    return 0;
}
