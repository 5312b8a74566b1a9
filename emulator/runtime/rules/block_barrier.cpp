// block_barrier.cpp: __syncthreads() and its variants (block_barrier.hpp).
#include "rules/block_barrier.hpp"

#include <algorithm>
#include <climits>
#include <map>

#include "reporting/text.hpp"
#include "scheduling/watchdog.hpp"

namespace warp_emulator {

// "threads 0-31 at __syncthreads() at k.cu:12; threads 32-63 at ...".
std::string BlockBarrier::whereThreadsWait(const std::vector<int>& waiting) const {
    std::map<std::string, std::vector<int>> bySite;
    for (int thread : waiting) {
        bySite[callAndSite(scheduler_.threads()[static_cast<size_t>(thread)].request)].push_back(thread);
    }
    std::string text;
    for (const auto& [site, threads] : bySite) {
        text += (text.empty() ? "" : "; ") + threadsPhrase(threads) + " at " + site;
    }
    return text;
}

// The commonest release, as release() would make it, without its pass over
// the threads and its lists: every thread of the block waits at the same
// plain __syncthreads() (the same call at the same site), and none has exited. The scheduler
// counted them as they came; where some came another way (a traced warp,
// a thread_block's sync()), each is asked. False, having changed nothing,
// where that is not so.
bool BlockBarrier::releaseWholeBlockAtOne() {
    if (!scheduler_.everyThreadAtOneSyncThreads()) {
        const std::vector<Thread>& threads = scheduler_.threads();
        const Request& first = threads.front().request;
        for (int i = 0; i < scheduler_.threadsPerBlock; ++i) {
            const Request& request = threads[static_cast<size_t>(i)].request;
            if (scheduler_.stateOf(i) != State::Waiting || request.op != Op::SyncThreads || !sameSite(request, first)) {
                return false;
            }
        }
    }
    // Every thread gets past it, none having exited: Thread::barriersPassed
    // leaves such barriers out, and no thread's record is read or written.
    letThrough(scheduler_.allClocks(), true, false);
    return true;
}

// The threads that `arrived` pass: what they did before comes before what
// they do after (unless the meeting orders no memory), and they run on.
// Those at grid.sync() beside them (atGrid) go on waiting for the grid.
void BlockBarrier::letThrough(const std::vector<ThreadClock*>& arrived, bool ordersMemory, bool atGrid) {
    Watchdog::progress();  // for every arrival (Scheduler::waitAtSyncThreads() counts none)
    if (ordersMemory) {
        scheduler_.happensBefore.barrier(arrived);
    }
    scheduler_.forgetSyncThreadsArrivals();
    if (atGrid) {
        for (int i : waiting_) {
            scheduler_.release(i / warpSize, 1u << (i % warpSize));
        }
    } else {
        scheduler_.releaseEveryWaitingThread();  // each waits at a block barrier (release())
    }
}

// Releases the barrier once every thread that has not exited waits at one.
// One pass over the threads finds whether it can, and whether the rules were
// kept; the reports, when they were not, take their own passes. Threads at
// grid.sync() wait for the grid (grid_barrier.hpp), not here.
bool BlockBarrier::release() {
    if (releaseWholeBlockAtOne()) {
        return true;
    }
    std::vector<Thread>& threads = scheduler_.threads();
    waiting_.clear();
    const Thread* first = nullptr;
    bool oneBarrier = true;
    bool atGrid = false, elsewhere = false;
    bool ordersMemory = false;  // a thread_block's collective (cg::memcpy_async, Op::BlockMeet) orders none
    long long fewestPassedByExited = LLONG_MAX;  // the fewest barriers an exited thread got past
    int count = 0;
    for (int i = 0; i < scheduler_.threadsPerBlock; ++i) {
        const Thread& thread = threads[static_cast<size_t>(i)];
        const State state = scheduler_.stateOf(i);
        if (state == State::Waiting) {
            if (!isBlockBarrier(thread.request.op)) {
                return false;  // some thread is at a warp collective: not yet
            }
            if (first == nullptr) {
                first = &thread;
            } else if (oneBarrier) {
                oneBarrier = thread.request.op == first->request.op && sameSite(thread.request, first->request);
            }
            (thread.request.op == Op::SyncGrid ? atGrid : elsewhere) = true;
            waiting_.push_back(i);
        } else if (state == State::Exited && thread.barriersPassed < fewestPassedByExited) {
            fewestPassedByExited = thread.barriersPassed;
        }
    }
    if (first == nullptr || !elsewhere) {
        return false;  // no one waits, or all wait for the grid
    }
    if (!scheduler_.blockBarrierBroken) {
        if (!oneBarrier) {
            scheduler_.report.ruleBroken(scheduler_.whereBlock() + ": the threads of the block wait at different barriers: " +
                              whereThreadsWait(waiting_) +
                              ". Every thread of a block must reach the same __syncthreads(); it is allowed in "
                              "conditional code only if the condition is the same across the whole block.");
            scheduler_.blockBarrierBroken = true;
        }
        if (fewestPassedByExited <= first->barriersPassed) {
            std::vector<int> skipped;  // exited threads that got past fewer barriers than the waiting ones
            for (int i = 0; i < scheduler_.threadsPerBlock; ++i) {
                const Thread& thread = threads[static_cast<size_t>(i)];
                if (thread.barriersPassed <= first->barriersPassed && scheduler_.stateOf(i) == State::Exited) {
                    skipped.push_back(i);
                }
            }
            scheduler_.report.ruleBroken(scheduler_.whereBlock() + ": " + threadsPhrase(skipped) +
                              " exited without reaching the barrier the rest of the block waits at (" +
                              whereThreadsWait(waiting_) + "). Every thread of a block must reach each __syncthreads(); it is allowed in "
                              "conditional code only if the condition is the same across the whole block. (A GPU "
                              "releases a barrier that only exited threads hold up, and so does the emulator.)");
            scheduler_.blockBarrierBroken = true;
        }
    }
    if (atGrid) {
        // Those at grid.sync() go on waiting for the grid; the others pass.
        waiting_.erase(std::remove_if(waiting_.begin(), waiting_.end(),
                                      [&](int i) { return threads[static_cast<size_t>(i)].request.op == Op::SyncGrid; }),
                       waiting_.end());
    }
    for (int i : waiting_) {
        const Request& request = threads[static_cast<size_t>(i)].request;
        count += request.value != 0;
        ordersMemory |= request.op != Op::BlockMeet;
    }
    std::vector<ThreadClock*>& arrived = arrived_;
    arrived.clear();
    for (int i : waiting_) {
        Thread& thread = threads[static_cast<size_t>(i)];
        switch (thread.request.op) {
            case Op::SyncThreadsCount: thread.request.result = static_cast<std::uint64_t>(count); break;
            case Op::SyncThreadsAnd: thread.request.result = count == static_cast<int>(waiting_.size()); break;
            case Op::SyncThreadsOr: thread.request.result = count != 0; break;
            default: break;
        }
        ++thread.barriersPassed;
        arrived.push_back(&scheduler_.clockOf(i));
    }
    letThrough(arrived, ordersMemory, atGrid);
    return true;
}

}  // namespace warp_emulator
