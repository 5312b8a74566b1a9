// thread_group_calls.hpp: what a thread_group does, for whichever group it
// was made from (thread_group.hpp), and the calls every group shares:
// cg::sync(g), cg::thread_rank(g), cg::group_size(g).
#pragma once

#include "coalesced.hpp"
#include "grid.hpp"

namespace cooperative_groups {

inline unsigned long long thread_group::size() const {
    switch (kind_) {
        case emulated::GroupKind::Block: return thread_block::size();
        case emulated::GroupKind::WarpLanes:
            return lanes_.isTile ? lanes_.width : static_cast<unsigned int>(__builtin_popcount(lanes_.mask));
        case emulated::GroupKind::MultiWarpTile: return tileSize_;
        case emulated::GroupKind::Grid: return grid_group::size();
    }
    return 0;
}

inline unsigned long long thread_group::thread_rank() const {
    switch (kind_) {
        case emulated::GroupKind::Block: return thread_block::thread_rank();
        case emulated::GroupKind::WarpLanes: return lanes_.rankOf(warp_emulator::groups::laneId());
        case emulated::GroupKind::MultiWarpTile: return warp_emulator::groups::blockThreadRank() - tileFirst_;
        case emulated::GroupKind::Grid: return grid_group::thread_rank();
    }
    return 0;
}

inline void thread_group::sync(const char* file, int line) const {
    using namespace warp_emulator;
    const GroupCall call = groups::named("g.sync", type_);
    switch (kind_) {
        case emulated::GroupKind::Block:
            groups::groupRequest(Op::SyncThreads, 0, 0, 0, warpSize, {}, false, call, file, line);
            break;
        case emulated::GroupKind::WarpLanes:
            groups::groupRequest(Op::SyncWarp, lanes_.mask, 0, 0, warpSize, {}, false, call, file, line);
            break;
        case emulated::GroupKind::MultiWarpTile: emulated::tileSync(tileFirst_, tileSize_, call, file, line); break;
        case emulated::GroupKind::Grid: gridSync(call, file, line); break;
    }
}

namespace emulated {

// A thread_group seen as the coalesced group it is (a tile of one warp made
// at run time, or any coalesced group).
struct GroupAccess : thread_group {
    static warp_emulator::groups::WarpLanes lanesOf(const thread_group& group) {
        return static_cast<const GroupAccess&>(group).lanes_;
    }
    static GroupKind kindOf(const thread_group& group) { return static_cast<const GroupAccess&>(group).kind_; }
};

}  // namespace emulated

// tiled_partition(g, n) of a thread_group: of the block, or of the one warp's
// group it was made from.
inline thread_group tiled_partition(const thread_group& parent, unsigned int tileSize, const char* file, int line) {
    if (emulated::GroupAccess::kindOf(parent) == emulated::GroupKind::Block) {
        return tiled_partition(thread_block(), tileSize, file, line);
    }
    if (emulated::GroupAccess::kindOf(parent) != emulated::GroupKind::WarpLanes) {
        warp_emulator::groupAbort("cg::tiled_partition(parent, tilesz)",
                                  "a tile made at run time is a tile of a thread_block or of one warp's group", file,
                                  line);
    }
    emulated::validDynamicTile(tileSize, file, line);
    const warp_emulator::groups::WarpLanes lanes = emulated::GroupAccess::lanesOf(parent);
    return emulated::partitionLanes(lanes.mask, lanes.tiled,
                                    static_cast<unsigned int>(parent.thread_rank()), tileSize,
                                    warp_emulator::groups::dynamicTileTypeName(tileSize));
}

template <typename Group>
void sync(const Group& group, WARP_EMULATOR_SITE) {
    group.sync(file, line);
}
template <typename Group>
auto thread_rank(const Group& group) -> decltype(group.thread_rank()) {
    return group.thread_rank();
}
template <typename Group>
auto group_size(const Group& group) -> decltype(group.num_threads()) {
    return group.num_threads();
}

}  // namespace cooperative_groups
