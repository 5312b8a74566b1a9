// tiles.hpp: thread_block_tile<N> and tiled_partition: a block cut into
// tiles of N threads, by the thread's rank in the block (CUDA's
// thread_rank() & (N - 1)). A tile of up to 32 threads (N = 1, 2, 4, ..., 32)
// is N lanes of one warp: its calls are the _sync intrinsics with the
// tile's lanes as the mask and N as the width, as CUDA's header makes them,
// so the warp rules apply unchanged (runtime/rules/warp_collectives.hpp):
// every lane of the tile that has not exited must reach the same call, and
// a shuffle may read only a lane that takes part. A report names the tile's
// call, "tile.shfl_down(..., 1) on a thread_block_tile<16>", with the
// intrinsic beneath it. A tile of 64 to 1024 threads spans warps
// (multi_warp_tiles.hpp).
//
// What CUDA's header answers, and so these: a tile's ballot and match count
// lanes from the tile's first (bit 0 is the tile's rank 0); all() is its
// ballot equal to every lane of the tile, so a tile with exited lanes (the
// last tile of a block whose size N does not divide) answers 0.
#pragma once

#include <type_traits>

#include "multi_warp_tiles.hpp"
#include "thread_block.hpp"

namespace cooperative_groups {

template <unsigned int Size, typename ParentT = void>
class thread_block_tile;

namespace emulated {

template <typename Group>
struct IsTile : std::false_type {};
template <unsigned int Size, typename ParentT>
struct IsTile<thread_block_tile<Size, ParentT>> : std::true_type {};

}  // namespace emulated

template <unsigned int Size>
class thread_block_tile<Size, void> : public thread_group {
    static_assert(warp_emulator::groups::isPowerOfTwo(Size) && Size <= 1024,
                  "thread_block_tile<Size>: Size must be a power of 2, from 1 to 1024");
    static constexpr bool kOneWarp = Size <= 32;
    using Calls = warp_emulator::groups::WarpLanes;

public:
    static constexpr unsigned int numThreads = Size;

    static constexpr unsigned int size() { return Size; }
    static constexpr unsigned int num_threads() { return Size; }
    static unsigned int thread_rank() { return warp_emulator::groups::blockThreadRank() & (Size - 1u); }
    unsigned int meta_group_rank() const { return metaRank_; }
    unsigned int meta_group_size() const { return metaSize_; }

    void sync(WARP_EMULATOR_SITE) const {
        using namespace warp_emulator;
        if constexpr (kOneWarp) {
            groups::groupRequest(Op::SyncWarp, mask(), 0, 0, warpSize, {}, false, call("tile.sync"), file, line);
        } else {
            emulated::tileSync(first(), Size, call("tile.sync"), file, line);
        }
    }

    template <typename T>
    T shfl(const T& var, int srcRank, WARP_EMULATOR_SITE) const {
        using namespace warp_emulator;
        if constexpr (kOneWarp) {
            return groups::shuffleValue(Op::ShflIdx, mask(), var, srcRank, static_cast<int>(Size),
                                        call("tile.shfl", srcRank), file, line);
        } else {
            return emulated::tileShuffle(first(), Size, var, static_cast<unsigned int>(srcRank),
                                         call("tile.shfl", srcRank), file, line);
        }
    }
    template <typename T>
    T shfl_down(const T& var, unsigned int delta, WARP_EMULATOR_SITE) const {
        static_assert(kOneWarp, "shfl_down: a tile of more than 32 threads has only shfl (CUDA's too)");
        return warp_emulator::groups::shuffleValue(warp_emulator::Op::ShflDown, mask(), var, static_cast<int>(delta),
                                                   static_cast<int>(Size), call("tile.shfl_down", delta), file, line);
    }
    template <typename T>
    T shfl_up(const T& var, unsigned int delta, WARP_EMULATOR_SITE) const {
        static_assert(kOneWarp, "shfl_up: a tile of more than 32 threads has only shfl (CUDA's too)");
        return warp_emulator::groups::shuffleValue(warp_emulator::Op::ShflUp, mask(), var, static_cast<int>(delta),
                                                   static_cast<int>(Size), call("tile.shfl_up", delta), file, line);
    }
    template <typename T>
    T shfl_xor(const T& var, unsigned int laneMask, WARP_EMULATOR_SITE) const {
        static_assert(kOneWarp, "shfl_xor: a tile of more than 32 threads has only shfl (CUDA's too)");
        return warp_emulator::groups::shuffleValue(warp_emulator::Op::ShflXor, mask(), var,
                                                   static_cast<int>(laneMask), static_cast<int>(Size),
                                                   call("tile.shfl_xor", laneMask), file, line);
    }

    int any(int predicate, WARP_EMULATOR_SITE) const {
        if constexpr (kOneWarp) {
            return ballotOf(predicate, "tile.any", file, line) != 0;
        } else {
            return emulated::tileCount(first(), Size, predicate != 0, call("tile.any"), file, line) != 0;
        }
    }
    int all(int predicate, WARP_EMULATOR_SITE) const {
        if constexpr (kOneWarp) {
            return ballotOf(predicate, "tile.all", file, line) == (Size >= 32 ? 0xffffffffu : (1u << Size) - 1u);
        } else {
            return emulated::tileCount(first(), Size, predicate != 0, call("tile.all"), file, line) == Size;
        }
    }
    // Bit r for the tile's rank r (a tile of up to 32 threads).
    unsigned int ballot(int predicate, WARP_EMULATOR_SITE) const {
        static_assert(kOneWarp, "ballot: a tile of more than 32 threads has no 32-bit ballot");
        return ballotOf(predicate, "tile.ballot", file, line);
    }
    template <typename T>
    unsigned int match_any(T value, WARP_EMULATOR_SITE) const {
        static_assert(kOneWarp, "match_any: a tile of more than 32 threads has none (CUDA's neither)");
        using namespace warp_emulator;
        const Answer done = groups::groupRequest(Op::MatchAny, mask(), bitsOf(value), 0, warpSize, valueTypeOf<T>(),
                                                  false, call("tile.match_any"), file, line);
        return groups::maskAnswer(done) >> firstLane();
    }
    template <typename T>
    unsigned int match_all(T value, int& pred, WARP_EMULATOR_SITE) const {
        static_assert(kOneWarp, "match_all: a tile of more than 32 threads has none (CUDA's neither)");
        using namespace warp_emulator;
        const Answer done = groups::groupRequest(Op::MatchAll, mask(), bitsOf(value), 0, warpSize, valueTypeOf<T>(),
                                                  false, call("tile.match_all"), file, line);
        pred = done.allMatched && !done.poisoned;
        return groups::maskAnswer(done) >> firstLane();
    }

    // For cg::reduce, cg::*_scan and cg::memcpy_async (algorithms.hpp, async_copies.hpp).
    warp_emulator::groups::WarpLanes emulatedLanes() const {
        Calls lanes;
        lanes.mask = mask();
        lanes.width = kOneWarp ? Size : 32u;
        lanes.isTile = true;
        lanes.tiled = true;
        lanes.type = warp_emulator::groups::tileTypeName(Size);
        return lanes;
    }
    static unsigned int emulatedFirst() { return first(); }

protected:
    thread_block_tile(unsigned int metaRank, unsigned int metaSize)
        : thread_group(kOneWarp ? emulated::GroupKind::WarpLanes : emulated::GroupKind::MultiWarpTile,
                       warp_emulator::groups::tileTypeName(Size)) {
        lanes_ = kOneWarp ? emulatedLanes() : Calls{};
        tileFirst_ = first();
        tileSize_ = Size;
        metaRank_ = metaRank;
        metaSize_ = metaSize;
    }
    template <unsigned int, typename>
    friend class thread_block_tile;
    friend thread_block_tile<1, void> this_thread();

private:
    static unsigned int mask() { return warp_emulator::groups::tileMask(Size, warp_emulator::groups::laneId()); }
    static unsigned int firstLane() { return Size >= 32 ? 0u : warp_emulator::groups::laneId() & ~(Size - 1u); }
    static unsigned int first() { return warp_emulator::groups::blockThreadRank() & ~(Size - 1u); }
    static warp_emulator::GroupCall call(const char* name) {
        return warp_emulator::groups::named(name, warp_emulator::groups::tileTypeName(Size));
    }
    static warp_emulator::GroupCall call(const char* name, long long operand) {
        return warp_emulator::groups::named(name, warp_emulator::groups::tileTypeName(Size), operand);
    }
    unsigned int ballotOf(int predicate, const char* name, const char* file, int line) const {
        using namespace warp_emulator;
        const Answer done =
            groups::groupRequest(Op::Ballot, mask(), predicate != 0, 0, warpSize, {}, false, call(name), file, line);
        return groups::maskAnswer(done) >> firstLane();
    }
};

// The tile as tiled_partition<Size>(parent) made it: its parent's type
// gives meta_group_rank() and meta_group_size(). It converts to thread_block_tile<Size>.
template <unsigned int Size, typename ParentT>
class thread_block_tile : public thread_block_tile<Size, void> {
public:
    explicit thread_block_tile(const ParentT& parent)
        : thread_block_tile<Size, void>(static_cast<unsigned int>(parent.thread_rank() / Size),
                                        static_cast<unsigned int>((parent.size() + Size - 1) / Size)) {
    }
};

template <unsigned int Size, typename ParentT>
thread_block_tile<Size, ParentT> tiled_partition(const ParentT& parent) {
    static_assert(std::is_same<ParentT, thread_block>::value || emulated::IsTile<ParentT>::value,
                  "tiled_partition<Size>(parent): the parent is a thread_block or a thread_block_tile");
    return thread_block_tile<Size, ParentT>(parent);
}

// The calling thread alone, a tile of one.
inline thread_block_tile<1, void> this_thread() { return thread_block_tile<1, void>(0, 1); }

}  // namespace cooperative_groups
