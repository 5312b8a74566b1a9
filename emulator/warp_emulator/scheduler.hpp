// scheduler.hpp: runs a launch, block after block, each thread of a block on
// its own fiber; carries out a collective once every thread it waits for is
// there, and gives a stuck block a way forward after saying why it was stuck.
//
// Independent thread scheduling (compute capability 7.0 on) is the model: a
// thread runs on its own until it reaches a collective, so the lanes of a warp
// reach collectives at different times and places. The scheduler runs every
// runnable thread, in the lane order of this run, until each waits or exits;
// only then does it carry out collectives. So which lanes meet at a call never
// depends on the order, and what the order changes (memory written between
// collectives) is what the race check compares.
//
// The rules themselves are in warp_collectives.hpp and block_barrier.hpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <new>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "device_memory.hpp"
#include "fibers.hpp"
#include "findings.hpp"
#include "keywords.hpp"
#include "race_check.hpp"
#include "request.hpp"
#include "runtime_types.hpp"
#include "settings.hpp"
#include "symbols.hpp"
#include "trace.hpp"
#include "watchdog.hpp"

namespace warp_emulator {

// The most dynamic shared memory a block may opt in to (sm_90), and what it
// gets without opting in: evidence/gpu-answers-h200.txt.
constexpr size_t kMaxSharedBytesOptIn = 232448;
constexpr size_t kSharedBytesWithoutOptIn = 49152;

enum class State { Runnable, Waiting, Exited };

// A lane that reached an intrinsic with one mask while lanes of its warp
// waited at the same intrinsic with another mask that names it. Harmless if
// it joins them later; a broken rule if it exits instead (warp_collectives.hpp).
struct MaskConflict {
    bool active = false;
    Op op = Op::SyncWarp;
    unsigned int waitedMask = 0;  // the mask of the lanes that waited for it
    unsigned int ownMask = 0;     // the mask it used instead
    const char* file = "";
    int line = 0;
};

struct Thread {
    State state = State::Exited;
    uint3 index{0, 0, 0};
    Request request;
    MaskConflict conflict;
    long long barriersPassed = 0;  // __syncthreads() calls this thread has got past
    long long atomics = 0;         // atomics it has done (the race check's key)
    long long clockCalls = 0;      // clock64() calls (device_functions.hpp)
};

class Runtime {
public:
    // What the kernel's built-in variables read.
    Thread* current = nullptr;
    uint3 blockIndex{0, 0, 0};
    dim3 gridSize, blockSize;

    // The runtime API's error state: cudaGetLastError() returns and clears
    // lastError; cudaDeviceSynchronize() returns syncError, the last
    // launch's own failure.
    cudaError_t lastError = cudaSuccess;
    cudaError_t syncError = cudaSuccess;

    LaunchReport report;  // the last launch's
    DeviceMemory memory;
    Trace trace;
    size_t stackBytes = Settings::get().stackBytes;
    std::map<const void*, size_t> dynamicSharedOptIn;  // cudaFuncSetAttribute, per kernel
    char* const dynamicShared = static_cast<char*>(::operator new(kMaxSharedBytesOptIn, std::align_val_t(128)));

    static Runtime& instance() {
        static Runtime* runtime = new Runtime;
        return *runtime;
    }

    // Runs kernel(arguments...) over the grid, checks it, prints what it found.
    template <typename... Parameters, typename... Arguments>
    const LaunchReport& launch(void (*kernel)(Parameters...), dim3 grid, dim3 block, size_t sharedBytes,
                               Arguments&&... arguments);

    // Called by every collective from inside a thread: hands the request to
    // the scheduler and returns once it has been carried out.
    Request& wait(const Request& request) {
        if (current == nullptr) {
            std::fprintf(stderr, "warp emulator: %s called outside a kernel at %s\n", opName(request.op),
                         siteText(request.file, request.line).c_str());
            std::abort();
        }
        Thread& thread = *current;
        const int index = currentIndex_;
        if (tracingThread_) {
            trace.laneReachedCollective(index % warpSize);  // reads the variable of its last traced shuffle
        }
        Watchdog::progress();
        thread.request = request;
        thread.state = State::Waiting;
        waiting_[static_cast<size_t>(index / warpSize)] |= 1u << (index % warpSize);
        Fibers::instance().suspend(index);
        return thread.request;
    }

    // __nanosleep(): the running thread lets the others run, and runs on in
    // the next round, still runnable.
    void yield() {
        if (current == nullptr) {
            return;
        }
        const int index = currentIndex_;
        yielded_ = true;
        Fibers::instance().suspend(index);
    }

    // An atomic found `old`: tells the race check, and returns what the
    // thread is given (race_check.hpp: the same as in the first run).
    std::uint64_t atomicDone(const void* address, size_t bytes, std::uint64_t old, bool valueDependsOnOrder,
                             const char* name, const char* file, int line) {
        if (!checkingRaces_ || current == nullptr) {
            return old;
        }
        const std::uint64_t block = blockIndex.x + gridSize.x * (blockIndex.y + gridSize.y * static_cast<std::uint64_t>(blockIndex.z));
        const std::uint64_t thread = block * static_cast<std::uint64_t>(threadCount_) + static_cast<std::uint64_t>(currentIndex_);
        return raceCheck_.atomic(thread, current->atomics++, address, bytes, old, valueDependsOnOrder, name, file, line);
    }

    // "kernel K, block (1,0,0), thread (37,0,0)": who is running, for a fault.
    std::string describeRunningThread() const {
        if (current == nullptr) {
            return "";
        }
        char text[96];
        std::snprintf(text, sizeof text, ", block (%u,%u,%u), thread (%u,%u,%u)", blockIndex.x, blockIndex.y,
                      blockIndex.z, current->index.x, current->index.y, current->index.z);
        return "kernel " + report.kernel + text;
    }

private:
    std::vector<Thread> threads_;
    int threadCount_ = 0;
    int currentIndex_ = -1;
    size_t dynamicSharedBytes_ = 0;
    void (*body_)(void*) = nullptr;
    void* bodyContext_ = nullptr;
    bool tracingLaunch_ = false;   // this run of this launch is traced
    bool tracingThread_ = false;   // ... and the running thread is in the traced warp
    bool checkingRaces_ = false;   // this launch runs again in other orders and compares
    bool barrierBroken_ = false;   // this block broke a __syncthreads() rule already
    bool yielded_ = false;         // a thread slept in this round (__nanosleep) and is runnable still
    RaceCheck raceCheck_;
    std::vector<int> order_;
    std::vector<int> rank_;  // each thread's place in this round's order (eager runs)
    std::uint64_t random_ = 0;
    std::map<std::string, bool> raceCheckSkipNoted_;
    std::vector<unsigned int> waiting_, exited_;  // per warp of the running block: lanes waiting, lanes exited
    // The calls that read an absent lane, numbered as in report.calls.
    std::map<std::tuple<Op, unsigned int, int, int, const char*, int>, int> readingCalls_;

    Runtime() {
        Fibers::instance().describeRunningThread = [] { return instance().describeRunningThread(); };
        Fibers::instance().takeWriteFault = [](const void* address) {
            return WriteTracker::instance().onWriteFault(address);
        };
    }

    static void threadEntry() {
        Runtime& runtime = instance();
        runtime.body_(runtime.bodyContext_);
        const int index = runtime.currentIndex_;
        Watchdog::progress();
        runtime.current->state = State::Exited;
        runtime.exited_[static_cast<size_t>(index / warpSize)] |= 1u << (index % warpSize);
        if (runtime.tracingThread_) {
            runtime.trace.laneExited(index % warpSize);
        }
        Fibers::instance().suspend(index);
        std::abort();  // an exited thread is never resumed
    }

    void runGrid(LaneOrder order, std::uint64_t seed, bool blocksReversed, bool eager);
    void runBlock(LaneOrder order, bool eager);
    unsigned int readyGroup(int warp, const Request& request);
    void refillSharedMemory() const;
    const std::vector<int>& roundOrder(LaneOrder order);

    // A warp of the running block.
    int warpCount() const { return (threadCount_ + warpSize - 1) / warpSize; }
    unsigned int existingLanes(int warp) const {
        const int count = std::min(warpSize, threadCount_ - warp * warpSize);
        return count == warpSize ? 0xffffffffu : (1u << count) - 1u;
    }
    Thread& laneOf(int warp, int lane) { return threads_[static_cast<size_t>(warp * warpSize + lane)]; }
    unsigned int lanesWhere(int warp, State state) const {
        return state == State::Waiting ? waiting_[static_cast<size_t>(warp)] : exited_[static_cast<size_t>(warp)];
    }
    // Lets the lanes of a carried-out call run on.
    void release(int warp, unsigned int lanes) {
        waiting_[static_cast<size_t>(warp)] &= ~lanes;
        for (int lane : eachLane(lanes)) {
            laneOf(warp, lane).state = State::Runnable;
        }
    }
    std::string whereBlock() const {
        return "kernel " + report.kernel + ", block (" + std::to_string(blockIndex.x) + "," +
               std::to_string(blockIndex.y) + "," + std::to_string(blockIndex.z) + ")";
    }
    std::string whereWarp(int warp) const { return whereBlock() + ", warp " + std::to_string(warp); }

    // warp_collectives.hpp
    unsigned int lanesAtCall(int warp, const Request& request) const;
    unsigned int missingLanes(int warp, const Request& request, unsigned int group) const;
    bool completeReadyCalls(int warp);
    bool answerActiveMask(int warp);
    bool forceStuckCall();
    void carryOut(int warp, unsigned int group, bool forced);
    void noteMaskConflicts(int warp, unsigned int group, const Request& request);
    void reportLanesThatLeft(int warp, unsigned int group, const Request& request);
    void reportMissing(int warp, const Request& request, unsigned int arrived, unsigned int missing);
    std::uint64_t reduce(int warp, Op op, unsigned int named, bool isSigned);
    void traceCall(int warp, unsigned int group, const Request& request, unsigned int waiting, unsigned int exited);
    static int sourceLane(const Request& request, int lane);

    // block_barrier.hpp
    bool releaseBarrier();
    std::string whereThreadsWait(const std::vector<int>& threads) const;

    // launch.hpp
    static cudaError_t checkConfiguration(const void* kernel, dim3 grid, dim3 block, size_t sharedBytes);
    std::string untrackedPointerArgument(const std::vector<const void*>& pointers) const;
    template <typename Tuple>
    static std::vector<const void*> pointerArguments(const Tuple& arguments);
    void checkOtherOrders(const RaceCheck::Snapshot& globalsBefore, const std::vector<const void*>& arguments,
                          const std::string& firstOrder);
};

inline Runtime& runtime() { return Runtime::instance(); }

// The orders of one round: every runnable thread runs once per round.
inline const std::vector<int>& Runtime::roundOrder(LaneOrder order) {
    if (order_.size() != static_cast<size_t>(threadCount_) || order != LaneOrder::Random) {
        order_.resize(static_cast<size_t>(threadCount_));
        for (int i = 0; i < threadCount_; ++i) {
            order_[static_cast<size_t>(i)] = order == LaneOrder::Descending ? threadCount_ - 1 - i : i;
        }
    }
    if (order == LaneOrder::Random) {  // a fresh shuffle every round (splitmix64, then Fisher-Yates)
        for (size_t i = order_.size(); i > 1; --i) {
            std::uint64_t z = (random_ += 0x9E3779B97F4A7C15ull);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            z ^= z >> 31;
            std::swap(order_[i - 1], order_[static_cast<size_t>(z % i)]);
        }
    }
    return order_;
}

inline void Runtime::refillSharedMemory() const {
    const MemoryRange shared = SymbolTable::get().sharedVariables();
    if (shared.bytes != 0) {
        std::memset(shared.start, 0xff, shared.bytes);
    }
    std::memset(dynamicShared, 0xff, dynamicSharedBytes_);
}

// `eager`: a warp call is carried out as soon as every lane it names is there,
// and its lanes run on before any other thread (the race check's later runs).
inline void Runtime::runGrid(LaneOrder order, std::uint64_t seed, bool blocksReversed, bool eager) {
    random_ = seed;
    for (unsigned int z = 0; z < gridSize.z; ++z) {
        for (unsigned int y = 0; y < gridSize.y; ++y) {
            for (unsigned int x = 0; x < gridSize.x; ++x) {
                blockIndex = blocksReversed ? uint3{gridSize.x - 1 - x, gridSize.y - 1 - y, gridSize.z - 1 - z}
                                            : uint3{x, y, z};
                runBlock(order, eager);
            }
        }
    }
}

inline void Runtime::runBlock(LaneOrder laneOrder, bool eager) {
    refillSharedMemory();
    Fibers& fibers = Fibers::instance();
    for (int i = 0; i < threadCount_; ++i) {
        Thread& thread = threads_[static_cast<size_t>(i)];
        thread = Thread{};
        thread.state = State::Runnable;
        thread.index = {static_cast<unsigned int>(i) % blockSize.x, static_cast<unsigned int>(i) / blockSize.x % blockSize.y,
                        static_cast<unsigned int>(i) / (blockSize.x * blockSize.y)};
        fibers.start(i, threadEntry);
    }
    barrierBroken_ = false;
    waiting_.assign(static_cast<size_t>(warpCount()), 0u);
    exited_.assign(static_cast<size_t>(warpCount()), 0u);
    std::deque<int> round;
    for (;;) {
        // A round: every runnable thread runs until it waits or exits.
        int exited = 0;
        const std::vector<int>& order = roundOrder(laneOrder);
        round.assign(order.begin(), order.end());
        if (eager) {
            rank_.resize(order.size());
            for (size_t position = 0; position < order.size(); ++position) {
                rank_[static_cast<size_t>(order[position])] = static_cast<int>(position);
            }
        }
        yielded_ = false;
        while (!round.empty()) {
            const int i = round.front();
            round.pop_front();
            Thread& thread = threads_[static_cast<size_t>(i)];
            if (thread.state != State::Runnable) {
                continue;
            }
            current = &thread;
            currentIndex_ = i;
            tracingThread_ = tracingLaunch_ && trace.traces(blockIndex, i / warpSize);
            fibers.resume(i);
            current = nullptr;
            currentIndex_ = -1;
            if (eager && thread.state == State::Waiting) {
                const int warp = i / warpSize;
                const unsigned int group = readyGroup(warp, thread.request);
                if (group != 0) {
                    carryOut(warp, group, false);
                    // They run next, among themselves in this round's order.
                    std::vector<int> next;
                    for (int lane : eachLane(group)) {
                        next.push_back(warp * warpSize + lane);
                    }
                    std::sort(next.begin(), next.end(), [&](int a, int b) { return rank_[a] > rank_[b]; });
                    for (int index : next) {
                        round.push_front(index);
                    }
                }
            }
        }
        tracingThread_ = false;
        for (int warp = 0; warp < warpCount(); ++warp) {
            exited += __builtin_popcount(exited_[static_cast<size_t>(warp)]);
        }
        if (exited == threadCount_) {
            break;
        }
        // Every thread left waits at a collective (or sleeps). Carry out the
        // ones whose threads have all come; failing that, answer
        // __activemask(); failing that, unless a sleeping thread may yet
        // come, some thread is never coming: say why, and force a way on.
        bool progressed = false;
        for (int warp = 0; warp < warpCount(); ++warp) {
            progressed |= completeReadyCalls(warp);
        }
        if (!progressed) {
            progressed = releaseBarrier();
        }
        for (int warp = 0; warp < warpCount() && !progressed; ++warp) {
            progressed |= answerActiveMask(warp);
        }
        if (progressed) {
            Watchdog::progress();
            continue;
        }
        if (yielded_) {
            continue;  // the sleeping thread runs again; the watchdog ends a sleep that never ends
        }
        if (!forceStuckCall()) {
            std::fprintf(stderr, "warp emulator: internal error: %s cannot make progress\n", whereBlock().c_str());
            std::abort();
        }
        Watchdog::progress();
    }
}

}  // namespace warp_emulator
