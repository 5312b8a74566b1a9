// settings.hpp: the environment variables that steer the emulator, read once.
// A value the emulator cannot read stops the program with a message that says
// what it expected, rather than being ignored.
#pragma once

#include <sched.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "warp_emulator/keywords.hpp"

namespace warp_emulator {

// The exit code when the emulator cannot run a kernel as configured: a thread
// ran off its stack (fibers.cpp), the watchdog found no thread moving
// (watchdog.cpp), or the host had no memory left for the emulator's own
// records (EX_SOFTWARE of sysexits.h). Distinct from 66, a finding in a
// kernel that ran.
constexpr int kCannotRunExitCode = 70;

enum class LaneOrder { Ascending, Descending, Random };

inline const char* laneOrderName(LaneOrder order) {
    switch (order) {
        case LaneOrder::Ascending: return "ascending";
        case LaneOrder::Descending: return "descending";
        case LaneOrder::Random: return "random";
    }
    return "?";
}

struct Settings {
    bool failOnFinding = true;          // WARP_EMULATOR_ON_FINDING=fail|log
    LaneOrder laneOrder = LaneOrder::Ascending;  // WARP_EMULATOR_LANE_ORDER=ascending|descending|random[:SEED]
    std::uint64_t seed = 1;
    bool raceCheck = true;              // WARP_EMULATOR_RACE_CHECK=1|0 (0: no happens-before race check)
    size_t stackBytes = 512 * 1024;     // WARP_EMULATOR_STACK_KIB=N
    unsigned watchdogSeconds = 60;      // WARP_EMULATOR_WATCHDOG_SECONDS=N (0: never)
    unsigned progressSeconds = 2;       // WARP_EMULATOR_PROGRESS=N: a launch's line after N s (0: never; progress.hpp)
    std::vector<std::string> suppressed;  // WARP_EMULATOR_SUPPRESS=a,b: kernels whose findings do not count
    std::string tracePath;              // WARP_EMULATOR_TRACE=FILE
    std::vector<std::string> traceKernels;  // WARP_EMULATOR_TRACE_KERNELS=a,b (empty: every kernel)
    dim3 traceBlock{0, 0, 0};           // WARP_EMULATOR_TRACE_BLOCK=x[,y[,z]]
    int traceWarp = 0;                  // WARP_EMULATOR_TRACE_WARP=w
    unsigned workers = 1;               // WARP_EMULATOR_WORKERS=N (default: the cores this process may use)

    static Settings& get() {
        static Settings* settings = read();
        return *settings;
    }

    // "a,b,,c" -> {"a", "b", "c"}: the kernel lists of the variables and the API.
    static std::vector<std::string> namesIn(const char* text) {
        std::vector<std::string> names;
        std::string name;
        for (const char* c = text;; ++c) {
            if (*c == ',' || *c == '\0') {
                if (!name.empty()) {
                    names.push_back(name);
                }
                name.clear();
                if (*c == '\0') {
                    return names;
                }
            } else {
                name += *c;
            }
        }
    }

    bool isSuppressed(const std::string& kernel) const {
        for (const std::string& name : suppressed) {
            if (name == kernel) {
                return true;
            }
        }
        return false;
    }

private:
    // Out of line and cold, even where get() is inlined into a function
    // flattened for speed (the checks of every access, memory_checks.cpp):
    // what runs once is not copied into each of them, where it took
    // registers and stack from the path every access takes.
    [[gnu::noinline, gnu::cold]] static Settings* read() { return new Settings(fromEnvironment()); }

    [[noreturn]] static void refuse(const char* name, const char* value, const char* expected) {
        std::fprintf(stderr, "warp emulator: %s=%s: expected %s\n", name, value, expected);
        std::exit(2);
    }

    static bool readWholeNumber(const char* text, unsigned long long& number) {
        if (text[0] == '\0') {
            return false;
        }
        number = 0;
        for (const char* digit = text; *digit != '\0'; ++digit) {
            if (*digit < '0' || *digit > '9' || number > (1ull << 40)) {
                return false;
            }
            number = number * 10 + static_cast<unsigned long long>(*digit - '0');
        }
        return true;
    }

    static Settings fromEnvironment() {
        Settings s;
        cpu_set_t cores;
        s.workers = sched_getaffinity(0, sizeof cores, &cores) == 0 ? static_cast<unsigned>(CPU_COUNT(&cores)) : 1u;
        if (const char* value = std::getenv("WARP_EMULATOR_WORKERS")) {
            unsigned long long workers = 0;
            if (!readWholeNumber(value, workers) || workers < 1 || workers > 1024) {
                refuse("WARP_EMULATOR_WORKERS", value, "a whole number of worker processes from 1 (one block after "
                                                       "another) to 1024 (the default is the cores this process may use)");
            }
            s.workers = static_cast<unsigned>(workers);
        }
        if (const char* value = std::getenv("WARP_EMULATOR_ON_FINDING")) {
            if (std::strcmp(value, "fail") == 0) {
                s.failOnFinding = true;
            } else if (std::strcmp(value, "log") == 0) {
                s.failOnFinding = false;
            } else {
                refuse("WARP_EMULATOR_ON_FINDING", value, "fail (the default) or log");
            }
        }
        if (const char* value = std::getenv("WARP_EMULATOR_LANE_ORDER")) {
            unsigned long long seed = 0;
            if (std::strcmp(value, "ascending") == 0) {
                s.laneOrder = LaneOrder::Ascending;
            } else if (std::strcmp(value, "descending") == 0) {
                s.laneOrder = LaneOrder::Descending;
            } else if (std::strcmp(value, "random") == 0) {
                s.laneOrder = LaneOrder::Random;
            } else if (std::strncmp(value, "random:", 7) == 0 && readWholeNumber(value + 7, seed)) {
                s.laneOrder = LaneOrder::Random;
                s.seed = seed;
            } else {
                refuse("WARP_EMULATOR_LANE_ORDER", value, "ascending (the default), descending, random or random:SEED");
            }
        }
        if (const char* value = std::getenv("WARP_EMULATOR_RACE_CHECK")) {
            if (std::strcmp(value, "1") == 0) {
                s.raceCheck = true;
            } else if (std::strcmp(value, "0") == 0) {
                s.raceCheck = false;
            } else {
                refuse("WARP_EMULATOR_RACE_CHECK", value, "1 (the default) or 0");
            }
        }
        if (const char* value = std::getenv("WARP_EMULATOR_STACK_KIB")) {
            unsigned long long kib = 0;
            if (!readWholeNumber(value, kib) || kib < 16 || kib > 1024 * 1024) {
                refuse("WARP_EMULATOR_STACK_KIB", value, "a whole number of KiB from 16 to 1048576 (the default is 512)");
            }
            s.stackBytes = static_cast<size_t>(kib) * 1024;
        }
        if (const char* value = std::getenv("WARP_EMULATOR_WATCHDOG_SECONDS")) {
            unsigned long long seconds = 0;
            if (!readWholeNumber(value, seconds) || seconds > 86400) {
                refuse("WARP_EMULATOR_WATCHDOG_SECONDS", value, "a whole number of seconds up to 86400, or 0 for never (the default is 60)");
            }
            s.watchdogSeconds = static_cast<unsigned>(seconds);
        }
        if (const char* value = std::getenv("WARP_EMULATOR_PROGRESS")) {
            unsigned long long seconds = 0;
            if (!readWholeNumber(value, seconds) || seconds > 86400) {
                refuse("WARP_EMULATOR_PROGRESS", value,
                       "a whole number of seconds up to 86400 before a long launch says how far it has got, or 0 for "
                       "never (the default is 2)");
            }
            s.progressSeconds = static_cast<unsigned>(seconds);
        }
        if (const char* value = std::getenv("WARP_EMULATOR_SUPPRESS")) {
            s.suppressed = namesIn(value);
        }
        if (const char* value = std::getenv("WARP_EMULATOR_TRACE")) {
            s.tracePath = value;
        }
        if (const char* value = std::getenv("WARP_EMULATOR_TRACE_KERNELS")) {
            s.traceKernels = namesIn(value);
        }
        if (const char* value = std::getenv("WARP_EMULATOR_TRACE_BLOCK")) {
            std::vector<std::string> parts(1);
            for (const char* c = value; *c != '\0'; ++c) {
                if (*c == ',') {
                    parts.emplace_back();
                } else {
                    parts.back() += *c;
                }
            }
            unsigned long long coordinate[3] = {0, 0, 0};
            bool valid = parts.size() <= 3;
            for (size_t i = 0; valid && i < parts.size(); ++i) {
                valid = readWholeNumber(parts[i].c_str(), coordinate[i]);
            }
            if (!valid) {
                refuse("WARP_EMULATOR_TRACE_BLOCK", value, "x, x,y or x,y,z (whole numbers; the default is 0,0,0)");
            }
            s.traceBlock = dim3(static_cast<unsigned int>(coordinate[0]), static_cast<unsigned int>(coordinate[1]),
                                static_cast<unsigned int>(coordinate[2]));
        }
        if (const char* value = std::getenv("WARP_EMULATOR_TRACE_WARP")) {
            unsigned long long warp = 0;
            if (!readWholeNumber(value, warp) || warp >= 32) {
                refuse("WARP_EMULATOR_TRACE_WARP", value, "a warp of the block, 0 to 31 (the default is 0)");
            }
            s.traceWarp = static_cast<int>(warp);
        }
        return s;
    }
};

}  // namespace warp_emulator
