// async_copies.hpp: cg::memcpy_async(group, dst, src, bytes) (bytes a size_t
// or a cuda::aligned_size_t), cg::memcpy_async(group, dst, dstCount, src,
// srcCount) (counts of elements), cg::wait(group) and cg::wait_prior<N>(group),
// of <cooperative_groups/memcpy_async.h>, on a thread_block, a
// thread_block_tile or a coalesced_group.
//
// The rule: every thread of the group calls memcpy_async with the same
// arguments (each copies its share of the bytes, pieces of up to 16 bytes in
// turn by rank, as CUDA's header shares them), so the call begins with a
// meeting of the group that the group's rules check (the warp rules for a
// tile or coalesced group, the block barrier's for a thread_block) and that
// orders no memory. Each call is one batch of the thread's copies
// (__pipeline_commit); wait_prior<N> makes every batch but the newest N,
// wait() all of them, and both then sync() the group, which is what orders
// the copies' writes before the other threads' reads. A copy is in flight
// from its memcpy_async to the wait that makes it (device/async_copies.hpp):
// reading its destination then is reported.
#pragma once

#include <cstddef>
#include <type_traits>

#include "../device/async_copies.hpp"
#include "../libcudacxx/aligned_size_fwd.hpp"
#include "copy_share.hpp"
#include "meeting.hpp"

namespace cooperative_groups {

namespace emulated {

template <typename Group>
void copyAsync(const Group& group, void* destination, const void* source, std::size_t bytes, std::size_t alignment,
               const char* file, int line) {
    copyShare(group, destination, source, bytes, alignment, nullptr, "cg::memcpy_async", file, line);
    warp_emulator::asyncCommit();
}

template <typename Group>
void waitThenSync(const Group& group, unsigned int keep, const char* name, const char* file, int line) {
    using namespace warp_emulator;
    asyncWaitPrior(keep);
    if constexpr (std::is_same<Group, thread_block>::value) {
        groups::groupRequest(Op::SyncThreads, 0, 0, 0, warpSize, {}, false, groups::named(name, "thread_block"), file,
                             line);
    } else {
        const groups::WarpLanes lanes = group.emulatedLanes();
        groups::groupRequest(Op::SyncWarp, lanes.mask, 0, 0, warpSize, {}, false, groups::named(name, lanes.type), file,
                             line);
    }
}

}  // namespace emulated

template <typename Group, typename T, typename Size>
void memcpy_async(const Group& group, T* destination, const T* source, const Size& bytes, WARP_EMULATOR_SITE) {
    emulated::copyAsync(group, destination, source, static_cast<std::size_t>(bytes),
                        cuda::emulated::PromisedAlignment<Size>::value, file, line);
}
template <typename Group, typename T, typename DestinationCount, typename SourceCount>
void memcpy_async(const Group& group, T* destination, const DestinationCount& destinationCount, const T* source,
                  const SourceCount& sourceCount, WARP_EMULATOR_SITE) {
    const std::size_t count = static_cast<std::size_t>(destinationCount) < static_cast<std::size_t>(sourceCount)
                                  ? static_cast<std::size_t>(destinationCount)
                                  : static_cast<std::size_t>(sourceCount);
    emulated::copyAsync(group, destination, source, count * sizeof(T), alignof(T), file, line);
}

template <typename Group>
void wait(const Group& group, WARP_EMULATOR_SITE) {
    emulated::waitThenSync(group, 0, "cg::wait", file, line);
}
template <unsigned int Stage, typename Group>
void wait_prior(const Group& group, WARP_EMULATOR_SITE) {
    emulated::waitThenSync(group, Stage, "cg::wait_prior", file, line);
}

}  // namespace cooperative_groups
