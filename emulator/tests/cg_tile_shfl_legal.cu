// cg_tile_shfl_legal.cu: the tiles of a block of 64, of every size from 1 to
// 32, each shuffling (shfl, shfl_up, shfl_down, shfl_xor), voting (any, all,
// ballot) and matching (match_any, match_all) among its own lanes, as CUDA's
// header makes them: the _sync intrinsics with the tile's lanes as the mask
// and its size as the width. A tile's ballot and match count lanes from the
// tile's first (bit r for rank r). Every rule holds: no report, exit 0. The
// values printed are what the Programming Guide defines ("Cooperative
// Groups", thread_block_tile), the same on an H200: for each size, threads
// 0-11 print 100 x (the sum of their answers) + 10 x meta_group_rank() +
// meta_group_size() % 10 (for tile<2>, thread 0: 0 + 0 + 1 + 1 + 1 + 1 + 1 +
// 3 + 3 + 1 = 12, tile 0 of 32: 1202).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
// run: WARP_EMULATOR_LANE_ORDER=random:7
#include <cooperative_groups.h>

#include "case.cuh"

namespace cg = cooperative_groups;

template <unsigned int Size>
__device__ int tileAnswers(const cg::thread_block& block) {
    const cg::thread_block_tile<Size> tile = cg::tiled_partition<Size>(block);
    const int rank = static_cast<int>(tile.thread_rank());
    int sum = tile.shfl(rank, 0);                             // rank 0's: 0
    sum += tile.shfl_up(rank, 1);                             // rank - 1, rank 0 its own
    sum += tile.shfl_down(rank, 1);                           // rank + 1, the last its own
    sum += tile.shfl_xor(rank, Size / 2);                     // its partner's (tile<1>: its own)
    sum += tile.any(rank == 0) + tile.all(rank >= 0);
    sum += static_cast<int>(tile.ballot(rank % 2 == 0) == (0x55555555u & (Size >= 32 ? 0xffffffffu : (1u << Size) - 1u)));
    sum += static_cast<int>(tile.match_any(rank / 2));
    int allSame = 0;
    sum += static_cast<int>(tile.match_all(7, allSame)) + allSame;
    return sum * 100 + static_cast<int>(tile.meta_group_rank()) * 10 + static_cast<int>(tile.meta_group_size() % 10);
}

__global__ void everyTileSize(int* out) {
    const cg::thread_block block = cg::this_thread_block();
    const int thread = static_cast<int>(block.thread_rank());
    out[0 * 64 + thread] = tileAnswers<1>(block);
    out[1 * 64 + thread] = tileAnswers<2>(block);
    out[2 * 64 + thread] = tileAnswers<4>(block);
    out[3 * 64 + thread] = tileAnswers<8>(block);
    out[4 * 64 + thread] = tileAnswers<16>(block);
    out[5 * 64 + thread] = tileAnswers<32>(block);
}

int main() {
    DeviceArray<int> out(6 * 64, 0);
    everyTileSize<<<1, 64>>>(out.device);
    const int status = printLaunchVerdict();
    const std::vector<int> values = out.read();
    const char* names[] = {"tile<1>", "tile<2>", "tile<4>", "tile<8>", "tile<16>", "tile<32>"};
    for (int size = 0; size < 6; ++size) {
        std::vector<int> row(values.begin() + size * 64, values.begin() + size * 64 + 12);
        printValues(names[size], row);
    }
    return status;
}
