// progress.hpp: a clock on long launches. A launch the emulator has run for
// WARP_EMULATOR_PROGRESS seconds (2 by default; 0: never) says how far it has
// got, in one line on stderr:
//   warp emulator: kernel blockSums: 6144 of 16384 blocks (37%), 2.0 s so far, about 3.3 s left
// On a terminal the line is rewritten in place every second and erased when
// the launch ends, so that nothing is left of it. Elsewhere (a log, a pipe) a
// line is written at the first mark and then every 5 times that (every 10 s
// by default), and stays. The estimate takes the blocks to come to cost what
// the blocks done have cost. The tests that capture stderr turn it off
// (WARP_EMULATOR_PROGRESS=0).
//
// Driven from the scheduler, which says when a launch begins and ends and
// when each of its blocks is done, or, on several workers, from the program
// as it waits for them; a block that runs long by itself moves the line only
// when it ends.
#pragma once

#include <cstdint>
#include <string>

namespace warp_emulator {

class Progress {
public:
    void beginLaunch(const std::string& kernel, std::uint64_t totalBlocks);
    // One more block done: cheap while no mark is due.
    void blockDone() {
        ++done_;
        if (enabled_ && --untilClock_ == 0) {
            tick();
        }
    }
    // So many blocks done in all, as the program counts the blocks its
    // worker processes did (scheduling/block_workers.hpp).
    void doneSoFar(std::uint64_t done);
    // The launch is over: on a terminal, its line is erased.
    void endLaunch();
    // Something else is about to be said on stderr during the launch (a
    // failed assert, the watchdog, a fault): the terminal's line is erased
    // first, and comes back at the next mark.
    void eraseLine();

private:
    bool enabled_ = false;
    bool terminal_ = false;
    bool shown_ = false;            // a line is on the terminal now
    std::string kernel_;
    std::uint64_t total_ = 0, done_ = 0;
    std::uint64_t untilClock_ = 0;  // blocks until the clock is read again
    std::uint64_t blocksPerClock_ = 1;
    double start_ = 0, lastClock_ = 0, nextLine_ = 0;

    void tick();
    void print(double now);
};

}  // namespace warp_emulator
