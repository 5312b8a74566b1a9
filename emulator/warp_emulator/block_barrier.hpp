// block_barrier.hpp: __syncthreads() and __syncthreads_count/and/or().
//
// The rule, from the CUDA C++ Programming Guide ("Synchronization
// Functions"): "__syncthreads() is allowed in conditional code but only if the
// conditional evaluates identically across the entire thread block, otherwise
// the code execution is likely to hang or produce unintended side effects."
// So every thread of the block must reach each barrier, and the same one.
//
// Exited threads. For the warp intrinsics the Guide names only non-exited
// threads, so an exited lane never breaks a mask. Not so here: a thread that
// returns before a __syncthreads() the rest of its block reaches has taken a
// condition the others did not, and the emulator reports it ("threads 32-63
// exited without reaching __syncthreads() at k.cu:12, which threads 0-31 wait
// at"), early `if (i >= n) return;` before a barrier included. A GPU does not
// hang there (the PTX ISA's exit: "If the exiting threads are holding up the
// barrier, the barrier is released"), and the emulator then releases it too.
//
// Reported, once per block (later trouble in the same block follows from it):
//   - threads that wait at different barrier calls (an if/else with a barrier
//     in each branch; a loop run a different number of times);
//   - threads that exited without reaching a barrier the others wait at (one
//     warp skipping the barrier, or leaving a loop early);
//   - a block where some threads wait at a barrier while others wait at a warp
//     collective for lanes held at that barrier (warp_collectives.hpp reports
//     the warp side, naming the barrier the missing lanes wait at).
// A call site here is where __syncthreads() is written: two branches calling
// one helper that holds the barrier look like one barrier.
#pragma once

#include "scheduler.hpp"

namespace warp_emulator {

// "threads 0-31 at __syncthreads() at k.cu:12; threads 32-63 at ...".
inline std::string Runtime::whereThreadsWait(const std::vector<int>& waiting) const {
    std::map<std::string, std::vector<int>> bySite;
    for (int thread : waiting) {
        bySite[callAndSite(threads_[static_cast<size_t>(thread)].request)].push_back(thread);
    }
    std::string text;
    for (const auto& [site, threads] : bySite) {
        text += (text.empty() ? "" : "; ") + threadsPhrase(threads) + " at " + site;
    }
    return text;
}

// Releases the barrier once every thread that has not exited waits at one.
inline bool Runtime::releaseBarrier() {
    std::vector<int> waiting;
    for (int i = 0; i < threadCount_; ++i) {
        const Thread& thread = threads_[static_cast<size_t>(i)];
        if (thread.state == State::Waiting && !isBlockBarrier(thread.request.op)) {
            return false;  // some thread is at a warp collective: not yet
        }
        if (thread.state == State::Waiting) {
            waiting.push_back(i);
        }
    }
    if (waiting.empty()) {
        return false;
    }
    if (!barrierBroken_) {
        const Thread& first = threads_[static_cast<size_t>(waiting.front())];
        bool oneBarrier = true;
        for (int i : waiting) {
            const Request& request = threads_[static_cast<size_t>(i)].request;
            oneBarrier &= request.op == first.request.op && sameSite(request, first.request);
        }
        if (!oneBarrier) {
            report.ruleBroken(whereBlock() + ": the threads of the block wait at different barriers: " +
                              whereThreadsWait(waiting) +
                              ". Every thread of a block must reach the same __syncthreads(); it is allowed in "
                              "conditional code only if the condition is the same across the whole block.");
            barrierBroken_ = true;
        }
        std::vector<int> skipped;  // exited threads that got past fewer barriers than the waiting ones
        for (int i = 0; i < threadCount_; ++i) {
            const Thread& thread = threads_[static_cast<size_t>(i)];
            if (thread.state == State::Exited && thread.barriersPassed <= first.barriersPassed) {
                skipped.push_back(i);
            }
        }
        if (!skipped.empty()) {
            report.ruleBroken(whereBlock() + ": " + threadsPhrase(skipped) +
                              " exited without reaching the barrier the rest of the block waits at (" +
                              whereThreadsWait(waiting) + "). Every thread of a block must reach each __syncthreads(); it is allowed in "
                              "conditional code only if the condition is the same across the whole block. (A GPU "
                              "releases a barrier that only exited threads hold up, and so does the emulator.)");
            barrierBroken_ = true;
        }
    }
    int count = 0;
    for (int i : waiting) {
        count += threads_[static_cast<size_t>(i)].request.value != 0;
    }
    for (int i : waiting) {
        Thread& thread = threads_[static_cast<size_t>(i)];
        switch (thread.request.op) {
            case Op::SyncThreadsCount: thread.request.result = static_cast<std::uint64_t>(count); break;
            case Op::SyncThreadsAnd: thread.request.result = count == static_cast<int>(waiting.size()); break;
            case Op::SyncThreadsOr: thread.request.result = count != 0; break;
            default: break;
        }
        ++thread.barriersPassed;
    }
    for (int warp = 0; warp < warpCount(); ++warp) {
        release(warp, lanesWhere(warp, State::Waiting));
    }
    return true;
}

}  // namespace warp_emulator
