// thread_group.hpp: cooperative_groups::thread_group, the group every other
// one is (a thread_block, a tile, a coalesced group, the grid), which a
// function taking `thread_group g` sees through: its size, the thread's rank
// and sync(), for whichever group it was made from.
#pragma once

#include "calls.hpp"

namespace cooperative_groups {

namespace emulated {

enum class GroupKind : unsigned char { Block, WarpLanes, MultiWarpTile, Grid };

}  // namespace emulated

class thread_group {
public:
    unsigned long long size() const;
    unsigned long long num_threads() const { return size(); }
    unsigned long long thread_rank() const;
    void sync(WARP_EMULATOR_SITE) const;
    // CUDA's group type numbers (cooperative_groups.h's details ids): grid 1,
    // thread_block 3, a tile or coalesced group 4, a multi-warp tile 3.
    unsigned int get_type() const {
        return kind_ == emulated::GroupKind::Grid ? 1u : kind_ == emulated::GroupKind::WarpLanes ? 4u : 3u;
    }

protected:
    emulated::GroupKind kind_ = emulated::GroupKind::Block;
    warp_emulator::groups::WarpLanes lanes_;  // WarpLanes: the lanes
    unsigned int tileFirst_ = 0;              // MultiWarpTile: its first thread's rank in the block
    unsigned int tileSize_ = 0;               // MultiWarpTile: its size
    unsigned int metaRank_ = 0;
    unsigned int metaSize_ = 1;
    const char* type_ = "thread_block";

    explicit thread_group(emulated::GroupKind kind, const char* type) : kind_(kind), type_(type) {}
};

}  // namespace cooperative_groups
