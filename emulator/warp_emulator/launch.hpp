// launch.hpp: a kernel launch, checked as a GPU checks it, run, run again in
// another order when the race check is on, and reported.
#pragma once

#include "block_barrier.hpp"
#include "scheduler.hpp"
#include "warp_collectives.hpp"

namespace warp_emulator {

// What a GPU says to a launch configuration: evidence/gpu-answers-h200.txt
// (tools/capture-gpu-answers.sh). Every refusal there is cudaErrorInvalidValue.
inline cudaError_t Runtime::checkConfiguration(const void* kernel, dim3 grid, dim3 block, size_t sharedBytes) {
    const unsigned long long threads = 1ull * block.x * block.y * block.z;
    if (threads == 0 || threads > 1024 || block.x > 1024 || block.y > 1024 || block.z > 64) {
        return cudaErrorInvalidValue;
    }
    if (grid.x == 0 || grid.y == 0 || grid.z == 0 || grid.x > 2147483647u || grid.y > 65535 || grid.z > 65535) {
        return cudaErrorInvalidValue;
    }
    const long long staticBytes = SymbolTable::get().sharedBytesOf(kernel);
    const auto optIn = instance().dynamicSharedOptIn.find(kernel);
    const size_t dynamicLimit = optIn != instance().dynamicSharedOptIn.end() ? optIn->second : kSharedBytesWithoutOptIn;
    const size_t blockLimit = optIn != instance().dynamicSharedOptIn.end() ? kMaxSharedBytesOptIn : kSharedBytesWithoutOptIn;
    if (sharedBytes > dynamicLimit || sharedBytes + static_cast<size_t>(staticBytes > 0 ? staticBytes : 0) > blockLimit) {
        return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

// The race check runs a launch twice, so every pointer a kernel is given must
// point into memory it can put back: an allocation from the runtime API, or a
// global variable. "" when they all do.
template <typename Tuple>
std::string Runtime::untrackedPointerArgument(const Tuple& arguments) const {
    std::string found;
    size_t position = 0;
    std::apply(
        [&](const auto&... argument) {
            auto check = [&](const auto& value) {
                ++position;
                using Value = std::decay_t<decltype(value)>;
                if constexpr (std::is_pointer<Value>::value) {
                    std::uintptr_t start = 0;
                    const void* address = reinterpret_cast<const void*>(value);
                    bool known = address == nullptr || memory.find(address, &start) != nullptr;
                    for (const MemoryRange& range : SymbolTable::get().globals()) {
                        known |= address >= range.start && address < range.start + range.bytes;
                    }
                    if (!known && found.empty()) {
                        found = "argument " + std::to_string(position);
                    }
                }
            };
            (check(argument), ...);
        },
        arguments);
    return found;
}

template <typename Tuple>
std::vector<const void*> Runtime::pointerArguments(const Tuple& arguments) {
    std::vector<const void*> pointers;
    std::apply(
        [&](const auto&... argument) {
            auto add = [&](const auto& value) {
                using Value = std::decay_t<decltype(value)>;
                if constexpr (std::is_pointer<Value>::value) {
                    pointers.push_back(reinterpret_cast<const void*>(value));
                } else {
                    pointers.push_back(nullptr);
                }
            };
            (add(argument), ...);
        },
        arguments);
    return pointers;
}

template <typename... Parameters, typename... Arguments>
const LaunchReport& Runtime::launch(void (*kernel)(Parameters...), dim3 grid, dim3 block, size_t sharedBytes,
                                    Arguments&&... arguments) {
    const Settings& settings = Settings::get();
    const SymbolTable& symbols = SymbolTable::get();
    report = LaunchReport{};
    readingCalls_.clear();
    syncError = cudaSuccess;
    report.kernel = symbols.nameOf(reinterpret_cast<const void*>(kernel));
    const cudaError_t configuration = checkConfiguration(reinterpret_cast<const void*>(kernel), grid, block, sharedBytes);
    if (configuration != cudaSuccess) {
        lastError = configuration;
        return report;
    }
    std::tuple<std::decay_t<Parameters>...> bound(std::forward<Arguments>(arguments)...);
    auto body = [&] { std::apply(kernel, bound); };
    body_ = [](void* context) { (*static_cast<decltype(body)*>(context))(); };
    bodyContext_ = &body;
    gridSize = grid;
    blockSize = block;
    dynamicSharedBytes_ = sharedBytes;
    threadCount_ = static_cast<int>(block.x * block.y * block.z);
    threads_.resize(static_cast<size_t>(threadCount_));
    Fibers::instance().prepare(threadCount_, stackBytes);

    const std::string untracked = settings.raceCheck ? untrackedPointerArgument(bound) : "";
    checkingRaces_ = settings.raceCheck && untracked.empty();
    if (settings.raceCheck && !untracked.empty() && !raceCheckSkipNoted_[report.kernel]) {
        raceCheckSkipNoted_[report.kernel] = true;
        std::fprintf(stderr,
                     "warp emulator: note: no race check for %s: its %s points to memory the runtime API did not "
                     "allocate (host memory?), which a second run could not put back\n",
                     report.kernel.c_str(), untracked.c_str());
    }
    RaceCheck::Snapshot before;
    if (checkingRaces_) {
        before = raceCheck_.take(memory);
        raceCheck_.beginRun(0);
    }
    tracingLaunch_ = trace.beginLaunch(report.kernel, grid, block, threadCount_);
    runGrid(settings.laneOrder, settings.seed, false);
    if (tracingLaunch_) {
        trace.endLaunch();
        tracingLaunch_ = false;
    }
    if (checkingRaces_) {
        // The second order: the reverse of the first, blocks reversed too.
        // Only its memory counts: what it breaks besides, the first run found.
        const RaceCheck::Snapshot first = raceCheck_.take(memory);
        RaceCheck::restore(before);
        LaunchReport firstReport = std::move(report);
        report = LaunchReport{};
        report.kernel = firstReport.kernel;
        const auto firstReadingCalls = std::move(readingCalls_);
        readingCalls_.clear();
        raceCheck_.beginRun(1);
        const LaneOrder second = settings.laneOrder == LaneOrder::Ascending ? LaneOrder::Descending
                                 : settings.laneOrder == LaneOrder::Descending ? LaneOrder::Ascending
                                                                              : LaneOrder::Random;
        {
            MutedStandardOutput muted;
            runGrid(second, settings.seed ^ 0x5DEECE66Dull, true);
        }
        report = std::move(firstReport);
        readingCalls_ = firstReadingCalls;
        const std::string firstName = settings.laneOrder == LaneOrder::Random
                                          ? "random (seed " + std::to_string(settings.seed) + ")"
                                          : laneOrderName(settings.laneOrder);
        const std::string secondName = settings.laneOrder == LaneOrder::Random ? "another random" : laneOrderName(second);
        raceCheck_.compare(first, memory, pointerArguments(bound), firstName.c_str(), secondName.c_str(), report);
        RaceCheck::restore(first);
        checkingRaces_ = false;
    }
    report.print(grid, block);
    ProgramFindings::get().add(report);
    if (report.ruleBreakCount != 0 && settings.failOnFinding) {
        lastError = cudaErrorWarpRuleBroken;
        syncError = cudaErrorWarpRuleBroken;
    }
    return report;
}

// ---------------------------------------------------------------------------
// The launch forms a program uses
// ---------------------------------------------------------------------------

// Launches kernel over grid x block threads, as kernel<<<grid, block>>>(...)
// would, and returns what the emulator found.
template <typename... Parameters, typename... Arguments>
const LaunchReport& launch(void (*kernel)(Parameters...), dim3 grid, dim3 block, Arguments&&... arguments) {
    return runtime().launch(kernel, grid, block, 0, std::forward<Arguments>(arguments)...);
}

// kernel<<<grid, block, sharedBytes, stream>>>(arguments...) is written
// configuredLaunch(kernel, grid, block, sharedBytes, stream)(arguments...)
// here; emulator/emulate rewrites a .cu file's launches into this form.
template <typename... Parameters>
struct ConfiguredLaunch {
    void (*kernel)(Parameters...);
    dim3 grid, block;
    size_t sharedBytes;
    template <typename... Arguments>
    void operator()(Arguments&&... arguments) const {
        runtime().launch(kernel, grid, block, sharedBytes, std::forward<Arguments>(arguments)...);
    }
};
template <typename... Parameters>
ConfiguredLaunch<Parameters...> configuredLaunch(void (*kernel)(Parameters...), dim3 grid, dim3 block,
                                                 size_t sharedBytes = 0, cudaStream_t = nullptr) {
    return {kernel, grid, block, sharedBytes};
}

// The findings of the most recent launch.
inline const LaunchReport& lastLaunchReport() { return runtime().report; }

// Records every collective of one warp of the first launch of each named
// kernel (a comma-separated list; "" for every kernel) into `path`, in the
// format of emulator/TRACE.md. The environment variables do the same.
inline void traceWarps(const char* path, const char* kernels = "", dim3 block = dim3(0, 0, 0), int warp = 0) {
    std::vector<std::string> names;
    std::string name;
    for (const char* c = kernels;; ++c) {
        if (*c == ',' || *c == '\0') {
            if (!name.empty()) {
                names.push_back(name);
            }
            name.clear();
            if (*c == '\0') {
                break;
            }
        } else {
            name += *c;
        }
    }
    runtime().trace.traceTo(path, names, block, warp);
}

// Dynamic shared memory (extern __shared__): one buffer, the first
// sharedBytes of it refilled with 0xff for each block.
inline void* dynamicSharedMemory() { return runtime().dynamicShared; }

}  // namespace warp_emulator

// What emulator/emulate writes for `extern __shared__ Type name[];`.
#define WARP_EMULATOR_EXTERN_SHARED(name, ...) \
    __VA_ARGS__* const name = static_cast<__VA_ARGS__*>(::warp_emulator::dynamicSharedMemory())
