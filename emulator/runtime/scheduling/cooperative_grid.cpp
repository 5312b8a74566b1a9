// cooperative_grid.cpp: a cooperative launch (cudaLaunchCooperativeKernel),
// whose threads may wait for the whole grid at grid.sync().
//
// Blocks run one after another, as in any launch (scheduler.hpp), but a block
// whose threads have all exited or reached grid.sync() is held there: each
// thread's context and the part of its stack in use are copied out
// (Fibers::save), and so are the block's shared memory and which of its
// bytes it had written (Spaces::saveBlock), since every block's threads run
// on the same stacks and see the same addresses of shared memory. Once every
// block is held, the grid barrier is complete (grid_barrier.hpp): the rule is
// checked, memory is ordered, and each held block is taken up again in turn,
// where it was, until it exits or reaches the next grid.sync(). What a held
// block costs is what its threads' stacks use and its shared memory; nothing
// is kept of a block that has exited.
#include <algorithm>

#include "checks/memory_checks.hpp"
#include "rules/grid_barrier.hpp"
#include "scheduling/fibers.hpp"
#include "scheduling/scheduler.hpp"
#include "scheduling/watchdog.hpp"

namespace warp_emulator {

void Scheduler::suspendBlock(SuspendedBlock& held) {
    held.atBarrier = true;
    held.barrierBroken = blockBarrierBroken;
    held.threads = threads_;
    held.waiting = waiting_;
    held.exitedLanes = exited_;
    held.stacks.resize(static_cast<size_t>(threadsPerBlock));
    Fibers& fibers = Fibers::instance();
    for (int i = 0; i < threadsPerBlock; ++i) {
        if (stateOf(i) != State::Exited) {
            fibers.save(i, &held.stacks[static_cast<size_t>(i)]);
        }
    }
    Spaces::get().saveBlock(&held.shared);
}

void Scheduler::resumeBlock(SuspendedBlock& held) {
    held.atBarrier = false;
    // Into the same vector, element by element: a held thread's stack holds
    // references to its Thread (Scheduler::wait's), which must hold again.
    std::copy(held.threads.begin(), held.threads.end(), threads_.begin());
    std::vector<Thread>().swap(held.threads);
    waiting_ = std::move(held.waiting);
    atWarpCall_.assign(static_cast<size_t>(warpCount()), 0u);  // a held block's threads all wait at grid.sync()
    exited_ = std::move(held.exitedLanes);
    blockBarrierBroken = held.barrierBroken;
    forgetSyncThreadsArrivals();  // a held block's threads all wait at grid.sync()
    Fibers& fibers = Fibers::instance();
    for (int i = 0; i < threadsPerBlock; ++i) {
        if (stateOf(i) != State::Exited) {
            fibers.restore(i, held.stacks[static_cast<size_t>(i)]);
        }
    }
    std::vector<std::vector<unsigned char>>().swap(held.stacks);
    happensBefore.beginBlock(blockNumber, clockPointers_);  // every clock starts again after the grid barrier
    MemoryChecks::resumeBlock(held.shared);
    held.shared = SharedImage{};
}

void Scheduler::runCooperativeGrid() {
    const std::uint32_t blocks = grid.x * grid.y * grid.z;
    std::vector<SuspendedBlock> held(blocks);
    GridBarrier gridBarrier(*this);
    for (;;) {
        bool anyHeld = false;
        for (std::uint32_t number = 0; number < blocks; ++number) {
            SuspendedBlock& block = held[number];
            if (block.exited || (block.started && !block.atBarrier)) {
                continue;
            }
            selectBlock(number);
            block.index = blockIndex;
            if (!block.started) {
                block.started = true;
                startBlock();
            } else {
                resumeBlock(block);
            }
            const BlockEnd end = runBlock(Settings::get().laneOrder);
            if (end == BlockEnd::Stopped) {
                return;  // the kernel stopped: no thread runs again
            }
            if (end == BlockEnd::AtGridBarrier) {
                suspendBlock(block);
                anyHeld = true;
            } else {
                block.exited = true;
                for (const Thread& thread : threads_) {
                    block.gridBarriersPassed = std::max(block.gridBarriersPassed, thread.gridBarriersPassed);
                }
                progress.blockDone();  // the clock counts the blocks that have ended
            }
        }
        if (!anyHeld) {
            return;
        }
        gridBarrier.complete(held);
        Watchdog::progress();
    }
}

}  // namespace warp_emulator
