// findings.cpp: keeping, printing and counting findings.
#include "reporting/findings.hpp"

#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "reporting/settings.hpp"

namespace warp_emulator {

void LaunchReport::noteFirst(const std::string& text) {
    if (first.empty()) {
        first = text;
    }
}

void LaunchReport::ruleBroken(const std::string& text) {
    noteFirst(text);
    if (ruleBreakCount++ < static_cast<long long>(kKeptInFull)) {
        ruleBreaks.push_back(text);
    }
}

int LaunchReport::addCall(std::string text) {
    calls.push_back(std::move(text));
    return static_cast<int>(calls.size()) - 1;
}

void LaunchReport::undefinedRead(int call, int lane, int source, const std::string& where, int lanesInWarp) {
    if (undefinedReads++ == 0) {
        const std::string why = source < lanesInWarp
                                    ? "which is not taking part"
                                    : "which does not exist: the block's size leaves this warp " +
                                          std::to_string(lanesInWarp) + " lanes";
        firstUndefinedRead = where + ": lane " + std::to_string(lane) + " read lane " + std::to_string(source) +
                             ", " + why + ", in " + calls[static_cast<size_t>(call)];
        noteFirst(firstUndefinedRead);
    }
    ++readsByLane[{call, lane, source}];
}

void LaunchReport::invalidAccess(const std::string& text) {
    noteFirst(text);
    if (invalidAccessCount++ < static_cast<long long>(kKeptInFull)) {
        invalidAccesses.push_back(text);
    }
}

void LaunchReport::uninitialisedRead(const std::string& key, const std::string& text) {
    Repeated& entry = uninitialised[key];
    if (entry.times++ == 0) {
        entry.text = text;
        uninitialisedKeys.push_back(key);
        noteFirst(text);
    }
    ++uninitialisedCount;
}

void LaunchReport::race(const std::string& key, const std::string& text) {
    Repeated& entry = races[key];
    if (entry.times++ == 0) {
        entry.text = text;
        raceKeys.push_back(key);
        noteFirst(text);
    }
    ++raceCount;
}

void LaunchReport::reviseRace(const std::string& key, const std::string& text) {
    auto found = races.find(key);
    if (found == races.end() || found->second.text == text) {
        return;
    }
    if (first == found->second.text) {
        first = text;
    }
    found->second.text = text;
}

void LaunchReport::mergeRace(const std::string& from, const std::string& into) {
    auto merged = races.find(from);
    if (merged == races.end() || races.count(into) == 0) {
        return;
    }
    if (first == merged->second.text) {
        first = races[into].text;
    }
    races[into].times += merged->second.times;
    races.erase(merged);
    raceKeys.erase(std::remove(raceKeys.begin(), raceKeys.end(), from), raceKeys.end());
}

void LaunchReport::causedBy(const std::string& uninitialisedKey, const std::string& raceKey) {
    if (causes.count(uninitialisedKey) != 0) {
        return;  // the first race of that read explains it
    }
    causes[uninitialisedKey] = raceKey;
    if (first == uninitialised[uninitialisedKey].text) {
        first = races[raceKey].text;  // the race is what to fix: say it first
    }
}

namespace {

void appendKept(std::vector<std::string>& to, const std::vector<std::string>& from) {
    for (const std::string& text : from) {
        if (to.size() >= kKeptInFull) {
            return;
        }
        to.push_back(text);
    }
}

void appendRepeated(std::vector<std::string>& keys, std::map<std::string, Repeated>& to,
                    const std::vector<std::string>& laterKeys, const std::map<std::string, Repeated>& later) {
    for (const std::string& key : laterKeys) {
        const Repeated& entry = later.at(key);
        Repeated& mine = to[key];
        if (mine.times == 0) {
            mine.text = entry.text;
            keys.push_back(key);
        }
        mine.times += entry.times;
    }
}

}  // namespace

void LaunchReport::append(const LaunchReport& later) {
    if (first.empty()) {
        first = later.first;
    }
    appendKept(ruleBreaks, later.ruleBreaks);
    ruleBreakCount += later.ruleBreakCount;
    if (undefinedReads == 0) {
        firstUndefinedRead = later.firstUndefinedRead;
    }
    undefinedReads += later.undefinedReads;
    // The calls are numbered in the order they first read an absent lane.
    std::vector<int> renumbered;
    for (const std::string& call : later.calls) {
        int number = 0;
        while (number < static_cast<int>(calls.size()) && calls[static_cast<size_t>(number)] != call) {
            ++number;
        }
        if (number == static_cast<int>(calls.size())) {
            calls.push_back(call);
        }
        renumbered.push_back(number);
    }
    for (const auto& [key, times] : later.readsByLane) {
        readsByLane[{renumbered[static_cast<size_t>(key.call)], key.readingLane, key.sourceLane}] += times;
    }
    appendKept(invalidAccesses, later.invalidAccesses);
    invalidAccessCount += later.invalidAccessCount;
    appendRepeated(uninitialisedKeys, uninitialised, later.uninitialisedKeys, later.uninitialised);
    uninitialisedCount += later.uninitialisedCount;
    appendRepeated(raceKeys, races, later.raceKeys, later.races);
    raceCount += later.raceCount;
    for (const std::string& note : later.notes) {
        if (std::find(notes.begin(), notes.end(), note) == notes.end()) {
            notes.push_back(note);
        }
    }
    if (stopped.empty()) {
        stopped = later.stopped;
    }
}

namespace {

void printFirst(const char* label, const std::vector<std::string>& texts, long long count) {
    for (size_t i = 0; i < texts.size() && i < static_cast<size_t>(kPrintedInFull); ++i) {
        std::fprintf(stderr, "  %s: %s\n", label, texts[i].c_str());
    }
    if (count > kPrintedInFull && texts.size() >= static_cast<size_t>(kPrintedInFull)) {
        std::fprintf(stderr, "  ... and %lld more\n", count - kPrintedInFull);
    }
}

void printTimes(const char* indent, long long times) {
    if (times > 1) {
        std::fprintf(stderr, "%s(%lld times at these lines in this launch)\n", indent, times);
    }
}

// Each kind of repeated finding once, with how many times it happened.
void printRepeated(const char* label, const std::vector<std::string>& keys, const std::map<std::string, Repeated>& found,
                   long long count) {
    for (size_t i = 0; i < keys.size() && i < static_cast<size_t>(kPrintedInFull); ++i) {
        const Repeated& entry = found.at(keys[i]);
        std::fprintf(stderr, "  %s: %s\n", label, entry.text.c_str());
        printTimes("    ", entry.times);
    }
    if (keys.size() > static_cast<size_t>(kPrintedInFull)) {
        long long rest = 0;
        for (size_t i = static_cast<size_t>(kPrintedInFull); i < keys.size(); ++i) {
            rest += found.at(keys[i]).times;
        }
        std::fprintf(stderr, "  ... and %zu more kinds, %lld times in all\n", keys.size() - kPrintedInFull, rest);
    }
    (void)count;
}

}  // namespace

void LaunchReport::print(dim3 grid, dim3 block) const {
    if (findingCount() == 0 && notes.empty() && stopped.empty()) {
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
    if (invalidAccessCount != 0) {
        printFirst("INVALID ACCESS", invalidAccesses, invalidAccessCount);
    }
    // A race that made reads of memory nothing had written comes first, those
    // reads under it: the race is what to fix, and fixing it fixes them.
    std::vector<std::string> causingRaces, otherRaces, otherUninitialised;
    long long otherUninitialisedCount = 0;
    for (const std::string& key : raceKeys) {
        const bool explains =
            std::any_of(causes.begin(), causes.end(), [&](const auto& cause) { return cause.second == key; });
        (explains ? causingRaces : otherRaces).push_back(key);
    }
    for (const std::string& key : uninitialisedKeys) {
        if (causes.count(key) == 0) {
            otherUninitialised.push_back(key);
            otherUninitialisedCount += uninitialised.at(key).times;
        }
    }
    for (const std::string& key : causingRaces) {
        const Repeated& race = races.at(key);
        std::fprintf(stderr, "  RACE: %s\n", race.text.c_str());
        printTimes("    ", race.times);
        for (const std::string& read : uninitialisedKeys) {
            auto cause = causes.find(read);
            if (cause == causes.end() || cause->second != key) {
                continue;
            }
            const Repeated& entry = uninitialised.at(read);
            std::fprintf(stderr,
                         "    and so, UNINITIALISED: %s; the read came before the write it races with, and it holds "
                         "poison (NaN, or -1 as an int)\n",
                         entry.text.c_str());
            printTimes("      ", entry.times);
        }
    }
    if (otherUninitialisedCount != 0) {
        std::fprintf(stderr, "  %lld read(s) of memory nothing had written (it holds poison: NaN, or -1 as an int)\n",
                     otherUninitialisedCount);
        printRepeated("UNINITIALISED", otherUninitialised, uninitialised, otherUninitialisedCount);
    }
    if (!otherRaces.empty()) {
        printRepeated("RACE", otherRaces, races, raceCount);
    }
    if (!stopped.empty()) {
        std::fprintf(stderr, "  %s\n", stopped.c_str());
    }
}

ProgramFindings& ProgramFindings::get() {
    static ProgramFindings* findings = new ProgramFindings;
    return *findings;
}

void ProgramFindings::add(const LaunchReport& report) {
    if (report.findingCount() == 0) {
        return;
    }
    if (total_ == 0) {
        // glibc's on_exit hands the handler the status exit() was given; the
        // handler runs after the program's own exit handlers registered
        // later, flushes every stream, and swaps a 0 for kFindingsExitCode.
#ifdef __GLIBC__
        on_exit(onExit, this);
#endif
    }
    total_ += report.findingCount();
    ruleBreaks_ += report.ruleBreakCount;
    undefinedReads_ += report.undefinedReads;
    invalidAccesses_ += report.invalidAccessCount;
    uninitialised_ += report.uninitialisedCount;
    races_ += report.raceCount;
    ++launches_;
}

void ProgramFindings::onExit(int status, void* self) {
    const ProgramFindings& findings = *static_cast<const ProgramFindings*>(self);
    std::fflush(nullptr);
    std::fprintf(stderr,
                 "warp emulator: %lld finding(s) in %lld launch(es): %lld broken rule(s), %lld undefined read(s), "
                 "%lld invalid access(es), %lld uninitialised read(s), %lld race(s)\n",
                 findings.total_, findings.launches_, findings.ruleBreaks_, findings.undefinedReads_,
                 findings.invalidAccesses_, findings.uninitialised_, findings.races_);
    if (status == 0 && Settings::get().failOnFinding) {
        std::fprintf(stderr,
                     "warp emulator: the program exited 0; exiting %d instead because of the findings above "
                     "(WARP_EMULATOR_ON_FINDING=log keeps the program's own exit code)\n",
                     kFindingsExitCode);
        std::fflush(stderr);
        _exit(kFindingsExitCode);
    }
}

}  // namespace warp_emulator
