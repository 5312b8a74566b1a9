// grid_barrier.hpp: grid.sync() of a cooperative launch (grid_group::sync(),
// cg::sync(grid)).
//
// The rule, from the CUDA C++ Programming Guide ("Grid Synchronization"):
// grid.sync() synchronizes every thread of the grid, which needs a
// cooperative launch (cudaLaunchCooperativeKernel, whose blocks are all
// resident at once). So every thread of the grid must reach each grid.sync(),
// as every thread of a block must reach each __syncthreads() (CUDA's
// grid.sync() begins with the block's barrier, and then counts blocks).
// Reported, once a launch (later trouble follows from it):
//   - grid.sync() in a launch that is not cooperative (group_calls.cpp): CUDA's
//     header stops such a kernel (__trap()), and so does the emulator;
//   - a block all of whose threads exited without reaching the grid.sync()
//     that the rest of the grid waits at: a GPU's grid barrier counts blocks,
//     and waits for ever; the emulator lets the others go on;
//   - threads of a block that exited without reaching it while the rest of
//     their block waits there;
//   - threads of one block waiting at different grid.sync() calls.
// Memory: everything any thread did before the barrier comes before everything
// any thread does after it (happens_before.hpp): the checks forget every access
// made so far.
#pragma once

#include <vector>

#include "memory/spaces.hpp"
#include "scheduling/scheduler.hpp"

namespace warp_emulator {

// A block of a cooperative launch between two of its runs (cooperative_grid.cpp).
struct SuspendedBlock {
    uint3 index{0, 0, 0};
    bool started = false;
    bool exited = false;                 // every thread exited
    long long gridBarriersPassed = 0;    // by then, the most any of its threads had got past
    bool atBarrier = false;              // every thread left waits at grid.sync()
    bool barrierBroken = false;          // Scheduler::blockBarrierBroken
    std::vector<Thread> threads;
    std::vector<unsigned int> waiting, exitedLanes;
    State stateOf(size_t thread) const { return stateFrom(waiting, exitedLanes, static_cast<int>(thread)); }
    std::vector<std::vector<unsigned char>> stacks;  // by thread (Fibers::save); empty for one that exited
    SharedImage shared;
};

class GridBarrier {
public:
    explicit GridBarrier(Scheduler& scheduler) : scheduler_(scheduler) {}
    // Every block has exited or waits at grid.sync(): checks the rule, orders
    // memory, and lets every waiting thread on.
    void complete(std::vector<SuspendedBlock>& blocks);

private:
    Scheduler& scheduler_;
    long long completed_ = 0;  // grid barriers so far
    bool reported_ = false;    // the launch broke the rule already
};

}  // namespace warp_emulator
