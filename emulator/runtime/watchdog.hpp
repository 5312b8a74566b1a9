// watchdog.hpp: ends a launch in which no thread has reached a collective or
// exited for WARP_EMULATOR_WATCHDOG_SECONDS (60 by default; 0: never).
// Threads switch only at collectives (and at __nanosleep()), so a thread that
// spins waiting for memory another thread writes runs alone forever here,
// where a GPU would run the other thread. The watchdog names it.
#pragma once

#include <signal.h>
#include <sys/time.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "settings.hpp"

namespace warp_emulator {

class Watchdog {
public:
    // Something happened: a thread reached a collective or exited, or a call was carried out.
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
    static State& state() {
        static State* s = new State;
        return *s;
    }

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
        const std::string who = s.who != nullptr ? s.who() : "";
        std::fprintf(stderr,
                     "warp emulator: %s has run for %u s without reaching a collective or exiting, and no other "
                     "thread has run since. Threads switch only at collectives and __nanosleep() here, so a thread "
                     "that spins on memory another thread writes waits forever, where a GPU would run that other "
                     "thread. Put __nanosleep() in the loop, or give it more time: "
                     "WARP_EMULATOR_WATCHDOG_SECONDS=N (0: never end it).\n",
                     who.empty() ? "a thread" : who.c_str(), s.stillSeconds);
        std::fflush(stderr);
        _exit(kCannotRunExitCode);
    }
};

}  // namespace warp_emulator
