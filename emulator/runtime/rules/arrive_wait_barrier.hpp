// arrive_wait_barrier.hpp: libcu++'s cuda::barrier<cuda::thread_scope_block>
// (<cuda/barrier>), and the stages of a cuda::pipeline of block scope, which
// are made of them (include/warp_emulator/libcudacxx/).
//
// The rules, from libcu++'s documentation of cuda::barrier (it is
// std::barrier of C++20, with a scope): init(&bar, expected) sets how many
// arrivals complete each phase, and must come before any other call (the
// barrier's own bytes are checked as memory: a thread that arrives on a
// barrier another thread initialized, with no __syncthreads() between, races
// with the init); arrive() counts toward the current phase and returns its
// token; wait(token) returns once that phase has completed; "the behavior is
// undefined if ... the number of arrivals exceeds the expected count" of a
// phase. Reported:
//   - an arrival on a barrier that init() never set up in this block;
//   - more arrivals in a phase than it expects;
//   - a wait() that can never return: when the block can go no further, the
//     phase it waits for, how many arrivals came and from which threads, and
//     where the others are (exited, or waiting elsewhere). The phase is then
//     completed with the arrivals it had, where a GPU would hang.
// Memory: everything a thread did before its arrival comes before everything
// a thread does after its wait() for that phase returns (happens_before.hpp's
// Arrivals). A cuda::memcpy_async given the barrier completes when its thread
// arrives (checks/async_copies.hpp).
#pragma once

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "checks/happens_before.hpp"
#include "warp_emulator/device/barrier_calls.hpp"
#include "scheduling/scheduler.hpp"

namespace warp_emulator {

class ArriveWaitBarriers {
public:
    static ArriveWaitBarriers& instance();
    void beginLaunch() { barriers_.clear(); }
    // A block starts from its first line: the shared-memory barriers of the
    // blocks before it are gone (a cooperative launch keeps every block's).
    void beginBlock(bool keepOtherBlocks);
    // grid.sync() orders everything: what the phases made known is not needed.
    void gridBarrier();

    void init(void* address, long long expected, bool hasCompletion, const char* file, int line);
    Arrival arrive(void* address, long long count, bool drop, const Request& call);
    void completed(void* address);
    void wait(void* address, unsigned long long phase, const Request& call);
    bool testWait(void* address, unsigned long long phase);

    // Lets go every thread whose phase has completed.
    bool release();
    // The block is stuck with a thread in wait(): says why, completes its phase.
    bool forceStuck();

private:
    struct Barrier {
        long long expected = 0;  // arrivals a phase, from the next phase on (arrive_and_drop lowers it)
        long long pending = 0;   // arrivals the current phase still waits for
        unsigned long long phase = 0;
        bool hasCompletion = false;
        bool completing = false;            // the completion function runs now
        const char* initFile = "";
        int initLine = 0;
        std::uint32_t initThread = 0;       // who initialized it (grid thread + 1), and when
        std::uint32_t initEpoch = 0;
        bool initRaceReported = false;
        Arrivals arrivals;                  // of the current phase
        std::vector<int> arrivedThreads;    // of the current phase, for a report
        std::map<unsigned long long, KnowledgeRef> completedPhases;  // the last few
    };
    Scheduler& scheduler_ = Scheduler::instance();
    std::map<std::pair<std::uint32_t, const void*>, Barrier> barriers_;

    Barrier* find(const void* address);
    void completePhase(Barrier& barrier);
    void learn(Barrier& barrier, unsigned long long phase);
    std::string describe(const Barrier& barrier) const;
};

}  // namespace warp_emulator
