// tile_barrier.hpp: the calls of a thread_block_tile of 64 to 1024 threads,
// which spans warps (warp_emulator/groups/multi_warp_tiles.hpp): its sync()
// (Op::TileSync) and the values passed between its warps by its shfl, any,
// all and the algorithms (Op::TileExchange). A request names its tile by the
// first thread's rank in the block (`mask`) and the tile's size (`width`).
//
// The rule, as for a tile of one warp (CUDA's header makes these barriers of
// the tile's threads): every thread of the tile that has not exited must
// reach the same call. A call is carried out once they all wait at it;
// when the block can go no further, the tile's threads that never came are
// reported with where they wait instead, and the call goes ahead without
// them. sync() orders memory among the threads that met (happens_before.hpp);
// an exchange orders none, and a read of a thread of the tile that has exited
// gets poison and is reported, as a shuffle's.
#pragma once

#include <map>
#include <tuple>
#include <vector>

#include "scheduling/scheduler.hpp"

namespace warp_emulator {

class TileBarriers {
public:
    static TileBarriers& instance();
    // Carries out every tile call whose threads are all there.
    bool release();
    // The block is stuck: reports a tile call's missing threads and carries it out.
    bool forceStuck();

    void beginLaunch() { readingCalls_.clear(); }

private:
    Scheduler& scheduler_ = Scheduler::instance();
    // The exchanges that read a thread of the tile that had exited, numbered
    // as in LaunchReport::calls.
    std::map<std::tuple<const char*, int, unsigned int, int>, int> readingCalls_;
    // The threads of the tile at `first` (of `size`) waiting at the same call
    // as thread `at`; those neither there nor exited.
    void gather(int at, std::vector<int>* present, std::vector<int>* missing) const;
    void carryOut(const std::vector<int>& present);
};

}  // namespace warp_emulator
