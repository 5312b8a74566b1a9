// pipeline.hpp: libcu++'s cuda::pipeline (<cuda/pipeline>): stages of
// asynchronous copies, each produced (producer_acquire, cuda::memcpy_async,
// producer_commit) and then consumed (consumer_wait, consumer_release), in
// order.
//
//   cuda::pipeline<cuda::thread_scope_thread> (cuda::make_pipeline()): the
//     thread's own stages. producer_commit makes the copies since the last
//     one a batch; consumer_wait waits for the oldest batch not yet waited
//     for, which is the consumer's from then on, as libcu++'s does
//     (consumer_release adds nothing); these are the thread's cp.async
//     groups, which cg::memcpy_async uses too.
//   cuda::pipeline<cuda::thread_scope_block> (cuda::make_pipeline(block,
//     &shared_state, role or producer count)): stages shared by the block's
//     threads, each stage two arrive-wait barriers of the shared state, one
//     that the producers arrive on when their copies of it are done, one that
//     the consumers arrive on when they release it (barrier.hpp). A consumer
//     waits for the first, a producer that takes the stage up again for the
//     second.
//
// A copy is in flight from its memcpy_async until it is waited for: for a
// stage of the thread's own, its consumer_wait; for a shared stage, the
// producer's producer_commit, after which the consumers' consumer_wait orders
// it before their reads (runtime/checks/async_copies.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "../device/async_copies.hpp"
#include "../groups/thread_block.hpp"
#include "barrier.hpp"

namespace cuda {

enum class pipeline_role { producer, consumer };

template <thread_scope Scope>
class pipeline;

template <thread_scope Scope, std::uint8_t StagesCount>
class pipeline_shared_state {
    static_assert(Scope == thread_scope_block,
                  "the CPU warp emulator emulates cuda::pipeline_shared_state of block scope only");

public:
    pipeline_shared_state() = default;
    pipeline_shared_state(const pipeline_shared_state&) = delete;
    pipeline_shared_state& operator=(const pipeline_shared_state&) = delete;

    // Each stage: produced (the producers arrive when its copies are done), consumed.
    barrier<thread_scope_block> produced[StagesCount];
    barrier<thread_scope_block> consumed[StagesCount];
};

// The thread's own stages.
template <>
class pipeline<thread_scope_thread> {
public:
    pipeline(pipeline&&) = default;
    pipeline(const pipeline&) = delete;
    pipeline& operator=(const pipeline&) = delete;

    void producer_acquire() {}
    void producer_commit() {
        warp_emulator::asyncCommit();
        ++committed_;
    }
    // Waits for the oldest stage not yet waited for (libcu++'s: the stage is
    // the consumer's from here; consumer_release() does nothing more).
    void consumer_wait() {
        if (committed_ == waited_) {
            return;
        }
        warp_emulator::asyncWaitPrior(static_cast<unsigned int>(committed_ - waited_ - 1));
        ++waited_;
    }
    template <class Duration>
    bool consumer_wait_for(const Duration&) {
        consumer_wait();
        return true;
    }
    void consumer_release() {}
    bool quit() { return true; }

    // pipeline_consumer_wait_prior<N>: every stage but the newest N is waited for.
    void emulatedWaitPrior(unsigned int prior) {
        warp_emulator::asyncWaitPrior(prior);
        waited_ = committed_ > prior ? committed_ - prior : waited_;
    }

private:
    friend pipeline<thread_scope_thread> make_pipeline();
    pipeline() = default;
    unsigned long long committed_ = 0;  // stages committed
    unsigned long long waited_ = 0;     // stages waited for
};

inline pipeline<thread_scope_thread> make_pipeline() { return pipeline<thread_scope_thread>(); }

template <std::uint8_t Prior>
void pipeline_consumer_wait_prior(pipeline<thread_scope_thread>& pipe) {
    pipe.emulatedWaitPrior(Prior);
}

// Stages shared by a block's threads.
template <>
class pipeline<thread_scope_block> {
public:
    pipeline(pipeline&&) = default;
    pipeline(const pipeline&) = delete;
    pipeline& operator=(const pipeline&) = delete;

    void producer_acquire(WARP_EMULATOR_SITE) {
        // Taken up again: its consumers must have released it.
        const unsigned long long use = head_ / stages_;
        if (use > 0) {
            consumedBarrier(head_).wait(tokenOf(use - 1), file, line);
        }
    }
    void producer_commit(WARP_EMULATOR_SITE) {
        (void)producedBarrier(head_).arrive(1, file, line);  // the stage's copies land first
        ++head_;
    }
    void consumer_wait(WARP_EMULATOR_SITE) {
        producedBarrier(tail_).wait(tokenOf(tail_ / stages_), file, line);
    }
    void consumer_release(WARP_EMULATOR_SITE) {
        (void)consumedBarrier(tail_).arrive(1, file, line);
        ++tail_;
    }
    bool quit() { return true; }

    // For cuda::memcpy_async: the barrier this thread's copies now complete with.
    barrier<thread_scope_block>& emulatedProducing() { return producedBarrier(head_); }

    // Made by make_pipeline (below), over a shared state's barriers.
    pipeline(barrier<thread_scope_block>* produced, barrier<thread_scope_block>* consumed, unsigned long long stages)
        : produced_(produced), consumed_(consumed), stages_(stages) {}

private:
    barrier<thread_scope_block>* produced_ = nullptr;
    barrier<thread_scope_block>* consumed_ = nullptr;
    unsigned long long stages_ = 1;
    unsigned long long head_ = 0;  // the next stage this thread produces
    unsigned long long tail_ = 0;  // the next stage it consumes

    barrier<thread_scope_block>& producedBarrier(unsigned long long stage) { return produced_[stage % stages_]; }
    barrier<thread_scope_block>& consumedBarrier(unsigned long long stage) { return consumed_[stage % stages_]; }
    // The token of a stage's use-th phase.
    static barrier<thread_scope_block>::arrival_token tokenOf(unsigned long long use);
};

inline barrier<thread_scope_block>::arrival_token pipeline<thread_scope_block>::tokenOf(unsigned long long use) {
    return barrier<thread_scope_block>::arrival_token(use);
}

namespace emulated {

// Every thread of the block calls it: thread 0 sets up the stages' barriers
// for `producers` producers and the rest consumers, and the block syncs
// before any thread uses them.
template <typename Group, std::uint8_t Stages>
pipeline<thread_scope_block> makeSharedPipeline(const Group& group, pipeline_shared_state<thread_scope_block, Stages>* state,
                                                int producers, const char* file, int line, bool unified = false) {
    static_assert(std::is_same<Group, cooperative_groups::thread_block>::value,
                  "the CPU warp emulator's cuda::pipeline of block scope is made for a thread_block");
    const int consumers = unified ? producers : static_cast<int>(group.size()) - producers;
    if (group.thread_rank() == 0) {
        for (unsigned int stage = 0; stage < Stages; ++stage) {
            init(&state->produced[stage], producers, NoCompletion(), file, line);
            init(&state->consumed[stage], consumers, NoCompletion(), file, line);
        }
    }
    group.sync(file, line);
    return pipeline<thread_scope_block>(state->produced, state->consumed, Stages);
}

}  // namespace emulated

// The producers are the threads whose role is producer (counted as
// __syncthreads_count counts).
template <typename Group, thread_scope Scope, std::uint8_t Stages>
pipeline<thread_scope_block> make_pipeline(const Group& group, pipeline_shared_state<Scope, Stages>* state,
                                           pipeline_role role, WARP_EMULATOR_SITE) {
    const int producers = __syncthreads_count(role == pipeline_role::producer, file, line);
    return emulated::makeSharedPipeline(group, state, producers, file, line);
}
// Every thread of the group produces and consumes.
template <typename Group, thread_scope Scope, std::uint8_t Stages>
pipeline<thread_scope_block> make_pipeline(const Group& group, pipeline_shared_state<Scope, Stages>* state,
                                           WARP_EMULATOR_SITE) {
    return emulated::makeSharedPipeline(group, state, static_cast<int>(group.size()), file, line, true);
}
// The first `producers` ranks of the group are its producers.
template <typename Group, thread_scope Scope, std::uint8_t Stages>
pipeline<thread_scope_block> make_pipeline(const Group& group, pipeline_shared_state<Scope, Stages>* state,
                                           std::size_t producers, WARP_EMULATOR_SITE) {
    return emulated::makeSharedPipeline(group, state, static_cast<int>(producers), file, line);
}

// A copy of the thread's (or the stage's) current stage.
template <typename T, typename Size>
void memcpy_async(T* destination, const T* source, Size bytes, pipeline<thread_scope_thread>&, WARP_EMULATOR_SITE) {
    warp_emulator::asyncCopy(destination, source, static_cast<std::size_t>(bytes),
                             emulated::PromisedAlignment<Size>::value,
                             warp_emulator::copyChunk(destination, source, static_cast<std::size_t>(bytes)), 0, 1,
                             nullptr, "cuda::memcpy_async", file, line);
}
template <typename T, typename Size>
void memcpy_async(T* destination, const T* source, Size bytes, pipeline<thread_scope_block>& pipe,
                  WARP_EMULATOR_SITE) {
    warp_emulator::asyncCopy(destination, source, static_cast<std::size_t>(bytes),
                             emulated::PromisedAlignment<Size>::value,
                             warp_emulator::copyChunk(destination, source, static_cast<std::size_t>(bytes)), 0, 1,
                             &pipe.emulatedProducing(), "cuda::memcpy_async", file, line);
}

// The group form: each thread of the group copies its share into the
// pipeline's current stage (groups/copy_share.hpp, with <cooperative_groups.h>).
template <typename Group, typename T, typename Size>
void memcpy_async(const Group& group, T* destination, const T* source, Size bytes, pipeline<thread_scope_block>& pipe,
                  WARP_EMULATOR_SITE) {
    emulatedGroupCopy(group, destination, source, static_cast<std::size_t>(bytes),
                      emulated::PromisedAlignment<Size>::value, &pipe.emulatedProducing(), file, line);
}

}  // namespace cuda
