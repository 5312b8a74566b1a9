// findings.hpp: what the emulator found, how it says so, and how findings
// decide the program's result.
//
// Three kinds of finding, each named in the Programming Guide's words:
//   a broken rule   a _sync intrinsic or __syncthreads() used against its rules
//                   (a GPU may hang or give undefined results); the launch then
//                   ends with cudaErrorWarpRuleBroken from cudaGetLastError()
//                   and cudaDeviceSynchronize(), as a failed kernel would;
//   an undefined read  a shuffle read a lane not taking part ("Threads may only
//                   read data from another thread which is actively
//                   participating in the __shfl_sync() command"); the program
//                   gets poison and goes on, as it would on a GPU;
//   a race          the launch wrote different bytes when its threads ran in
//                   another order (race_check.hpp).
// A program that would exit 0 after any finding exits kFindingsExitCode
// instead, as compute-sanitizer's --error-exitcode and ThreadSanitizer (whose
// default code this is) do. WARP_EMULATOR_ON_FINDING=log keeps the findings on
// stderr but changes neither the API's answers nor the exit code.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include <stdlib.h>
#include <unistd.h>

#include "keywords.hpp"
#include "settings.hpp"

namespace warp_emulator {

constexpr int kFindingsExitCode = 66;
constexpr int kPrintedInFull = 10;      // per launch and kind, the first findings printed whole
constexpr size_t kKeptInFull = 1000;    // per launch and kind, the first findings kept for a test to read

inline std::string hexMask(unsigned int mask) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%08x", mask);
    return text;
}

inline std::string baseName(const char* file) {
    const char* slash = std::strrchr(file, '/');
    return slash != nullptr ? slash + 1 : file;
}

inline std::string siteText(const char* file, int line) { return baseName(file) + ":" + std::to_string(line); }

// "0-15", "0-4, 6-31": a set of numbers (lanes, or threads of a block) for a message.
inline std::string rangeList(const std::vector<int>& sorted) {
    std::string text;
    for (size_t i = 0; i < sorted.size();) {
        size_t last = i;
        while (last + 1 < sorted.size() && sorted[last + 1] == sorted[last] + 1) {
            ++last;
        }
        text += (text.empty() ? "" : ", ") + std::to_string(sorted[i]) +
                (last > i ? "-" + std::to_string(sorted[last]) : "");
        i = last + 1;
    }
    return text.empty() ? "none" : text;
}

inline std::vector<int> lanesOf(unsigned int lanes) {
    std::vector<int> list;
    for (int lane = 0; lane < warpSize; ++lane) {
        if (((lanes >> lane) & 1u) != 0) {
            list.push_back(lane);
        }
    }
    return list;
}

// The lanes of a mask, lowest first, for a range-for loop that allocates nothing.
class EachLane {
public:
    explicit EachLane(unsigned int lanes) : lanes_(lanes) {}
    struct Iterator {
        unsigned int rest;
        int operator*() const { return __builtin_ctz(rest); }
        Iterator& operator++() {
            rest &= rest - 1;
            return *this;
        }
        bool operator!=(const Iterator& other) const { return rest != other.rest; }
    };
    Iterator begin() const { return {lanes_}; }
    Iterator end() const { return {0}; }

private:
    unsigned int lanes_;
};
inline EachLane eachLane(unsigned int lanes) { return EachLane(lanes); }

// "lane 5" or "lanes 0-4, 6-31".
inline std::string lanesPhrase(unsigned int lanes) {
    return (__builtin_popcount(lanes) == 1 ? "lane " : "lanes ") + rangeList(lanesOf(lanes));
}

inline std::string threadsPhrase(const std::vector<int>& threads) {
    return (threads.size() == 1 ? "thread " : "threads ") + rangeList(threads);
}

// One kind of undefined read: which call (an index into LaunchReport::calls,
// in the order the calls first read an absent lane), which lane read which.
struct ReadKey {
    int call;
    int readingLane;
    int sourceLane;
    bool operator<(const ReadKey& other) const {
        return std::tie(call, readingLane, sourceLane) < std::tie(other.call, other.readingLane, other.sourceLane);
    }
};

// Everything one launch found. The emulator's own tests, and a harness such
// as tests/exercise.cu, read it through lastLaunchReport().
struct LaunchReport {
    std::string kernel;
    std::string first;                         // the first finding of any kind, in one line
    std::vector<std::string> ruleBreaks;       // the first kKeptInFull
    long long ruleBreakCount = 0;
    long long undefinedReads = 0;
    std::string firstUndefinedRead;
    std::vector<std::string> calls;            // "__shfl_down_sync(0x000fffff, ..., 16) at shuffles.cu:297"
    std::map<ReadKey, long long> readsByLane;  // value: how many times that read happened
    std::vector<std::string> races;            // one per allocation or variable whose bytes differed
    long long raceCount = 0;
    std::vector<std::string> notes;            // said on stderr, but not findings

    long long findingCount() const { return ruleBreakCount + undefinedReads + raceCount; }
    const std::string& firstFinding() const { return first; }


    void ruleBroken(const std::string& text) {
        noteFirst(text);
        if (ruleBreakCount++ < static_cast<long long>(kKeptInFull)) {
            ruleBreaks.push_back(text);
        }
    }

    // A call that read an absent lane, as the source wrote it; returns its number.
    int addCall(std::string text) {
        calls.push_back(std::move(text));
        return static_cast<int>(calls.size()) - 1;
    }

    // `where()` gives "kernel K, block (0,0,0), warp 0", made only for the first read.
    template <typename Where>
    void undefinedRead(int call, int lane, int source, Where where) {
        if (undefinedReads++ == 0) {
            firstUndefinedRead = where() + ": lane " + std::to_string(lane) + " read lane " + std::to_string(source) +
                                 ", which is not taking part, in " + calls[static_cast<size_t>(call)];
            noteFirst(firstUndefinedRead);
        }
        ++readsByLane[{call, lane, source}];
    }

    void race(const std::string& text) {
        noteFirst(text);
        if (raceCount++ < static_cast<long long>(kKeptInFull)) {
            races.push_back(text);
        }
    }

    void print(dim3 grid, dim3 block) const {
        if (findingCount() == 0 && notes.empty()) {
            return;
        }
        std::fprintf(stderr, "warp emulator: %s<<<(%u,%u,%u), (%u,%u,%u)>>>:\n", kernel.c_str(), grid.x, grid.y, grid.z,
                     block.x, block.y, block.z);
        for (const std::string& note : notes) {
            std::fprintf(stderr, "  note: %s\n", note.c_str());
        }
        if (ruleBreakCount != 0) {
            std::fprintf(stderr, "  %lld rule(s) of the _sync intrinsics or __syncthreads() broken\n", ruleBreakCount);
            printFirst("RULE BROKEN", ruleBreaks, ruleBreakCount);
        }
        if (undefinedReads != 0) {
            std::fprintf(stderr, "  %lld undefined shuffle reads, each given poison (NaN, or 0xBAADF00D for integers)\n",
                         undefinedReads);
            std::fprintf(stderr, "  first: %s\n", firstUndefinedRead.c_str());
            std::fprintf(stderr, "  by reading lane (how many times):\n");
            for (const auto& [key, times] : readsByLane) {
                std::fprintf(stderr, "    lane %d read lane %d in %s (%lld)\n", key.readingLane, key.sourceLane,
                             calls[static_cast<size_t>(key.call)].c_str(), times);
            }
        }
        if (raceCount != 0) {
            printFirst("RACE", races, raceCount);
        }
    }

private:
    void noteFirst(const std::string& text) {
        if (first.empty()) {
            first = text;
        }
    }

    static void printFirst(const char* label, const std::vector<std::string>& texts, long long count) {
        for (size_t i = 0; i < texts.size() && i < static_cast<size_t>(kPrintedInFull); ++i) {
            std::fprintf(stderr, "  %s: %s\n", label, texts[i].c_str());
        }
        if (count > kPrintedInFull) {
            std::fprintf(stderr, "  ... and %lld more\n", count - kPrintedInFull);
        }
    }
};

// The findings of the whole program, and the exit code they decide.
class ProgramFindings {
public:
    static ProgramFindings& get() {
        static ProgramFindings* findings = new ProgramFindings;
        return *findings;
    }

    void add(const LaunchReport& report) {
        if (report.findingCount() == 0) {
            return;
        }
        if (total_ == 0) {
            watchExit();
        }
        total_ += report.findingCount();
        ruleBreaks_ += report.ruleBreakCount;
        undefinedReads_ += report.undefinedReads;
        races_ += report.raceCount;
        ++launches_;
    }

private:
    long long total_ = 0, ruleBreaks_ = 0, undefinedReads_ = 0, races_ = 0, launches_ = 0;

    // glibc's on_exit hands the handler the status exit() was given; the
    // handler runs after the program's own exit handlers registered later,
    // flushes every stream, and swaps a 0 for kFindingsExitCode.
    void watchExit() {
#ifdef __GLIBC__
        on_exit(onExit, this);
#endif
    }

    static void onExit(int status, void* self) {
        const ProgramFindings& findings = *static_cast<const ProgramFindings*>(self);
        std::fflush(nullptr);
        std::fprintf(stderr,
                     "warp emulator: %lld finding(s) in %lld launch(es): %lld broken rule(s), %lld undefined read(s), "
                     "%lld race(s)\n",
                     findings.total_, findings.launches_, findings.ruleBreaks_, findings.undefinedReads_, findings.races_);
        if (status == 0 && Settings::get().failOnFinding) {
            std::fprintf(stderr,
                         "warp emulator: the program exited 0; exiting %d instead because of the findings above "
                         "(WARP_EMULATOR_ON_FINDING=log keeps the program's own exit code)\n",
                         kFindingsExitCode);
            std::fflush(stderr);
            _exit(kFindingsExitCode);
        }
    }
};

}  // namespace warp_emulator
