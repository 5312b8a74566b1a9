// cg_reduce_broken.cu: cg::reduce on a thread_block_tile<32> that lanes
// 16-31 do not reach: they go on to tile.sync(). cg::reduce is a collective
// of the tile (the Programming Guide: every thread of the group must take
// part; CUDA's header makes it the tile's shuffles, or redux.sync, over all
// its lanes), so it breaks the rule of the _sync intrinsics it is made of:
// "All non-exited threads named in mask must execute the same intrinsic with
// the same mask". The emulator names cg::reduce and where lanes 16-31 wait,
// goes ahead with lanes 0-15 where a GPU might hang, and gives them poison
// (the value of a reduction missing half its lanes is undefined). A second
// kernel's lanes 16-31 return before the reduction: exited lanes break no
// mask, but the reduction reads them (their values are gone), so lanes 0-15
// get poison again and the read is reported. A GPU gives undefined values
// (and may hang at the first).
// On an H200 (evidence/case-answers-h200.txt): alone hangs (killed after 20 s); memcheck hangs; initcheck hangs; racecheck hangs
// expect-exit: 66
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void halfTileReduces(int* out) {
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    int sum = -1;
    if (tile.thread_rank() < 16) {
        sum = cg::reduce(tile, static_cast<int>(tile.thread_rank()), cg::plus<int>());
    }
    tile.sync();
    out[tile.thread_rank()] = sum;
}

__global__ void reduceAfterHalfReturns(int* out) {
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    if (tile.thread_rank() >= 16) {
        return;
    }
    out[tile.thread_rank()] = cg::reduce(tile, 1, cg::plus<int>());
}

int main() {
    DeviceArray<int> out(32, 0);
    halfTileReduces<<<1, 32>>>(out.device);
    printLaunchVerdict();
    printValues("sums", out.read());
    DeviceArray<int> second(16, 0);
    reduceAfterHalfReturns<<<1, 32>>>(second.device);
    printLaunchVerdict();
    printValues("sums after half returned", second.read());
    return 0;
}
