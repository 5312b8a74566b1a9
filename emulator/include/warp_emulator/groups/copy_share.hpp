// copy_share.hpp: the calling thread's share of a copy that a whole group
// makes, cg::memcpy_async's (async_copies.hpp) and the group forms of
// cuda::memcpy_async (libcudacxx/barrier.hpp, pipeline.hpp): the group's
// threads meet first, under the group's rules, and each then copies its
// pieces by rank (device/async_copies.hpp).
#pragma once

#include <cstddef>
#include <type_traits>

#include "../device/async_copies.hpp"
#include "meeting.hpp"
#include "thread_block.hpp"

namespace cooperative_groups {

namespace emulated {

template <typename Group>
struct IsCopyGroup : std::integral_constant<bool, IsWarpGroup<Group>::value || std::is_same<Group, thread_block>::value> {};

// The group's meeting at one of its calls; the thread's rank and the group's size.
template <typename Group>
void groupMeet(const Group& group, const char* name, const char* file, int line, unsigned int* rank,
               unsigned int* count) {
    using namespace warp_emulator;
    if constexpr (std::is_same<Group, thread_block>::value) {
        groups::groupRequest(Op::BlockMeet, 0, 0, 0, warpSize, {}, false, groups::named(name, "thread_block"), file,
                             line);
        *rank = thread_block::thread_rank();
        *count = thread_block::size();
    } else {
        const groups::WarpLanes lanes = group.emulatedLanes();
        const Met met = meet(lanes, groups::named(name, lanes.type), file, line);
        *rank = met.rank;
        *count = met.count;
    }
}

template <typename Group>
void copyShare(const Group& group, void* destination, const void* source, std::size_t bytes, std::size_t alignment,
               const void* completion, const char* call, const char* file, int line) {
    static_assert(IsCopyGroup<Group>::value,
                  "a group's memcpy_async takes a thread_block, a thread_block_tile of up to 32 threads or a "
                  "coalesced_group");
    unsigned int rank = 0, count = 1;
    groupMeet(group, call, file, line, &rank, &count);
    warp_emulator::asyncCopy(destination, source, bytes, alignment,
                             warp_emulator::copyChunk(destination, source, bytes), rank, count, completion, call,
                             file, line);
}

}  // namespace emulated

// The group forms of cuda::memcpy_async call this unqualified, so that it is
// found in the group's namespace when a kernel makes the call, whichever of
// <cuda/barrier> and <cooperative_groups.h> came first. `completion`: the
// barrier whose phase, or the pipeline stage whose wait, makes the copy.
template <typename Group>
void emulatedGroupCopy(const Group& group, void* destination, const void* source, std::size_t bytes,
                       std::size_t alignment, const void* completion, const char* file, int line) {
    emulated::copyShare(group, destination, source, bytes, alignment, completion, "cuda::memcpy_async", file, line);
}

}  // namespace cooperative_groups
