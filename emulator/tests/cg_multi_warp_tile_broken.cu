// cg_multi_warp_tile_broken.cu: the second warp of a thread_block_tile<64>
// skips the tile's sync(): it waits at __syncthreads() instead. A tile's
// sync() is a barrier of its threads (CUDA's header builds it from a barrier
// in shared memory for a tile of more than 32), which every thread of the
// tile must reach; a GPU waits there for ever. The emulator names the tile's
// call, the threads that came and where the others wait, and goes ahead
// with the threads that came.
// On an H200 (evidence/case-answers-h200.txt): alone hangs (killed after 20 s); memcheck hangs; initcheck hangs; racecheck hangs
// expect-exit: 66
#include <cooperative_groups.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void warpSkipsTheTileSync(int* out) {
    const cg::thread_block_tile<64> tile = cg::tiled_partition<64>(cg::this_thread_block());
    if (tile.thread_rank() < 32) {
        tile.sync();
    }
    __syncthreads();
    out[threadIdx.x] = static_cast<int>(tile.thread_rank());
}

int main() {
    DeviceArray<int> out(64, -1);
    warpSkipsTheTileSync<<<1, 64>>>(out.device);
    printLaunchVerdict();
    return 0;
}
