// launch.cpp: a kernel launch, checked as a GPU checks it, run, and reported.
#include <cstdio>
#include <cstring>
#include <string>

#include "api/api_state.hpp"
#include "api/stream_work.hpp"
#include "device/builtin_dimensions.hpp"
#include "scheduling/fibers.hpp"
#include "scheduling/launch.hpp"
#include "checks/memory_checks.hpp"
#include "scheduling/block_workers.hpp"
#include "scheduling/scheduler.hpp"
#include "reporting/source_lines.hpp"
#include "memory/spaces.hpp"
#include "memory/symbols.hpp"
#include "rules/arrive_wait_barrier.hpp"
#include "rules/tile_barrier.hpp"
#include "rules/warp_collectives.hpp"
#include "scheduling/watchdog.hpp"

namespace warp_emulator {

namespace {

cudaError_t checkConfiguration(const LaunchSpec& spec) {
    return launchConfigurationError(spec.kernel, spec.grid, spec.block, spec.sharedBytes);
}

// A program built against libtsan as well would have two runtimes for the
// same hooks; refuse it at once, saying how to build.
void refuseThreadSanitizerRuntime() {
    static bool checked = false;
    if (checked) {
        return;
    }
    checked = true;
    if (std::FILE* maps = std::fopen("/proc/self/maps", "r")) {
        char line[4096];
        while (std::fgets(line, sizeof line, maps) != nullptr) {
            if (std::strstr(line, "libtsan") != nullptr || std::strstr(line, "libclang_rt.tsan") != nullptr) {
                std::fprintf(stderr,
                             "warp emulator: this program is linked with ThreadSanitizer's runtime (libtsan), whose "
                             "hooks the emulator takes itself: compile with -fsanitize=thread but link without it "
                             "(emulator/emulate does this)\n");
                std::exit(kCannotRunExitCode);
            }
        }
        std::fclose(maps);
    }
}

void printAndCount(Scheduler& scheduler) {
    LaunchReport& report = scheduler.report;
    const Settings& settings = Settings::get();
    if (settings.isSuppressed(report.kernel)) {
        // Expected, as a Valgrind suppression says: counted here, never printed whole, never decisive.
        if (report.findingCount() != 0) {
            std::fprintf(stderr, "warp emulator: %s<<<(%u,%u,%u), (%u,%u,%u)>>>: %lld finding(s), suppressed (%s)\n",
                         report.kernel.c_str(), scheduler.grid.x, scheduler.grid.y, scheduler.grid.z, scheduler.block.x,
                         scheduler.block.y, scheduler.block.z, report.findingCount(), report.first.c_str());
        }
        return;
    }
    report.print(scheduler.grid, scheduler.block);
    ProgramFindings::get().add(report);
}

}  // namespace

// Set by cudaLaunchCooperativeKernel for the launch it makes (api/cooperative_launch.cpp).
extern bool cooperativeLaunchNext;

void launchBegins(const void* kernel, const char* name) {
    Scheduler& scheduler = Scheduler::instance();
    if (!scheduler.inKernel()) {
        return;
    }
    // A launch from device code: dynamic parallelism, which needs a
    // device-side runtime the emulator does not have. Not the program's
    // mistake, so no finding: the emulator cannot run it, and says so.
    kernelCodeRunning = false;
    if (BlockWorkers::inWorker()) {
        BlockWorkers::giveUp();  // the program says it, running the launch on one worker
    }
    const std::string child = kernel != nullptr ? SymbolTable::get().nameOf(kernel) : name;
    std::fflush(stdout);
    std::fprintf(stderr,
                 "warp emulator: %s launched %s from device code (dynamic parallelism), which the CPU warp emulator "
                 "does not emulate: launch kernels from the host\n",
                 scheduler.describeRunningThread().c_str(), child.c_str());
    std::fflush(stderr);
    std::_Exit(kCannotRunExitCode);
}

// What a GPU says to a launch configuration: evidence/gpu-answers-h200.txt.
// Every refusal there is cudaErrorInvalidValue.
cudaError_t launchConfigurationError(const void* kernel, dim3 grid, dim3 block, size_t sharedBytes) {
    const unsigned long long threads = 1ull * block.x * block.y * block.z;
    if (threads == 0 || threads > 1024 || block.x > 1024 || block.y > 1024 || block.z > 64) {
        return cudaErrorInvalidValue;
    }
    if (grid.x == 0 || grid.y == 0 || grid.z == 0 || grid.x > 2147483647u || grid.y > 65535 || grid.z > 65535) {
        return cudaErrorInvalidValue;
    }
    // A deduced template has no address: its static __shared__ bytes are not
    // known, and only its dynamic ones are checked.
    const long long staticBytes = kernel != nullptr ? SymbolTable::get().sharedBytesOf(kernel) : 0;
    const ApiState& api = ApiState::get();
    const auto optIn = api.dynamicSharedOptIn.find(kernel);
    const bool optedIn = optIn != api.dynamicSharedOptIn.end();
    const size_t dynamicLimit = optedIn ? optIn->second : kSharedBytesWithoutOptIn;
    const size_t blockLimit = optedIn ? kMaxSharedBytesOptIn : kSharedBytesWithoutOptIn;
    if (sharedBytes > dynamicLimit ||
        sharedBytes + static_cast<size_t>(staticBytes > 0 ? staticBytes : 0) > blockLimit) {
        return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

void runLaunch(const LaunchSpec& spec) {
    const DeviceLock lock;  // one launch at a time, whichever host thread makes it
    refuseThreadSanitizerRuntime();
    ApiState& api = ApiState::get();
    Scheduler& scheduler = Scheduler::instance();
    scheduler.cooperative = cooperativeLaunchNext;
    cooperativeLaunchNext = false;
    scheduler.report = LaunchReport{};
    scheduler.kernelName = spec.kernel != nullptr ? SymbolTable::get().nameOf(spec.kernel) : spec.name;
    scheduler.report.kernel = scheduler.kernelName;
    if (api.sticky != cudaSuccess) {
        api.lastError = api.sticky;  // a context that stopped a kernel runs no other
        return;
    }
    api.syncError = cudaSuccess;
    const cudaError_t configuration = checkConfiguration(spec);
    if (configuration != cudaSuccess) {
        api.lastError = configuration;
        return;
    }
    scheduler.grid = spec.grid;
    scheduler.block = spec.block;
    setLaunchDimensions(spec.grid, spec.block);
    scheduler.threadsPerBlock = static_cast<int>(spec.block.x * spec.block.y * spec.block.z);
    scheduler.dynamicSharedBytes = spec.sharedBytes;
    scheduler.pointerArguments = spec.pointerArguments;
    const unsigned long long gridThreads =
        1ull * spec.grid.x * spec.grid.y * spec.grid.z * static_cast<unsigned long long>(scheduler.threadsPerBlock);
    if (gridThreads >= 0xffffffffull) {
        std::fprintf(stderr, "warp emulator: %s has %llu threads, more than the emulator numbers (2^32 - 1)\n",
                     scheduler.kernelName.c_str(), gridThreads);
        std::exit(kCannotRunExitCode);
    }
    Fibers::instance().prepare(scheduler.threadsPerBlock, api.stackBytes);
    WarpCollectives::instance().beginLaunch();
    ArriveWaitBarriers::instance().beginLaunch();
    TileBarriers::instance().beginLaunch();
    scheduler.happensBefore.beginLaunch(scheduler.threadsPerBlock);
    MemoryChecks::beginLaunch();
    const bool tracing = scheduler.trace.beginLaunch(scheduler.kernelName, spec.grid, spec.block, scheduler.threadsPerBlock);
    scheduler.setTracingLaunch(tracing);
    // On every core where the launch may, else one block after another
    // (block_workers.hpp), where the watchdog watches its threads. A
    // cooperative launch's blocks wait for each other at grid.sync(): one
    // process holds them all (cooperative_grid.cpp). The host thread's
    // rounding mode and exception flags are as before it, after.
    const HostFloatingPointState hostFloatingPoint;
    if (tracing || scheduler.cooperative || !BlockWorkers::run(spec)) {
        Watchdog::start([] {
            Scheduler::instance().progress.eraseLine();  // the watchdog's message starts a line of its own
            return Scheduler::instance().describeRunningThread();
        });
        scheduler.runGrid(spec);
        Watchdog::stop();
    }
    if (tracing) {
        scheduler.trace.endLaunch();
        scheduler.setTracingLaunch(false);
    }
    MemoryChecks::endLaunch();
    printAndCount(scheduler);
    if (scheduler.stoppedWith() != cudaSuccess) {
        api.sticky = scheduler.stoppedWith();
        api.syncError = api.sticky;
    } else if (scheduler.report.ruleBreakCount != 0 && Settings::get().failOnFinding &&
               !Settings::get().isSuppressed(scheduler.kernelName)) {
        api.lastError = cudaErrorWarpRuleBroken;
        api.syncError = cudaErrorWarpRuleBroken;
    }
}

LaunchFindings lastLaunchFindings() {
    runQueuedWork();  // a launch on a stream of the program's own runs when the host waits
    const LaunchReport& report = Scheduler::instance().report;
    return {report.findingCount(), report.first};
}

void suppressFindingsIn(const char* kernels) {
    for (const std::string& name : Settings::namesIn(kernels)) {
        Settings::get().suppressed.push_back(name);
    }
}

void traceWarps(const char* path, const char* kernels, dim3 block, int warp) {
    Scheduler::instance().trace.traceTo(path, Settings::namesIn(kernels), block, warp);
}

}  // namespace warp_emulator
