// block_barrier.hpp: __syncthreads() and __syncthreads_count/and/or().
//
// The rule, from the CUDA C++ Programming Guide ("Synchronization
// Functions"): "__syncthreads() is allowed in conditional code but only if the
// conditional evaluates identically across the entire thread block, otherwise
// the code execution is likely to hang or produce unintended side effects."
// So every thread of the block must reach each barrier, and the same one.
// A barrier also orders memory: everything its threads did before it comes
// before everything they do after it (happens_before.hpp).
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
//
// Cooperative groups: a thread_block's sync() (cg::sync(block), a
// thread_group's of a block) is __syncthreads() by another name; its
// collectives (cg::memcpy_async(block, ...), Op::BlockMeet) are a meeting of
// the same kind that orders no memory. Threads at grid.sync() are left to the
// grid barrier (grid_barrier.hpp); those beside them at another barrier are
// reported, as at two different barriers, and let through.
#pragma once

#include <string>
#include <vector>

#include "scheduling/scheduler.hpp"

namespace warp_emulator {

// The barrier of one block, for as long as the block runs.
class BlockBarrier {
public:
    explicit BlockBarrier(Scheduler& scheduler) : scheduler_(scheduler) {}
    // Releases the barrier once every thread that has not exited waits at one.
    bool release();

private:
    Scheduler& scheduler_;  // its blockBarrierBroken: this block broke a rule already, and later trouble follows from it
    std::vector<int> waiting_;             // kept from one release to the next, for their room
    std::vector<ThreadClock*> arrived_;
    std::string whereThreadsWait(const std::vector<int>& threads) const;
    bool releaseWholeBlockAtOne();
    void letThrough(const std::vector<ThreadClock*>& arrived, bool ordersMemory, bool atGrid);
};

}  // namespace warp_emulator
