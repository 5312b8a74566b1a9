// block_workers.hpp: a launch's blocks on every core. The blocks of a grid
// are independent by the Programming Guide ("Thread blocks are required to
// execute independently"), so the emulator may run them at once: it forks a
// worker process for each core (WARP_EMULATOR_WORKERS, the cores this
// process may use by default; 1: one block after another, in this process),
// and each takes the next block not yet taken until none is left. A process,
// not a thread, so that each worker has the whole runtime of its own (its
// fibers, its shared memory, every check's state) and runs a block exactly
// as the program's one process would, while device memory, mapped shared,
// is the same memory in all of them (memory/device_memory.hpp).
//
// The output is the one-worker run's, byte for byte:
//   - each worker keeps its blocks' findings apart (reporting/findings.hpp's
//     LaunchReport, one for each block that found anything) and what their
//     kernels printed (device/device_output.hpp); the program gathers them in
//     block order, as a run on one worker would have made them;
//   - a race, whose words depend on every pair of the launch
//     (checks/race_reports.hpp), ends the attempt too;
//   - a block whose result would depend on another block of the launch (one
//     reads or writes memory the other wrote: a counter, a flag, a total;
//     checks/block_sharing.hpp watches every access for it), a kernel that
//     stops (an invalid access, a failed assert), a launch from device code,
//     a malloc or free in a kernel (the device heap's bookkeeping is the
//     program's process's: memory/device_heap.hpp), a thread that runs off
//     its stack or never moves (the watchdog): each
//     ends the attempt, whose writes the undo log takes back, and the launch
//     runs again on one worker, where such things are said as they are; and
//     the kernel runs on one worker from then on;
//   - a block's random lane order has a seed of its own (scheduler.cpp).
// A launch runs on one worker anyway when it has fewer blocks than two per
// worker, when its warps are traced, and when the program has threads of
// its own (a fork copies only the one that launches).
#pragma once

#include "warp_emulator/host/launch.hpp"

namespace warp_emulator {

class BlockWorkers {
public:
    // Runs the launch's blocks on the workers; false when it did not (it was
    // not worth it, or an attempt ended): the launch then runs as on one
    // worker, with device memory as the launch found it.
    static bool run(const LaunchSpec& spec);

    // Whether this process is a worker: it says nothing itself, but ends
    // the attempt where the program would say something and stop.
    static bool inWorker() { return inWorker_; }
    [[noreturn]] static void giveUp();

private:
    static bool inWorker_;
};

}  // namespace warp_emulator
