// coalesced.hpp: coalesced_group, the lanes of one warp that run together,
// and the groups that split one: coalesced_threads() (the lanes at the same
// __activemask() together), labeled_partition(group, label) (the lanes with
// the same label: __match_any_sync), binary_partition(group, predicate) (a
// __ballot_sync, and its complement), and tiled_partition(parent, n), the
// tile made at run time, which CUDA's header makes a coalesced group too.
// Every call is a _sync intrinsic with the group's lanes as the mask, named
// in a report as the group's call; a coalesced group counts its lanes by rank
// (thread_rank() is the number of its lanes below this one), so its shfl,
// shfl_up and shfl_down read the lane of the rank they name, and its ballot
// and match answer with bit r for rank r.
#pragma once

#include "tiles.hpp"

namespace cooperative_groups {

class coalesced_group : public thread_group {
public:
    unsigned int size() const { return static_cast<unsigned int>(__builtin_popcount(lanes_.mask)); }
    unsigned int num_threads() const { return size(); }
    unsigned int thread_rank() const {
        return static_cast<unsigned int>(__builtin_popcount(lanes_.mask & warp_emulator::groups::lanesBelow()));
    }
    unsigned int meta_group_rank() const { return metaRank_; }
    unsigned int meta_group_size() const { return metaSize_; }

    void sync(WARP_EMULATOR_SITE) const {
        warp_emulator::groups::groupRequest(warp_emulator::Op::SyncWarp, lanes_.mask, 0, 0, warpSize, {}, false,
                                            call("group.sync"), file, line);
    }

    template <typename T>
    T shfl(const T& var, unsigned int srcRank, WARP_EMULATOR_SITE) const {
        const unsigned int source = warp_emulator::groups::laneOfRank(lanes_.mask, srcRank);
        return shuffleFrom(var, source, call("group.shfl", srcRank), file, line);
    }
    template <typename T>
    T shfl_down(const T& var, unsigned int delta, WARP_EMULATOR_SITE) const {
        const unsigned int lane = warp_emulator::groups::laneId();
        const unsigned int target = warp_emulator::groups::laneOfRank(lanes_.mask, thread_rank() + delta);
        return shuffleFrom(var, target < 32 ? target : lane, call("group.shfl_down", delta), file, line);
    }
    template <typename T>
    T shfl_up(const T& var, unsigned int delta, WARP_EMULATOR_SITE) const {
        const unsigned int lane = warp_emulator::groups::laneId();
        const unsigned int rank = thread_rank();
        const unsigned int target = rank >= delta ? warp_emulator::groups::laneOfRank(lanes_.mask, rank - delta) : lane;
        return shuffleFrom(var, target, call("group.shfl_up", delta), file, line);
    }

    int any(int predicate, WARP_EMULATOR_SITE) const { return lanesWith(predicate, "group.any", file, line) != 0; }
    int all(int predicate, WARP_EMULATOR_SITE) const {
        return lanesWith(predicate, "group.all", file, line) == lanes_.mask;
    }
    unsigned int ballot(int predicate, WARP_EMULATOR_SITE) const {
        return warp_emulator::groups::byRank(lanes_.mask, lanesWith(predicate, "group.ballot", file, line));
    }
    template <typename T>
    unsigned int match_any(T value, WARP_EMULATOR_SITE) const {
        using namespace warp_emulator;
        const Answer done = groups::groupRequest(Op::MatchAny, lanes_.mask, bitsOf(value), 0, warpSize,
                                                  valueTypeOf<T>(), false, call("group.match_any"), file, line);
        return groups::byRank(lanes_.mask, groups::maskAnswer(done));
    }
    template <typename T>
    unsigned int match_all(T value, int& pred, WARP_EMULATOR_SITE) const {
        using namespace warp_emulator;
        const Answer done = groups::groupRequest(Op::MatchAll, lanes_.mask, bitsOf(value), 0, warpSize,
                                                  valueTypeOf<T>(), false, call("group.match_all"), file, line);
        pred = done.allMatched && !done.poisoned;
        return groups::byRank(lanes_.mask, groups::maskAnswer(done));
    }

    // For cg::reduce, cg::*_scan and cg::memcpy_async (algorithms.hpp, async_copies.hpp).
    warp_emulator::groups::WarpLanes emulatedLanes() const { return lanes_; }

    // Made by the functions below; `type` names it in a report.
    explicit coalesced_group(unsigned int mask, const char* type = "coalesced_group", bool tiled = false)
        : thread_group(emulated::GroupKind::WarpLanes, type) {
        lanes_.mask = mask;
        lanes_.width = 32;
        lanes_.isTile = false;
        lanes_.tiled = tiled;
        lanes_.type = type;
    }
    void emulatedMeta(unsigned int rank, unsigned int size) {
        metaRank_ = rank;
        metaSize_ = size;
    }

private:
    warp_emulator::GroupCall call(const char* name) const { return warp_emulator::groups::named(name, type_); }
    warp_emulator::GroupCall call(const char* name, long long operand) const {
        return warp_emulator::groups::named(name, type_, operand);
    }
    template <typename T>
    T shuffleFrom(const T& var, unsigned int sourceLane, const warp_emulator::GroupCall& named, const char* file,
                  int line) const {
        return warp_emulator::groups::shuffleValue(warp_emulator::Op::ShflIdx, lanes_.mask, var,
                                                   static_cast<int>(sourceLane), warpSize, named, file, line);
    }
    unsigned int lanesWith(int predicate, const char* name, const char* file, int line) const {
        using namespace warp_emulator;
        return groups::maskAnswer(
            groups::groupRequest(Op::Ballot, lanes_.mask, predicate != 0, 0, warpSize, {}, false, call(name), file, line));
    }
};

// The lanes of this warp that reached this call together (__activemask()).
inline coalesced_group coalesced_threads(WARP_EMULATOR_SITE) {
    warp_emulator::Answer done = warp_emulator::groups::groupRequest(
        warp_emulator::Op::ActiveMask, 0, 0, 0, warpSize, {}, false,
        warp_emulator::groups::named("cg::coalesced_threads", "coalesced_group"), file, line);
    return coalesced_group(static_cast<unsigned int>(done.result));
}

namespace emulated {

// The lanes of `parent` (one warp's) a tile of `tileSize` of them holds:
// for a tile's lanes, the tile of the warp holding this lane, less lanes the
// block does not have; for any other coalesced group, `tileSize` lanes in
// rank order (CUDA's header: ranks [r & ~(n-1), + n)).
inline coalesced_group partitionLanes(unsigned int parentMask, bool parentIsTiled, unsigned int parentRank,
                                      unsigned int tileSize, const char* type) {
    using namespace warp_emulator::groups;
    const unsigned int parentSize = static_cast<unsigned int>(__builtin_popcount(parentMask));
    if (parentSize <= tileSize) {
        coalesced_group whole(parentMask, type, parentIsTiled);
        return whole;
    }
    unsigned int mask = 0;
    if (parentIsTiled) {
        const unsigned int firstRank = parentRank & ~(tileSize - 1u);
        const unsigned int length = parentSize - firstRank < tileSize ? parentSize - firstRank : tileSize;
        mask = (length >= 32 ? 0xffffffffu : (1u << length) - 1u) << (laneId() & ~(tileSize - 1u));
    } else {
        const unsigned int firstRank = parentRank / tileSize * tileSize;
        for (unsigned int rank = firstRank; rank < firstRank + tileSize && rank < parentSize; ++rank) {
            mask |= 1u << laneOfRank(parentMask, rank);
        }
    }
    coalesced_group tile(mask, type, parentIsTiled);
    tile.emulatedMeta(parentRank / tileSize, (parentSize + tileSize - 1u) / tileSize);
    return tile;
}

inline bool validDynamicTile(unsigned int tileSize, const char* file, int line) {
    if (tileSize == 0 || tileSize > 32 || !warp_emulator::groups::isPowerOfTwo(tileSize)) {
        warp_emulator::groupAbort("cg::tiled_partition(parent, tilesz)",
                                  "the size of a tile made at run time must be a power of 2 of at most 32 (1, 2, 4, "
                                  "8, 16 or 32)",
                                  file, line);
        return false;
    }
    return true;
}

}  // namespace emulated

// tiled_partition(parent, n): a tile made at run time, a thread_group (of a
// thread_block) or a coalesced_group (of one); n a power of 2 of at most 32.
inline coalesced_group tiled_partition(const coalesced_group& parent, unsigned int tileSize, WARP_EMULATOR_SITE) {
    emulated::validDynamicTile(tileSize, file, line);
    return emulated::partitionLanes(parent.emulatedLanes().mask, parent.emulatedLanes().tiled, parent.thread_rank(),
                                    tileSize, "coalesced_group");
}
inline thread_group tiled_partition(const thread_block& parent, unsigned int tileSize, WARP_EMULATOR_SITE) {
    emulated::validDynamicTile(tileSize, file, line);
    using namespace warp_emulator::groups;
    const unsigned int rank = parent.thread_rank();
    const unsigned int firstRank = rank & ~(tileSize - 1u);
    const unsigned int count = parent.size() - firstRank < tileSize ? parent.size() - firstRank : tileSize;
    coalesced_group tile((count >= 32 ? 0xffffffffu : (1u << count) - 1u) << (laneId() & ~(tileSize - 1u)),
                         dynamicTileTypeName(tileSize), true);
    tile.emulatedMeta(rank / tileSize, (parent.size() + tileSize - 1u) / tileSize);
    return tile;
}
template <unsigned int Size, typename ParentT>
coalesced_group tiled_partition(const thread_block_tile<Size, ParentT>& parent, unsigned int tileSize,
                                WARP_EMULATOR_SITE) {
    static_assert(Size <= 32, "tiled_partition(tile, n): the tile must be of at most 32 threads");
    emulated::validDynamicTile(tileSize, file, line);
    return emulated::partitionLanes(parent.emulatedLanes().mask, true, parent.thread_rank(), tileSize,
                                    warp_emulator::groups::dynamicTileTypeName(tileSize));
}
thread_group tiled_partition(const thread_group& parent, unsigned int tileSize, WARP_EMULATOR_SITE);

// labeled_partition(group, label): the lanes of the group that hold the same label.
template <typename Label>
coalesced_group labeled_partition(const coalesced_group& parent, Label label, WARP_EMULATOR_SITE) {
    using namespace warp_emulator;
    const Answer done =
        groups::groupRequest(Op::MatchAny, parent.emulatedLanes().mask, bitsOf(label), 0, warpSize,
                             valueTypeOf<Label>(), false, groups::named("cg::labeled_partition", "coalesced_group"),
                             file, line);
    return coalesced_group(groups::maskAnswer(done));
}
template <unsigned int Size, typename ParentT, typename Label>
coalesced_group labeled_partition(const thread_block_tile<Size, ParentT>& parent, Label label, WARP_EMULATOR_SITE) {
    static_assert(Size <= 32, "labeled_partition: the tile must be of at most 32 threads");
    using namespace warp_emulator;
    const Answer done =
        groups::groupRequest(Op::MatchAny, parent.emulatedLanes().mask, bitsOf(label), 0, warpSize,
                             valueTypeOf<Label>(), false,
                             groups::named("cg::labeled_partition", groups::tileTypeName(Size)), file, line);
    return coalesced_group(groups::maskAnswer(done));
}

namespace emulated {

inline coalesced_group binaryPartition(unsigned int parentMask, const char* type, bool predicate, const char* file,
                                       int line) {
    using namespace warp_emulator;
    const Answer done = groups::groupRequest(Op::Ballot, parentMask, predicate, 0, warpSize, {}, false,
                                              groups::named("cg::binary_partition", type), file, line);
    const unsigned int holding = groups::maskAnswer(done);
    return coalesced_group(predicate ? holding : parentMask & ~holding);
}

}  // namespace emulated

// binary_partition(group, predicate): the lanes of the group whose predicate
// is the same as this lane's.
inline coalesced_group binary_partition(const coalesced_group& parent, bool predicate, WARP_EMULATOR_SITE) {
    return emulated::binaryPartition(parent.emulatedLanes().mask, "coalesced_group", predicate, file, line);
}
template <unsigned int Size, typename ParentT>
coalesced_group binary_partition(const thread_block_tile<Size, ParentT>& parent, bool predicate, WARP_EMULATOR_SITE) {
    static_assert(Size <= 32, "binary_partition: the tile must be of at most 32 threads");
    return emulated::binaryPartition(parent.emulatedLanes().mask, warp_emulator::groups::tileTypeName(Size), predicate,
                                     file, line);
}

}  // namespace cooperative_groups
