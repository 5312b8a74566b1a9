// findings.hpp: what the emulator found in a launch, how it says so, and how
// findings decide the program's result.
//
// The kinds of finding, each named in the words of the rule it breaks:
//   a broken rule       a _sync intrinsic or __syncthreads() used against its
//                       rules (warp_collectives.cpp, block_barrier.cpp); a GPU
//                       may hang or give undefined results; the launch then
//                       ends with cudaErrorWarpRuleBroken;
//   an undefined read   a shuffle read a lane not taking part; the reader gets
//                       poison, and the program goes on, as on a GPU;
//   an invalid access   a load or store outside the memory it may touch
//                       (memcheck.cpp); the kernel stops there, and the next
//                       synchronize returns cudaErrorIllegalAddress, as a GPU's;
//                       or a kernel's free of what the device heap never gave
//                       it, or gave and took back (device_heap.hpp), which
//                       frees nothing, and the kernel goes on;
//   an uninitialised read  a read of device memory nothing has written
//                       (initcheck.cpp); the reader gets what is there (poison);
//   a race              two accesses, one a write, by threads nothing orders
//                       (racecheck.cpp, worded by race_reports.cpp); an
//                       uninitialised read that a race caused is said under it.
// A program that would exit 0 after any finding exits kFindingsExitCode
// instead, as compute-sanitizer's --error-exitcode and ThreadSanitizer (whose
// default code this is) do. WARP_EMULATOR_ON_FINDING=log keeps the findings on
// stderr but changes neither the API's answers nor the exit code.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "warp_emulator/keywords.hpp"

namespace warp_emulator {

constexpr int kFindingsExitCode = 66;
constexpr int kPrintedInFull = 10;      // per launch and kind, the first findings printed whole
constexpr size_t kKeptInFull = 1000;    // per launch and kind, the first findings kept

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

// Findings that repeat (the same two source lines racing on the same array,
// one line reading uninitialised memory a thousand times) are kept once with
// a count, under a key that names their sites and their memory.
struct Repeated {
    std::string text;      // the first one, in full
    long long times = 0;
};

struct LaunchReport {
    std::string kernel;
    std::string first;                         // the first finding of any kind, in one line
    std::vector<std::string> ruleBreaks;
    long long ruleBreakCount = 0;
    long long undefinedReads = 0;
    std::string firstUndefinedRead;
    std::vector<std::string> calls;            // "__shfl_down_sync(0x000fffff, ..., 16) at shuffles.cu:297"
    std::map<ReadKey, long long> readsByLane;  // value: how many times that read happened
    std::vector<std::string> invalidAccesses;
    long long invalidAccessCount = 0;
    std::vector<std::string> uninitialisedKeys;  // in the order they were first seen
    std::map<std::string, Repeated> uninitialised;
    long long uninitialisedCount = 0;
    std::vector<std::string> raceKeys;
    std::map<std::string, Repeated> races;
    long long raceCount = 0;
    // An uninitialised read's key -> the key of the race that made it (the
    // read came before the write that nothing ordered it after): said under
    // that race, as its consequence (race_reports.cpp).
    std::map<std::string, std::string> causes;
    std::vector<std::string> notes;            // said on stderr, but not findings
    std::string stopped;                       // why the kernel stopped early (an invalid access, an assert), or ""

    long long findingCount() const {
        return ruleBreakCount + undefinedReads + invalidAccessCount + uninitialisedCount + raceCount;
    }

    void ruleBroken(const std::string& text);
    int addCall(std::string text);
    void undefinedRead(int call, int lane, int source, const std::string& where, int lanesInWarp);
    void invalidAccess(const std::string& text);
    void uninitialisedRead(const std::string& key, const std::string& text);
    void race(const std::string& key, const std::string& text);
    // A race said again in other words, once the launch has shown all its pairs.
    void reviseRace(const std::string& key, const std::string& text);
    // The race of key `from` is the one of `into`: said once, counted together.
    void mergeRace(const std::string& from, const std::string& into);
    // The uninitialised read of `uninitialisedKey` is a consequence of the race of `raceKey`.
    void causedBy(const std::string& uninitialisedKey, const std::string& raceKey);
    void print(dim3 grid, dim3 block) const;
    // The findings of `later` (the blocks after this report's), added as if
    // one report had seen them all in that order: how a launch on several
    // workers gathers its blocks' reports (scheduling/block_workers.cpp).
    void append(const LaunchReport& later);

private:
    void noteFirst(const std::string& text);
};

// The findings of the whole program, and the exit code they decide.
class ProgramFindings {
public:
    static ProgramFindings& get();
    void add(const LaunchReport& report);

private:
    long long total_ = 0, ruleBreaks_ = 0, undefinedReads_ = 0, invalidAccesses_ = 0, uninitialised_ = 0,
              races_ = 0, launches_ = 0;
    static void onExit(int status, void* self);
};

}  // namespace warp_emulator
