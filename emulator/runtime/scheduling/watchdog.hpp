// watchdog.hpp: ends a launch in which no thread has reached a collective or
// exited for WARP_EMULATOR_WATCHDOG_SECONDS (60 by default; 0: never). A
// thread that spins on a volatile or atomic flag lets the others of its
// block run (scheduler.hpp), so what is left is a wait that nothing here
// ends: for a later block, since blocks run one after another (and a GPU
// promises no order between blocks either), or on a plain variable the
// compiler keeps in a register. The watchdog names the running thread.
#pragma once

#include <signal.h>
#include <sys/time.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "reporting/settings.hpp"
#include "scheduling/block_workers.hpp"

namespace warp_emulator {

class Watchdog {
public:
    // Something happened: a thread reached a collective (a __syncthreads():
    // its release, for all of them) or exited, or a call was carried out.
    static void progress() { ++state().progress; }

    // Watches from now until stop(); `who` names the running thread when it fires.
    static void start(std::string (*who)()) {
        State& s = state();
        if (Settings::get().watchdogSeconds == 0) {
            return;
        }
        s.who = who;
        s.seen = s.progress;
        s.stillSeconds = 0;
        struct sigaction action{};
        action.sa_handler = tick;
        action.sa_flags = SA_RESTART;
        sigemptyset(&action.sa_mask);
        sigaction(SIGALRM, &action, nullptr);
        itimerval everySecond{{1, 0}, {1, 0}};
        setitimer(ITIMER_REAL, &everySecond, nullptr);
    }

    static void stop() {
        if (Settings::get().watchdogSeconds == 0) {
            return;
        }
        itimerval off{};
        setitimer(ITIMER_REAL, &off, nullptr);
    }

private:
    struct State {
        volatile unsigned long progress = 0;
        unsigned long seen = 0;
        unsigned stillSeconds = 0;
        std::string (*who)() = nullptr;
    };
    // Constant-initialised, with nothing to destroy (below the class): no
    // guard variable to test at progress(), which every thread calls at
    // every switch.
    static State state_;
    static State& state() { return state_; }

    static void tick(int) {
        State& s = state();
        if (s.progress != s.seen) {
            s.seen = s.progress;
            s.stillSeconds = 0;
            return;
        }
        if (++s.stillSeconds < Settings::get().watchdogSeconds) {
            return;
        }
        if (BlockWorkers::inWorker()) {
            BlockWorkers::giveUp();  // the launch runs again on one worker, where this is said
        }
        const std::string who = s.who != nullptr ? s.who() : "";
        std::fprintf(stderr,
                     "warp emulator: no thread has reached a collective or exited for %u s; %s was running. A thread "
                     "that waits for a flag another thread of its block sets gets its turn here, so this one waits "
                     "for something no thread of the running block does: a later block (blocks run here one after "
                     "another, and the Programming Guide promises no order between blocks on a GPU either), or a "
                     "plain variable that the compiler may keep in a register (wait on a volatile or atomic one). "
                     "More time: WARP_EMULATOR_WATCHDOG_SECONDS=N (0: never end it).\n",
                     s.stillSeconds, who.empty() ? "a thread" : who.c_str());
        std::fflush(stderr);
        _exit(kCannotRunExitCode);
    }
};

inline Watchdog::State Watchdog::state_;

}  // namespace warp_emulator
