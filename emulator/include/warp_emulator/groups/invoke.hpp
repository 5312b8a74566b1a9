// invoke.hpp: cg::invoke_one and cg::invoke_one_broadcast (CUDA 12.0 on),
// which cooperative_groups.h declares as CUDA's does.
//
// invoke_one(group, fn, args...): one thread of the group calls
// fn(args...). The Programming Guide leaves which one arbitrary; here it is
// the thread of rank 0, which on an H200 (elect.sync) is the group's lowest
// lane too. invoke_one_broadcast, for a coalesced_group or a tile of up to
// 32 threads, also hands fn's result to every thread of the group, through
// the group's shfl(), so that its threads meet under the warp rules there.
#pragma once

#include <type_traits>
#include <utility>

#include "meeting.hpp"

namespace cooperative_groups {

template <typename Group, typename Fn, typename... Args>
void invoke_one(const Group& group, Fn&& fn, Args&&... args) {
    if (group.thread_rank() == 0) {
        std::forward<Fn>(fn)(std::forward<Args>(args)...);
    }
}

template <typename Group, typename Fn, typename... Args>
auto invoke_one_broadcast(const Group& group, Fn&& fn, Args&&... args)
    -> std::remove_reference_t<decltype(std::forward<Fn>(fn)(std::forward<Args>(args)...))> {
    using Result = decltype(std::forward<Fn>(fn)(std::forward<Args>(args)...));
    static_assert(emulated::IsWarpGroup<Group>::value,
                  "cg::invoke_one_broadcast takes a coalesced_group or a thread_block_tile of up to 32 threads");
    static_assert(!std::is_void<Result>::value, "For invocables returning void invoke_one should be used instead");
    std::remove_cv_t<std::remove_reference_t<Result>> result{};
    if (group.thread_rank() == 0) {
        result = std::forward<Fn>(fn)(std::forward<Args>(args)...);
    }
    return group.shfl(result, 0);
}

}  // namespace cooperative_groups
