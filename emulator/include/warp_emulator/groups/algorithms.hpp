// algorithms.hpp: cg::reduce, cg::inclusive_scan and cg::exclusive_scan
// (<cooperative_groups/reduce.h>, <cooperative_groups/scan.h>) on a
// thread_block_tile or a coalesced_group, with the operators cg::plus,
// cg::less (the lesser value), cg::greater (the greater), cg::bit_and,
// cg::bit_or and cg::bit_xor, or any callable the program gives.
//
// What they answer, as the CUDA Programming Guide defines it: reduce gives
// every thread of the group op applied over the values of all of them;
// inclusive_scan gives the thread of rank r op over ranks 0..r, and
// exclusive_scan over ranks 0..r-1, which for rank 0 is a value-initialized
// T (T{}: 0, as CUDA's header returns). Values are combined in rank order,
// lower ranks on the left, so an operator that is associative gives the
// same answer however a GPU groups them.
//
// The rule: every thread of the group takes part. A call begins with a meeting
// of the group's lanes (meeting.hpp), which the warp rules check as any
// _sync intrinsic (warp_collectives.hpp's R2: every lane of the group that has
// not exited must reach the same call; a report names "cg::reduce(tile, ...)
// on a thread_block_tile<32>"), and which orders no memory. A lane of the
// group that has exited leaves the answer undefined (on a GPU the call reads
// its registers), so the others get poison and the read is reported. The
// values then travel between the lanes that met by shuffles among them alone.
// A tile of 64 to 1024 threads does the same in each of its warps, then
// between them (multi_warp_tiles.hpp).
#pragma once

#include <type_traits>
#include <utility>

#include "meeting.hpp"

namespace cooperative_groups {

template <typename T>
struct plus {
    constexpr T operator()(const T& a, const T& b) const { return a + b; }
};
template <typename T>
struct less {
    constexpr T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
template <typename T>
struct greater {
    constexpr T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
template <typename T>
struct bit_and {
    constexpr T operator()(const T& a, const T& b) const { return a & b; }
};
template <typename T>
struct bit_or {
    constexpr T operator()(const T& a, const T& b) const { return a | b; }
};
template <typename T>
struct bit_xor {
    constexpr T operator()(const T& a, const T& b) const { return a ^ b; }
};

namespace emulated {

template <typename Group>
constexpr void checkAlgorithmGroup() {
    static_assert(IsWarpGroup<std::decay_t<Group>>::value || IsMultiWarpTile<std::decay_t<Group>>::value,
                  "cg::reduce and cg::*_scan take a thread_block_tile or a coalesced_group (CUDA's take no other)");
}

template <typename T>
T fromRank(const Met& met, const T& value, unsigned int rank, const warp_emulator::GroupCall& call, const char* file,
           int line) {
    return warp_emulator::groups::shuffleValue(warp_emulator::Op::ShflIdx, met.present, value,
                                               static_cast<int>(warp_emulator::groups::laneOfRank(met.present, rank)),
                                               warpSize, call, file, line);
}

// op over every lane that met, in rank order; every lane gets it.
template <typename T, typename Fn>
T warpReduce(const Met& met, T value, Fn& op, const warp_emulator::GroupCall& call, const char* file, int line) {
    for (unsigned int distance = 1; distance < met.count; distance *= 2) {
        const unsigned int partner = met.rank + distance < met.count ? met.rank + distance : met.rank;
        const T other = fromRank(met, value, partner, call, file, line);
        if (met.rank % (2 * distance) == 0 && met.rank + distance < met.count) {
            value = op(value, other);
        }
    }
    return fromRank(met, value, 0, call, file, line);
}

// op over the lanes of rank 0..r, for the lane of rank r.
template <typename T, typename Fn>
T warpInclusiveScan(const Met& met, T value, Fn& op, const warp_emulator::GroupCall& call, const char* file, int line) {
    for (unsigned int distance = 1; distance < met.count; distance *= 2) {
        const unsigned int partner = met.rank >= distance ? met.rank - distance : met.rank;
        const T other = fromRank(met, value, partner, call, file, line);
        if (met.rank >= distance) {
            value = op(other, value);
        }
    }
    return value;
}

template <typename T>
T poisonIf(bool poisoned, const T& value) {
    return poisoned ? warp_emulator::poison<T>() : value;
}

enum class Scan { Inclusive, Exclusive };

template <typename Group, typename T, typename Fn>
T reduceOf(const Group& group, const T& value, Fn& op, const char* name, const char* file, int line) {
    using namespace warp_emulator;
    checkAlgorithmGroup<Group>();
    if constexpr (IsWarpGroup<Group>::value) {
        const groups::WarpLanes lanes = group.emulatedLanes();
        const GroupCall call = groups::named(name, lanes.type);
        const Met met = meet(lanes, call, file, line);
        return poisonIf(met.poisoned, warpReduce(met, value, op, call, file, line));
    } else {
        constexpr unsigned int kSize = Group::size();
        const GroupCall call = groups::named(name, groups::tileTypeName(kSize));
        groups::WarpLanes warp;
        warp.mask = 0xffffffffu;
        warp.type = groups::tileTypeName(kSize);
        const Met met = meet(warp, call, file, line);
        const T partial = warpReduce(met, value, op, call, file, line);
        const unsigned int first = Group::emulatedFirst();
        T total = tileShuffle(first, kSize, partial, 0, call, file, line);
        for (unsigned int source = warpSize; source < kSize; source += warpSize) {
            total = op(total, tileShuffle(first, kSize, partial, source, call, file, line));
        }
        return poisonIf(met.poisoned, total);
    }
}

template <typename Group, typename T, typename Fn>
T scanOf(const Group& group, const T& value, Fn& op, Scan kind, const char* name, const char* file, int line) {
    using namespace warp_emulator;
    checkAlgorithmGroup<Group>();
    if constexpr (IsWarpGroup<Group>::value) {
        const groups::WarpLanes lanes = group.emulatedLanes();
        const GroupCall call = groups::named(name, lanes.type);
        const Met met = meet(lanes, call, file, line);
        const T inclusive = warpInclusiveScan(met, value, op, call, file, line);
        if (kind == Scan::Inclusive) {
            return poisonIf(met.poisoned, inclusive);
        }
        const T before = fromRank(met, inclusive, met.rank > 0 ? met.rank - 1 : 0, call, file, line);
        return poisonIf(met.poisoned, met.rank > 0 ? before : T{});
    } else {
        constexpr unsigned int kSize = Group::size();
        const GroupCall call = groups::named(name, groups::tileTypeName(kSize));
        groups::WarpLanes warp;
        warp.mask = 0xffffffffu;
        warp.type = groups::tileTypeName(kSize);
        const Met met = meet(warp, call, file, line);
        const T inclusive = warpInclusiveScan(met, value, op, call, file, line);
        const T exclusive = fromRank(met, inclusive, met.rank > 0 ? met.rank - 1 : 0, call, file, line);
        // The totals of the warps below this one, in order.
        const unsigned int first = Group::emulatedFirst();
        const unsigned int myWarp = (groups::blockThreadRank() - first) / warpSize;
        bool any = false;
        T before{};
        for (unsigned int warpIndex = 0; warpIndex + 1 < kSize / warpSize; ++warpIndex) {
            const T total = tileShuffle(first, kSize, inclusive, warpIndex * warpSize + warpSize - 1, call, file, line);
            if (warpIndex < myWarp) {
                before = any ? op(before, total) : total;
                any = true;
            }
        }
        T result;
        if (kind == Scan::Inclusive) {
            result = any ? op(before, inclusive) : inclusive;
        } else if (met.rank > 0) {
            result = any ? op(before, exclusive) : exclusive;
        } else {
            result = any ? before : T{};
        }
        return poisonIf(met.poisoned, result);
    }
}

}  // namespace emulated

template <typename Group, typename T, typename Fn>
auto reduce(const Group& group, T&& value, Fn&& op, WARP_EMULATOR_SITE) -> std::decay_t<decltype(op(value, value))> {
    using Value = std::decay_t<decltype(op(value, value))>;
    return emulated::reduceOf(group, static_cast<Value>(value), op, "cg::reduce", file, line);
}

template <typename Group, typename T, typename Fn>
auto inclusive_scan(const Group& group, T&& value, Fn&& op, WARP_EMULATOR_SITE)
    -> std::decay_t<decltype(op(value, value))> {
    using Value = std::decay_t<decltype(op(value, value))>;
    return emulated::scanOf(group, static_cast<Value>(value), op, emulated::Scan::Inclusive, "cg::inclusive_scan",
                            file, line);
}
template <typename Group, typename T>
std::decay_t<T> inclusive_scan(const Group& group, T&& value, WARP_EMULATOR_SITE) {
    plus<std::decay_t<T>> op;
    return emulated::scanOf(group, static_cast<std::decay_t<T>>(value), op, emulated::Scan::Inclusive,
                            "cg::inclusive_scan", file, line);
}

template <typename Group, typename T, typename Fn>
auto exclusive_scan(const Group& group, T&& value, Fn&& op, WARP_EMULATOR_SITE)
    -> std::decay_t<decltype(op(value, value))> {
    using Value = std::decay_t<decltype(op(value, value))>;
    return emulated::scanOf(group, static_cast<Value>(value), op, emulated::Scan::Exclusive, "cg::exclusive_scan",
                            file, line);
}
template <typename Group, typename T>
std::decay_t<T> exclusive_scan(const Group& group, T&& value, WARP_EMULATOR_SITE) {
    plus<std::decay_t<T>> op;
    return emulated::scanOf(group, static_cast<std::decay_t<T>>(value), op, emulated::Scan::Exclusive,
                            "cg::exclusive_scan", file, line);
}

}  // namespace cooperative_groups
