// block_barrier.cpp: __syncthreads() and its variants (block_barrier.hpp).
#include "rules/block_barrier.hpp"

#include <algorithm>
#include <map>

#include "reporting/text.hpp"

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

// Releases the barrier once every thread that has not exited waits at one.
// Threads at grid.sync() wait for the grid (grid_barrier.hpp), not here.
bool BlockBarrier::release() {
    std::vector<int> waiting;
    bool atGrid = false, elsewhere = false;
    for (int i = 0; i < scheduler_.threadsPerBlock; ++i) {
        const Thread& thread = scheduler_.threads()[static_cast<size_t>(i)];
        if (thread.state == State::Waiting && !isBlockBarrier(thread.request.op)) {
            return false;  // some thread is at a warp collective: not yet
        }
        if (thread.state == State::Waiting) {
            waiting.push_back(i);
            (thread.request.op == Op::SyncGrid ? atGrid : elsewhere) = true;
        }
    }
    if (waiting.empty() || !elsewhere) {
        return false;
    }
    if (!scheduler_.blockBarrierBroken) {
        const Thread& first = scheduler_.threads()[static_cast<size_t>(waiting.front())];
        bool oneBarrier = true;
        for (int i : waiting) {
            const Request& request = scheduler_.threads()[static_cast<size_t>(i)].request;
            oneBarrier &= request.op == first.request.op && sameSite(request, first.request);
        }
        if (!oneBarrier) {
            scheduler_.report.ruleBroken(scheduler_.whereBlock() + ": the threads of the block wait at different barriers: " +
                              whereThreadsWait(waiting) +
                              ". Every thread of a block must reach the same __syncthreads(); it is allowed in "
                              "conditional code only if the condition is the same across the whole block.");
            scheduler_.blockBarrierBroken = true;
        }
        std::vector<int> skipped;  // exited threads that got past fewer barriers than the waiting ones
        for (int i = 0; i < scheduler_.threadsPerBlock; ++i) {
            const Thread& thread = scheduler_.threads()[static_cast<size_t>(i)];
            if (thread.state == State::Exited && thread.barriersPassed <= first.barriersPassed) {
                skipped.push_back(i);
            }
        }
        if (!skipped.empty()) {
            scheduler_.report.ruleBroken(scheduler_.whereBlock() + ": " + threadsPhrase(skipped) +
                              " exited without reaching the barrier the rest of the block waits at (" +
                              whereThreadsWait(waiting) + "). Every thread of a block must reach each __syncthreads(); it is allowed in "
                              "conditional code only if the condition is the same across the whole block. (A GPU "
                              "releases a barrier that only exited threads hold up, and so does the emulator.)");
            scheduler_.blockBarrierBroken = true;
        }
    }
    if (atGrid) {
        // Those at grid.sync() go on waiting for the grid; the others pass.
        waiting.erase(std::remove_if(waiting.begin(), waiting.end(),
                                     [&](int i) {
                                         return scheduler_.threads()[static_cast<size_t>(i)].request.op == Op::SyncGrid;
                                     }),
                      waiting.end());
    }
    int count = 0;
    bool ordersMemory = false;  // a thread_block's collective (cg::memcpy_async) orders none
    for (int i : waiting) {
        const Request& request = scheduler_.threads()[static_cast<size_t>(i)].request;
        count += request.value != 0;
        ordersMemory |= request.op != Op::BlockMeet;
    }
    for (int i : waiting) {
        Thread& thread = scheduler_.threads()[static_cast<size_t>(i)];
        switch (thread.request.op) {
            case Op::SyncThreadsCount: thread.request.result = static_cast<std::uint64_t>(count); break;
            case Op::SyncThreadsAnd: thread.request.result = count == static_cast<int>(waiting.size()); break;
            case Op::SyncThreadsOr: thread.request.result = count != 0; break;
            default: break;
        }
        ++thread.barriersPassed;
    }
    if (ordersMemory) {
        std::vector<ThreadClock*> arrived;
        for (int i : waiting) {
            arrived.push_back(&scheduler_.clockOf(i));
        }
        scheduler_.happensBefore.barrier(arrived);
    }
    for (int i : waiting) {
        scheduler_.release(i / warpSize, 1u << (i % warpSize));
    }
    return true;
}

}  // namespace warp_emulator
