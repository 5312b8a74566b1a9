// meeting.hpp: how a cooperative group's collective that the header writes
// itself (cg::reduce, the scans, cg::memcpy_async) begins: the group's lanes
// meet (Op::GroupMeet, which the warp rules check as any _sync intrinsic and
// which orders no memory), and each learns which lanes came and its rank
// among them.
#pragma once

#include <type_traits>

#include "thread_group_calls.hpp"

namespace cooperative_groups {
namespace emulated {

template <typename Group>
struct IsWarpGroup : std::false_type {};
template <unsigned int Size, typename ParentT>
struct IsWarpGroup<thread_block_tile<Size, ParentT>> : std::integral_constant<bool, Size <= 32> {};
template <>
struct IsWarpGroup<coalesced_group> : std::true_type {};

template <typename Group>
struct IsMultiWarpTile : std::false_type {};
template <unsigned int Size, typename ParentT>
struct IsMultiWarpTile<thread_block_tile<Size, ParentT>> : std::integral_constant<bool, (Size > 32)> {};

// The lanes of `lanes` that met at the call: poisoned when a lane of the
// group has exited (the meeting reported it).
struct Met {
    unsigned int present = 0;
    bool poisoned = false;
    unsigned int rank = 0;
    unsigned int count = 0;
};

inline Met meet(const warp_emulator::groups::WarpLanes& lanes, const warp_emulator::GroupCall& call, const char* file,
                int line) {
    using namespace warp_emulator;
    const Answer done = groups::groupRequest(Op::GroupMeet, lanes.mask, 0, 0, warpSize, {}, false, call, file, line);
    Met met;
    met.present = static_cast<unsigned int>(done.result) | (1u << groups::laneId());
    met.poisoned = done.poisoned;
    met.rank = groups::rankIn(met.present, groups::laneId());
    met.count = static_cast<unsigned int>(__builtin_popcount(met.present));
    return met;
}

}  // namespace emulated
}  // namespace cooperative_groups
