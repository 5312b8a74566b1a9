// cg_tile_sync_broken.cu: lanes 8-15 of a thread_block_tile<16> skip the
// tile.sync() that orders the tile's writes to shared memory before its
// reads. CUDA's header makes tile.sync() __syncwarp() with the tile's lanes
// as the mask; the Programming Guide's rule for it: "all non-exited threads
// named in mask must execute a corresponding __syncwarp() with the same mask,
// or the result is undefined". Lanes 8-15 wait at tile.any() instead: the
// emulator names both calls of the tile, and goes ahead where a GPU might
// hang. (Its reads then race with the writes they were to follow.)
// On an H200 (evidence/case-answers-h200.txt): alone hangs (killed after 20 s); memcheck hangs; initcheck hangs; racecheck hangs
// expect-exit: 66
#include <cooperative_groups.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void halfTileSyncs(int* out) {
    __shared__ int slots[16];
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
    const unsigned int rank = tile.thread_rank();
    slots[rank] = static_cast<int>(rank);
    if (rank < 8) {
        tile.sync();
    }
    const int anyOdd = tile.any(rank % 2 == 1);
    out[rank] = slots[(rank + 1) % 16] + anyOdd;
}

int main() {
    DeviceArray<int> out(16, 0);
    halfTileSyncs<<<1, 16>>>(out.device);
    printLaunchVerdict();
    printValues("values", out.read());
    return 0;
}
