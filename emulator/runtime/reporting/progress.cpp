// progress.cpp: the clock on long launches (progress.hpp).
#include "reporting/progress.hpp"

#include <time.h>
#include <unistd.h>

#include <cstdio>

#include "reporting/settings.hpp"

namespace warp_emulator {

namespace {

double secondsNow() {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// The clock is read about this often: rarely enough to cost nothing next to
// the blocks, often enough that a mark is at most this late.
constexpr double kClockSeconds = 0.05;
// On a terminal, the line is rewritten this often.
constexpr double kTerminalSeconds = 1.0;
// Elsewhere, a line every this many times the first mark.
constexpr unsigned kLineEveryMarks = 5;

// "2.0 s", "1 min 05 s", "2 h 03 min".
std::string duration(double seconds) {
    char text[32];
    const auto whole = static_cast<unsigned long long>(seconds);
    if (seconds < 60) {
        std::snprintf(text, sizeof text, "%.1f s", seconds);
    } else if (whole < 3600) {
        std::snprintf(text, sizeof text, "%llu min %02llu s", whole / 60, whole % 60);
    } else {
        std::snprintf(text, sizeof text, "%llu h %02llu min", whole / 3600, whole / 60 % 60);
    }
    return text;
}

}  // namespace

void Progress::beginLaunch(const std::string& kernel, std::uint64_t totalBlocks) {
    const unsigned first = Settings::get().progressSeconds;
    enabled_ = first != 0;
    shown_ = false;
    kernel_ = kernel;
    total_ = totalBlocks;
    done_ = 0;
    if (!enabled_) {
        return;
    }
    terminal_ = isatty(STDERR_FILENO) != 0;
    start_ = secondsNow();
    lastClock_ = start_;
    nextLine_ = start_ + first;
    blocksPerClock_ = 1;
    untilClock_ = 1;
}

// The clock is read after a number of blocks that keeps about kClockSeconds
// between readings, as the blocks' cost shows.
void Progress::tick() {
    const double now = secondsNow();
    const double since = now - lastClock_;
    lastClock_ = now;
    if (since < kClockSeconds / 2 && blocksPerClock_ < (1u << 20)) {
        blocksPerClock_ *= 2;
    } else if (since > kClockSeconds * 2 && blocksPerClock_ > 1) {
        blocksPerClock_ /= 2;
    }
    untilClock_ = blocksPerClock_;
    if (now >= nextLine_ && done_ < total_) {
        print(now);
        nextLine_ = now + (terminal_ ? kTerminalSeconds : Settings::get().progressSeconds * double{kLineEveryMarks});
    }
}

void Progress::doneSoFar(std::uint64_t done) {
    done_ = done;
    if (!enabled_) {
        return;
    }
    const double now = secondsNow();
    if (now >= nextLine_ && done_ < total_) {
        print(now);
        nextLine_ = now + (terminal_ ? kTerminalSeconds : Settings::get().progressSeconds * double{kLineEveryMarks});
    }
}

void Progress::print(double now) {
    const double elapsed = now - start_;
    const double percent = 100.0 * static_cast<double>(done_) / static_cast<double>(total_);
    const std::string left = done_ == 0 ? "no block done yet"
                                        : "about " + duration(elapsed * static_cast<double>(total_ - done_) /
                                                              static_cast<double>(done_)) + " left";
    std::fflush(stdout);  // what the program printed comes first
    std::fprintf(stderr, "%swarp emulator: kernel %s: %llu of %llu blocks (%d%%), %s so far, %s%s",
                 terminal_ ? "\r" : "", kernel_.c_str(), static_cast<unsigned long long>(done_),
                 static_cast<unsigned long long>(total_), static_cast<int>(percent), duration(elapsed).c_str(),
                 left.c_str(), terminal_ ? "\033[K" : "\n");
    std::fflush(stderr);
    shown_ = terminal_;
}

void Progress::eraseLine() {
    if (shown_) {
        std::fputs("\r\033[K", stderr);  // the line erased, the cursor back at its start
        std::fflush(stderr);
        shown_ = false;
    }
}

void Progress::endLaunch() {
    eraseLine();
    enabled_ = false;
}

}  // namespace warp_emulator
