// launch.hpp: a kernel launch, checked as a GPU checks it, run, run again in
// other orders when the race check is on, and reported.
#pragma once

#include <tuple>
#include <type_traits>
#include <utility>

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

// The address a pointer argument holds, or null for anything else (a value,
// a function pointer); volatile and const pointers too.
template <typename Value>
const void* addressIn(const Value& value) {
    if constexpr (std::is_pointer<Value>::value && std::is_object<std::remove_pointer_t<Value>>::value) {
        return const_cast<const void*>(static_cast<const volatile void*>(value));
    } else {
        return nullptr;
    }
}

// The race check runs a launch again, so every pointer a kernel is given must
// point into memory it can put back: an allocation from the runtime API (or
// just past its end, as a [begin, end) range's end does), or a global
// variable. "" when they all do.
inline std::string Runtime::untrackedPointerArgument(const std::vector<const void*>& pointers) const {
    for (size_t i = 0; i < pointers.size(); ++i) {
        const char* address = static_cast<const char*>(pointers[i]);
        bool known = address == nullptr || memory.holdsOrEnds(address);
        for (const MemoryRange& range : SymbolTable::get().globals()) {
            known |= address >= range.start && address < range.start + range.bytes;
        }
        if (!known) {
            return "argument " + std::to_string(i + 1);
        }
    }
    return "";
}

// Each argument's address (addressIn), null where it is not a pointer.
template <typename Tuple>
std::vector<const void*> Runtime::pointerArguments(const Tuple& arguments) {
    std::vector<const void*> pointers;
    std::apply(
        [&](const auto&... argument) {
            auto add = [&](const auto& value) { pointers.push_back(addressIn(value)); };
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

    const std::vector<const void*> pointers = pointerArguments(bound);
    const std::string untracked = settings.raceCheck ? untrackedPointerArgument(pointers) : "";
    checkingRaces_ = settings.raceCheck && untracked.empty();
    if (settings.raceCheck && !untracked.empty() && !raceCheckSkipNoted_[report.kernel]) {
        raceCheckSkipNoted_[report.kernel] = true;
        std::fprintf(stderr,
                     "warp emulator: note: no race check for %s: its %s points to memory the runtime API did not "
                     "allocate (host memory?), which a later run could not put back\n",
                     report.kernel.c_str(), untracked.c_str());
    }
    Watchdog::start([] { return instance().describeRunningThread(); });
    WriteTracker& tracker = WriteTracker::instance();
    RaceCheck::Snapshot globalsBefore;
    if (checkingRaces_) {
        globalsBefore = RaceCheck::takeGlobals();
        raceCheck_.beginRun(0);
        tracker.reset();
        tracker.start(memory);
    }
    tracingLaunch_ = trace.beginLaunch(report.kernel, grid, block, threadCount_);
    runGrid(settings.laneOrder, settings.seed, false, false);
    if (tracingLaunch_) {
        trace.endLaunch();
        tracingLaunch_ = false;
    }
    if (checkingRaces_) {
        tracker.stop();
        const std::string firstOrder = (settings.laneOrder == LaneOrder::Random
                                            ? "random order (seed " + std::to_string(settings.seed) + ")"
                                            : std::string(laneOrderName(settings.laneOrder)) + " order");
        checkOtherOrders(globalsBefore, pointers, firstOrder);
        checkingRaces_ = false;
    }
    Watchdog::stop();
    if (settings.isSuppressed(report.kernel)) {
        // Expected, as a Valgrind suppression says: counted here, never printed whole, never decisive.
        if (report.findingCount() != 0) {
            std::fprintf(stderr, "warp emulator: %s<<<(%u,%u,%u), (%u,%u,%u)>>>: %lld finding(s), suppressed (%s)\n",
                         report.kernel.c_str(), grid.x, grid.y, grid.z, block.x, block.y, block.z,
                         report.findingCount(), report.firstFinding().c_str());
        }
        return report;
    }
    report.print(grid, block);
    ProgramFindings::get().add(report);
    if (report.ruleBreakCount != 0 && settings.failOnFinding) {
        lastError = cudaErrorWarpRuleBroken;
        syncError = cudaErrorWarpRuleBroken;
    }
    return report;
}

// The race check's other runs (race_check.hpp). Each starts from the memory
// the launch found, runs the grid in a seeded random order with the blocks
// reversed and each warp call carried out as soon as its lanes are there, and
// is compared with the first run, whose memory is then put back. A launch of
// few blocks gives its threads few chances to meet in another order, so it gets
// more runs: 32 / blocks of them, 1 to 8 (fewer when its allocations are
// large). Only their memory counts: what they break besides, the first run found.
inline void Runtime::checkOtherOrders(const RaceCheck::Snapshot& globalsBefore,
                                      const std::vector<const void*>& arguments, const std::string& firstOrder) {
    WriteTracker& tracker = WriteTracker::instance();
    std::map<char*, std::vector<char>> firstPages;  // what the first run left, in the pages it wrote
    for (size_t i = 0; i < tracker.count(); ++i) {
        firstPages[tracker.page(i)].assign(tracker.page(i), tracker.page(i) + pageBytes());
    }
    const RaceCheck::Snapshot firstGlobals = RaceCheck::takeGlobals();
    const unsigned long long blocks = 1ull * gridSize.x * gridSize.y * gridSize.z;
    unsigned long long trackedBytes = 1;
    for (const auto& [start, allocation] : memory.all()) {
        trackedBytes += allocation.bytes;
    }
    // Each run protects every allocation again (a system call over its pages):
    // over 256 MiB of protecting in all, fewer runs.
    const int runs = static_cast<int>(std::max(1ull, std::min({8ull, 32 / blocks, (256ull << 20) / trackedBytes})));
    LaunchReport kept = std::move(report);
    const auto keptReadingCalls = std::move(readingCalls_);
    for (int run = 1; run <= runs; ++run) {
        for (size_t i = 0; i < tracker.count(); ++i) {  // memory as the launch found it
            std::memcpy(tracker.page(i), tracker.before(i), pageBytes());
        }
        RaceCheck::restore(globalsBefore);
        report = LaunchReport{};
        report.kernel = kept.kernel;
        readingCalls_.clear();
        raceCheck_.beginRun(run);
        tracker.start(memory);
        {
            MutedStandardOutput muted;
            runGrid(LaneOrder::Random, Settings::get().seed ^ (0x5DEECE66Dull * static_cast<std::uint64_t>(run)), true, true);
        }
        tracker.stop();
        LaunchReport differences;
        differences.kernel = kept.kernel;
        const std::string otherOrder =
            "race check's other order (random, blocks reversed, warps running ahead" +
            (runs > 1 ? "; run " + std::to_string(run) + " of " + std::to_string(runs) : std::string()) + ")";
        raceCheck_.compareAndKeepFirst(firstPages, firstGlobals, memory, arguments, firstOrder, otherOrder, differences);
        if (differences.raceCount != 0) {
            kept.notes = differences.notes;
            for (const std::string& race : differences.races) {
                kept.race(race);
            }
            break;
        }
        if (kept.notes.empty()) {
            kept.notes = differences.notes;
        }
    }
    report = std::move(kept);
    readingCalls_ = keptReadingCalls;
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

// Findings in these kernels (a comma-separated list) are expected: each launch
// says how many in one line, and they change no answer and no exit code.
// WARP_EMULATOR_SUPPRESS does the same.
inline void suppressFindingsIn(const char* kernels) {
    for (const std::string& name : Settings::namesIn(kernels)) {
        Settings::get().suppressed.push_back(name);
    }
}

// The findings of the most recent launch.
inline const LaunchReport& lastLaunchReport() { return runtime().report; }

// Records every collective of one warp of the first launch of each named
// kernel (a comma-separated list; "" for every kernel) into `path`, in the
// format of emulator/TRACE.md. The environment variables do the same.
inline void traceWarps(const char* path, const char* kernels = "", dim3 block = dim3(0, 0, 0), int warp = 0) {
    runtime().trace.traceTo(path, Settings::namesIn(kernels), block, warp);
}

// Dynamic shared memory (extern __shared__): one buffer, the first
// sharedBytes of it refilled with 0xff for each block.
inline void* dynamicSharedMemory() { return runtime().dynamicShared; }

}  // namespace warp_emulator

// What emulator/emulate writes for `extern __shared__ Type name[];`.
#define WARP_EMULATOR_EXTERN_SHARED(name, ...) \
    __VA_ARGS__* const name = static_cast<__VA_ARGS__*>(::warp_emulator::dynamicSharedMemory())
