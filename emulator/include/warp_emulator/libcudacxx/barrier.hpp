// barrier.hpp: libcu++'s cuda::barrier<cuda::thread_scope_block> (<cuda/barrier>),
// the arrive-wait barrier: init(&bar, expected) by one thread, then each
// phase completes when `expected` arrivals have come; arrive() returns the
// phase's token, wait(token) returns once it completed; arrive_and_wait(),
// arrive_and_drop(). Its rules, its memory order and how a wait that can
// never return is reported: runtime/rules/arrive_wait_barrier.hpp. And
// cuda::memcpy_async(dst, src, size, barrier), a copy that completes with the
// barrier's phase: it lands when its thread arrives on the barrier
// (runtime/checks/async_copies.hpp).
//
// The object is trivially constructible, as `__shared__ cuda::barrier<...> bar;`
// needs; its own bytes are what init() writes and each arrival touches, so
// that an arrival that nothing orders after init() is reported as a race.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "../device/async_copies.hpp"
#include "../device/barrier_calls.hpp"
#include "aligned_size.hpp"
#include "thread_scope.hpp"

namespace cuda {

template <thread_scope Scope>
class pipeline;

namespace emulated {

// The completion function of a barrier that has none.
struct NoCompletion {
    void operator()() const {}
};

struct BarrierAccess;

}  // namespace emulated

template <thread_scope Scope, typename CompletionFunction = emulated::NoCompletion>
class barrier {
    static_assert(Scope == thread_scope_block,
                  "the CPU warp emulator emulates cuda::barrier of block scope (cuda::thread_scope_block) only");

public:
    class arrival_token {
    public:
        arrival_token() = default;

    private:
        friend class barrier;
        friend class pipeline<thread_scope_block>;  // its stages' phases
        explicit arrival_token(unsigned long long phase) : phase_(phase) {}
        unsigned long long phase_ = 0;
    };

    barrier() = default;
    barrier(const barrier&) = delete;
    barrier& operator=(const barrier&) = delete;

    static constexpr std::ptrdiff_t max() { return (std::ptrdiff_t{1} << 20) - 1; }

    [[nodiscard]] arrival_token arrive(std::ptrdiff_t update = 1, WARP_EMULATOR_SITE) {
        return arrival_token(arriveBy(update, false, "barrier.arrive", file, line));
    }
    void wait(arrival_token&& token, WARP_EMULATOR_SITE) const {
        warp_emulator::barrierWait(const_cast<barrier*>(this), token.phase_, call("barrier.wait"), file, line);
    }
    void arrive_and_wait(WARP_EMULATOR_SITE) {
        const unsigned long long phase = arriveBy(1, false, "barrier.arrive_and_wait", file, line);
        warp_emulator::barrierWait(this, phase, call("barrier.arrive_and_wait"), file, line);
    }
    void arrive_and_drop(WARP_EMULATOR_SITE) { arriveBy(1, true, "barrier.arrive_and_drop", file, line); }
    bool test_wait(arrival_token&& token) const {
        return warp_emulator::barrierTestWait(const_cast<barrier*>(this), token.phase_);
    }
    bool try_wait(arrival_token&& token) const { return test_wait(std::move(token)); }

    friend struct emulated::BarrierAccess;

private:
    // The object's bytes (checked: init() writes them, each arrival touches them).
    unsigned long long state_;
    CompletionFunction completion_;

    static warp_emulator::GroupCall call(const char* name) {
        warp_emulator::GroupCall named;
        named.call = name;
        named.group = "cuda::barrier<cuda::thread_scope_block>";
        return named;
    }
    unsigned long long arriveBy(std::ptrdiff_t update, bool drop, const char* name, const char* file, int line) {
        const warp_emulator::Arrival arrival =
            warp_emulator::barrierArrive(this, static_cast<long long>(update), drop, call(name), file, line);
        if (arrival.runsCompletion) {
            completion_();  // by the thread whose arrival completed the phase, before any wait returns
            warp_emulator::barrierCompleted(this);
        }
        return arrival.phase;
    }
};

namespace emulated {

struct BarrierAccess {
    template <thread_scope Scope, typename CompletionFunction>
    static void init(barrier<Scope, CompletionFunction>* bar, std::ptrdiff_t expected, CompletionFunction completion,
                     const char* file, int line) {
        bar->state_ = static_cast<unsigned long long>(expected);
        bar->completion_ = completion;
        warp_emulator::barrierInit(bar, static_cast<long long>(expected),
                                   !std::is_same<CompletionFunction, NoCompletion>::value, file, line);
    }
};

}  // namespace emulated

// init(&bar, expected[, completion]): by one thread, before any other call
// (then __syncthreads(), so that the others' arrivals come after it).
template <thread_scope Scope, typename CompletionFunction>
void init(barrier<Scope, CompletionFunction>* bar, std::ptrdiff_t expected,
          CompletionFunction completion = CompletionFunction(), WARP_EMULATOR_SITE) {
    emulated::BarrierAccess::init(bar, expected, completion, file, line);
}

// A copy that completes with the barrier's current phase.
template <typename T, thread_scope Scope, typename CompletionFunction>
void memcpy_async(T* destination, const T* source, std::size_t bytes, barrier<Scope, CompletionFunction>& bar,
                  WARP_EMULATOR_SITE) {
    warp_emulator::asyncCopy(destination, source, bytes, 1, warp_emulator::copyChunk(destination, source, bytes), 0, 1,
                             &bar, "cuda::memcpy_async", file, line);
}
template <typename T, std::size_t Alignment, thread_scope Scope, typename CompletionFunction>
void memcpy_async(T* destination, const T* source, aligned_size_t<Alignment> bytes,
                  barrier<Scope, CompletionFunction>& bar, WARP_EMULATOR_SITE) {
    warp_emulator::asyncCopy(destination, source, bytes, Alignment, warp_emulator::copyChunk(destination, source, bytes),
                             0, 1, &bar, "cuda::memcpy_async", file, line);
}

// The group form (the Programming Guide's): every thread of the group calls
// it alike, and each copies its share, as cg::memcpy_async shares a copy
// (groups/copy_share.hpp, with <cooperative_groups.h>); each share completes
// with the barrier's current phase.
template <typename Group, typename T, thread_scope Scope, typename CompletionFunction>
void memcpy_async(const Group& group, T* destination, const T* source, std::size_t bytes,
                  barrier<Scope, CompletionFunction>& bar, WARP_EMULATOR_SITE) {
    emulatedGroupCopy(group, destination, source, bytes, 1, &bar, file, line);
}
template <typename Group, typename T, std::size_t Alignment, thread_scope Scope, typename CompletionFunction>
void memcpy_async(const Group& group, T* destination, const T* source, aligned_size_t<Alignment> bytes,
                  barrier<Scope, CompletionFunction>& bar, WARP_EMULATOR_SITE) {
    emulatedGroupCopy(group, destination, source, bytes, Alignment, &bar, file, line);
}

}  // namespace cuda
