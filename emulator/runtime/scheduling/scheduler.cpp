// scheduler.cpp: blocks, rounds and the switches between threads.
#include "scheduling/scheduler.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "checks/async_copies.hpp"
#include "rules/arrive_wait_barrier.hpp"
#include "rules/block_barrier.hpp"
#include "rules/tile_barrier.hpp"
#include "scheduling/fibers.hpp"
#include "checks/initcheck.hpp"  // MemoryChecks::threadSwitches(), inline there
#include "checks/memory_checks.hpp"
#include "reporting/text.hpp"
#include "rules/warp_collectives.hpp"
#include "scheduling/watchdog.hpp"

namespace warp_emulator {

namespace {
Request outsideAnyKernel;  // for a call outside a kernel, which wait() then names
}  // namespace
Request* runningRequest = &outsideAnyKernel;

// instance()'s first call, from whichever host thread: the scheduler made once.
Scheduler& Scheduler::make() {
    static Scheduler* const scheduler = new Scheduler;
    __atomic_store_n(&made_, scheduler, __ATOMIC_RELEASE);
    return *scheduler;
}

Scheduler::Scheduler() : fibers_(Fibers::instance()) {
    Fibers::instance().describeRunningThread = [] {
        kernelCodeRunning = false;  // after a fault, only the runtime runs on this fiber
        instance().progress.eraseLine();  // what the handler says next starts a line of its own
        return instance().describeRunningThread();
    };
    Fibers::instance().stopAfterFault = [](const void* address) {
        kernelCodeRunning = false;
        char text[160];
        std::snprintf(text, sizeof text,
                      "an access to %p, outside any memory the kernel may touch, in code the compiler did not "
                      "instrument (a library function the kernel called, or inline assembly)",
                      address);
        Scheduler& scheduler = instance();
        scheduler.report.invalidAccess(scheduler.describeRunningThread() + ": " + text);
        scheduler.stopKernel(cudaErrorIllegalAddress, "");
    };
}

std::string Scheduler::describeThread(std::uint32_t gridThread) const {
    const std::uint32_t number = gridThread - 1;
    const std::uint32_t blockNumberOf = number / static_cast<std::uint32_t>(threadsPerBlock);
    const std::uint32_t inBlock = number % static_cast<std::uint32_t>(threadsPerBlock);
    const uint3 blockAt{blockNumberOf % grid.x, blockNumberOf / grid.x % grid.y, blockNumberOf / (grid.x * grid.y)};
    const uint3 threadAt{inBlock % block.x, inBlock / block.x % block.y, inBlock / (block.x * block.y)};
    return "block " + coordinates(blockAt) + ", thread " + coordinates(threadAt);
}

std::string Scheduler::describeRunningThread() const {
    if (current_ == nullptr) {
        return "";
    }
    return "kernel " + kernelName + ", " + describeThread(currentGridThread());
}

std::string Scheduler::whereBlock() const { return "kernel " + kernelName + ", block " + coordinates(blockIndex); }

std::string Scheduler::whereWarp(int warp) const { return whereBlock() + ", warp " + std::to_string(warp); }

void Scheduler::release(int warp, unsigned int lanes) {
    waiting_[static_cast<size_t>(warp)] &= ~lanes;
    atWarpCall_[static_cast<size_t>(warp)] &= ~lanes;
}

void Scheduler::releaseEveryWaitingThread() {
    std::fill(waiting_.begin(), waiting_.end(), 0u);
    std::fill(atWarpCall_.begin(), atWarpCall_.end(), 0u);
}

// Thread `index` becomes the running one, and its stack the local memory
// (whether it is in the kernel's own code, switchAway() gives back).
inline void Scheduler::enter(int index) {
    Thread& thread = threads_[static_cast<size_t>(index)];
    current_ = &thread;
    runningRequest = &thread.request;
    currentIndex_ = index;
    spinAddress_ = nullptr;
    if (tracingLaunch_) {  // else it stays false (runBlock clears it after every round)
        tracingThread_ = trace.traces(blockIndex, index / warpSize);
    }
    fibers_.stackOf(index, &localMemoryStart, &localMemoryEnd);
}

// The next thread of the round that may run, or -1 when the round is over
// (a kernel that stopped ends its round: stopKernel, beginRound).
inline int Scheduler::nextInRound() {
    if (roundNext_ != roundEnd_) {
        return *roundNext_++;
    }
    return -1;
}

// The top of the stack of the thread whose turn likely follows the one
// entered, the round's next (if it is not runnable, the miss is merely not
// hidden), asked of the cache now, to be there while the entered one runs: a
// switch into a block's 256th stack since its last turn otherwise waits on
// memory (perf: a quarter of block_reduce's time, on the switch's first load).
inline void Scheduler::prefetchAfter() const {
    if (roundNext_ != roundEnd_) {
        fibers_.prefetch(*roundNext_);
    }
}

// Runs the round from thread `index` on: each thread, when it waits, exits
// or is stopped, switches straight to the next of the round (switchAway), and
// the last one back here.
void Scheduler::resume(int index) {
    enter(index);
    fibers_.resume(index);
    kernelCodeRunning = false;
    current_ = nullptr;
    runningRequest = &outsideAnyKernel;
    currentIndex_ = -1;
}

// Whether the thread was in the kernel's own code stays on its own stack
// while the others run, and is its again when it runs on: a thread starts
// outside it, and every thread that runs again does so here.
inline void Scheduler::switchAway(int index) {
    const bool inKernelCode = kernelCodeRunning;
    kernelCodeRunning = false;
    // After the flag: a read settled here may be reported, and the report's
    // own copies are no kernel's accesses (a plain __syncthreads() comes here
    // straight from the kernel's code).
    MemoryChecks::threadSwitches();
    const int next = nextInRound();
    if (next < 0) {
        fibers_.suspend(index);
    } else {
        enter(next);
        prefetchAfter();
        fibers_.switchTo(index, next);
    }
    kernelCodeRunning = inKernelCode;
}

// A fiber's life: the threads that run on it, one after another (a block's
// thread, then the next block's, and the next launch's), each from the top
// of this loop (Fibers::park: an exited thread's fiber is switched to again
// only to run the next).
void Scheduler::threadEntry() {
    Scheduler& scheduler = made();  // a thread starts only inside a launch
    for (;;) {
        scheduler.body_(scheduler.bodyContext_);
        if (asyncCopiesInFlight != 0) {  // track() counts every copy a thread holds
            AsyncCopies::get().threadExits();  // what it left in flight lands now, as it would before the kernel ends
        }
        const int index = scheduler.currentIndex_;
        Watchdog::progress();
        scheduler.exited_[static_cast<size_t>(index / warpSize)] |= 1u << (index % warpSize);
        if (scheduler.tracingThread_) {
            scheduler.trace.laneExited(index % warpSize);
        }
        scheduler.fibers_.park(index);
        scheduler.switchAway(index);
    }
}

const Request& Scheduler::wait(const Request& request) {
    if (current_ == nullptr) {
        std::fprintf(stderr, "warp emulator: %s called outside a kernel at %s\n", opName(request.op),
                     siteText(request.file, request.line).c_str());
        std::abort();
    }
    Thread& thread = *current_;
    const int index = currentIndex_;
    if (tracingThread_) {
        trace.laneReachedCollective(index % warpSize);  // reads the variable of its last traced shuffle
    }
    Watchdog::progress();
    if (&request != &thread.request) {
        thread.request = request;  // not made in place, by nextRequest()
    }
    const auto position = static_cast<unsigned int>(index);  // never negative: shifts, not divisions
    waiting_[position / warpSize] |= 1u << (position % warpSize);
    if (isWarpCall(request.op)) {
        atWarpCall_[position / warpSize] |= 1u << (position % warpSize);
    }
    if (isTileCall(request.op)) {
        ++tileCallWaiters;
    } else if (request.op == Op::BarrierWait) {
        ++barrierWaiters;
    }
    switchAway(index);
    return thread.request;
}

// kernel_calls.hpp's collective(): defined here, and flattened, so that the
// wait and the switch behind it are one function on the path every thread
// takes at every collective.
[[gnu::flatten]] Answer collective(const Request& request) {
    const RuntimeCode runtime;
    const Request& done = Scheduler::instance().wait(request);
    return {done.result, done.poisoned, done.allMatched};
}

// What wait() does for a plain __syncthreads(), without the questions only
// other calls need (is it a warp's call? a tile's? a cuda::barrier's?) and
// without the arguments and the answer of a general collective: every
// thread of every block takes it at every barrier (emulator/bench/
// barrier_cost.cu). The thread leaves the kernel's own code at the switch,
// where switchAway() keeps and gives back kernelCodeRunning. Outside a
// kernel, or in a traced warp, wait() itself names or traces the call.
inline void Scheduler::waitAtSyncThreads(const char* file, int line) {
    if (current_ == nullptr || tracingThread_) {
        Request& request = nextRequest();
        request.op = Op::SyncThreads;
        request.file = file;
        request.line = line;
        collective(request);
        return;
    }
    // Of a fresh request, only what the block barrier's rules and reports
    // read of a thread at a plain __syncthreads() (block_barrier.cpp: the
    // call, its site, a __syncthreads_count()'s predicate; text.hpp's
    // callText(): no group's call): the rest is read only for the calls that
    // set it.
    Request& request = current_->request;
    request.op = Op::SyncThreads;
    request.value = 0;
    request.file = file;
    request.line = line;
    request.group.call = nullptr;
    // No Watchdog::progress() for the arrival: the barrier's release is the
    // block's (BlockBarrier::letThrough()), once, and a barrier some thread
    // never reaches releases nothing, as before.
    const int index = currentIndex_;
    const auto position = static_cast<unsigned int>(index);
    waiting_[position / warpSize] |= 1u << (position % warpSize);
    if (syncThreadsArrivals_++ == 0) {
        syncThreadsFile_ = file;
        syncThreadsLine_ = line;
    } else if (line != syncThreadsLine_ || file != syncThreadsFile_) {
        syncThreadsAtOneSite_ = false;  // perhaps one site after all (one file named twice): the barrier asks
    }
    switchAway(index);
}

void syncThreads(const char* file, int line) { Scheduler::instance().waitAtSyncThreads(file, line); }

void Scheduler::yield() {
    if (current_ == nullptr) {
        return;
    }
    yielded_ = true;
    switchAway(currentIndex_);
}

void Scheduler::strongAccess(const void* address) {
    // Few enough that a spin gives way at once, many enough that a loop of
    // atomics on one counter rarely switches.
    constexpr int kSpinAccesses = 64;
    if (address != spinAddress_) {
        spinAddress_ = address;
        spinCount_ = 1;
        return;
    }
    if (++spinCount_ >= kSpinAccesses) {
        spinCount_ = 0;
        yield();
    }
}

void Scheduler::stopKernel(cudaError_t error, const std::string& why) {
    stoppedWith_ = error;
    roundEnd_ = roundNext_;  // no thread of the launch runs again
    if (!why.empty()) {
        report.stopped = why;
    }
    const int index = currentIndex_;
    exited_[static_cast<size_t>(index / warpSize)] |= 1u << (index % warpSize);
    switchAway(index);
    std::abort();  // a stopped thread is never resumed
}

// A random round's order, every thread of the block in it: shuffled afresh
// each round from the last round's, the first from the lanes' own order
// (selectBlock() empties it). beginRound() reads the lanes' own order and its
// reverse off the warps' bitmaps instead.
const std::vector<int>& Scheduler::randomRoundOrder() {
    if (order_.size() != static_cast<size_t>(threadsPerBlock)) {
        order_.resize(static_cast<size_t>(threadsPerBlock));
        for (int i = 0; i < threadsPerBlock; ++i) {
            order_[static_cast<size_t>(i)] = i;
        }
    }
    for (size_t i = order_.size(); i > 1; --i) {  // splitmix64, then Fisher-Yates
        std::uint64_t z = (random_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        std::swap(order_[i - 1], order_[static_cast<size_t>(z % i)]);
    }
    return order_;
}

// The round's runnable threads, taken once at its start: while a round runs,
// only the running thread changes its own state (it waits, exits or stops
// the kernel); the collectives and barriers let threads run on between
// rounds (runBlock). So the switch from one thread to the next reads one
// list, not each thread's state. In the lanes' own order, or its reverse,
// the list is read off each warp's bitmaps (in the lanes' own order, when
// every thread may run, as after a barrier, the list of the last such round
// is kept); a random order is shuffled and then filtered.
void Scheduler::beginRound(LaneOrder order) {
    runnable_.resize(static_cast<size_t>(threadsPerBlock));
    int* next = runnable_.data();
    const auto runnableLanes = [&](int warp) {
        return existingLanes(warp) & ~(waiting_[static_cast<size_t>(warp)] | exited_[static_cast<size_t>(warp)]);
    };
    if (order == LaneOrder::Ascending) {
        bool everyThread = true;
        for (int warp = 0; warp < warpCount() && everyThread; ++warp) {
            everyThread = runnableLanes(warp) == existingLanes(warp);
        }
        if (everyThread && listsEveryThread_ == threadsPerBlock) {
            next += threadsPerBlock;  // the list of the last such round
        } else {
            listsEveryThread_ = everyThread ? threadsPerBlock : -1;
            for (int warp = 0; warp < warpCount(); ++warp) {
                const int first = warp * warpSize;
                unsigned int lanes = runnableLanes(warp);
                if (lanes == 0xffffffffu) {  // the common case: every lane
                    for (int lane = 0; lane < warpSize; ++lane) {
                        next[lane] = first + lane;
                    }
                    next += warpSize;
                    continue;
                }
                for (; lanes != 0; lanes &= lanes - 1) {
                    *next++ = first + __builtin_ctz(lanes);
                }
            }
        }
    } else if (order == LaneOrder::Descending) {
        listsEveryThread_ = -1;
        for (int warp = warpCount() - 1; warp >= 0; --warp) {
            const int first = warp * warpSize;
            for (unsigned int lanes = runnableLanes(warp); lanes != 0;) {
                const int lane = warpSize - 1 - __builtin_clz(lanes);
                *next++ = first + lane;
                lanes &= ~(1u << lane);
            }
        }
    } else {
        listsEveryThread_ = -1;
        for (const int i : randomRoundOrder()) {
            if (stateOf(i) == State::Runnable) {
                *next++ = i;
            }
        }
    }
    roundNext_ = runnable_.data();
    roundEnd_ = stoppedWith_ == cudaSuccess ? next : roundNext_;  // a stopped kernel runs no thread again
}

void Scheduler::prepareGrid(const LaunchSpec& spec) {
    body_ = spec.body;
    bodyContext_ = spec.context;
    threads_.assign(static_cast<size_t>(threadsPerBlock), Thread{});
    clocks_.assign(static_cast<size_t>(threadsPerBlock), ThreadClock{});
    clockPointers_.clear();
    for (ThreadClock& clock : clocks_) {
        clockPointers_.push_back(&clock);
    }
    stoppedWith_ = cudaSuccess;
}

// The block numbered `number`, counted x first: its index, and its random
// lane order's seed, which is its own, and its first round's order, shuffled
// from the lanes' own order (not from the last block's), so that a block runs
// the same whichever blocks ran before it: on one worker or on several.
void Scheduler::selectBlock(std::uint32_t number) {
    blockNumber = number;
    firstGridThread_ = number * static_cast<std::uint32_t>(threadsPerBlock) + 1;
    blockIndex = uint3{number % grid.x, number / grid.x % grid.y, number / (grid.x * grid.y)};
    random_ = Settings::get().seed ^ (0xD1B54A32D192ED03ull * (std::uint64_t{number} + 1));
    order_.clear();  // randomRoundOrder() makes it again
}

void Scheduler::runBlockNumbered(std::uint32_t number) {
    selectBlock(number);
    startBlock();
    runBlock(Settings::get().laneOrder);
}

void Scheduler::runGrid(const LaunchSpec& spec) {
    prepareGrid(spec);
    progress.beginLaunch(kernelName, blockCount());
    if (cooperative) {
        runCooperativeGrid();
    } else {
        for (std::uint32_t number = 0; number < blockCount() && stoppedWith_ == cudaSuccess; ++number) {
            runBlockNumbered(number);
            progress.blockDone();
        }
    }
    progress.endLaunch();
}

// The block at blockIndex, from its start: every thread at its first line.
void Scheduler::startBlock() {
    Fibers& fibers = Fibers::instance();
    uint3 index{0, 0, 0};  // thread i's threadIdx, counted on rather than divided out
    for (int i = 0; i < threadsPerBlock; ++i) {
        Thread& thread = threads_[static_cast<size_t>(i)];
        // A fresh request as nextRequest() makes one (a copy, not the `rep
        // stosq` that `= Request{}` is): its matrix call only a warp matrix
        // function reads, and that sets it.
        __builtin_memcpy(static_cast<RequestCore*>(&thread.request), &kFreshRequest, sizeof(RequestCore));
        thread.conflict = MaskConflict{};
        thread.barriersPassed = 0;
        thread.gridBarriersPassed = 0;
        thread.clockCalls = 0;
        thread.index = index;
        if (++index.x == block.x) {
            index.x = 0;
            if (++index.y == block.y) {
                index.y = 0;
                ++index.z;
            }
        }
        fibers.startOrGoOn(i, threadEntry);
    }
    happensBefore.beginBlock(blockNumber, clockPointers_);
    MemoryChecks::beginBlock();
    waiting_.assign(static_cast<size_t>(warpCount()), 0u);
    atWarpCall_.assign(static_cast<size_t>(warpCount()), 0u);
    exited_.assign(static_cast<size_t>(warpCount()), 0u);
    blockBarrierBroken = false;
    forgetSyncThreadsArrivals();
    tileCallWaiters = 0;
    barrierWaiters = 0;
    ArriveWaitBarriers::instance().beginBlock(cooperative);
}

// Whether every thread of the block that has not exited waits at grid.sync().
bool Scheduler::waitsOnlyAtGrid() const {
    bool any = false;
    for (int i = 0; i < threadsPerBlock; ++i) {
        const State state = stateOf(i);
        if (state == State::Runnable ||
            (state == State::Waiting && threads_[static_cast<size_t>(i)].request.op != Op::SyncGrid)) {
            return false;
        }
        any |= state == State::Waiting;
    }
    return any;
}

Scheduler::BlockEnd Scheduler::runBlock(LaneOrder laneOrder) {
    BlockBarrier barrier(*this);
    WarpCollectives& collectives = WarpCollectives::instance();
    for (;;) {
        // A round: every runnable thread runs until it waits or exits, in the
        // round's order (beginRound, nextInRound).
        beginRound(laneOrder);
        yielded_ = false;
        const int first = nextInRound();
        if (first >= 0) {
            resume(first);
        }
        tracingThread_ = false;
        if (stoppedWith_ != cudaSuccess) {
            return BlockEnd::Stopped;  // the kernel stopped: no thread runs again
        }
        bool everyThreadExited = true;
        for (int warp = 0; warp < warpCount() && everyThreadExited; ++warp) {
            everyThreadExited = exited_[static_cast<size_t>(warp)] == existingLanes(warp);
        }
        if (everyThreadExited) {
            return BlockEnd::Exited;
        }
        // Every thread left waits at a collective (or sleeps). Carry out the
        // ones whose threads have all come; failing that, answer
        // __activemask(); failing that, unless a sleeping thread may yet
        // come, some thread is never coming: say why, and force a way on.
        bool progressed = false;
        for (int warp = 0; warp < warpCount(); ++warp) {
            progressed |= collectives.completeReadyCalls(warp);
        }
        if (!progressed) {
            progressed = barrier.release();
        }
        if (!progressed) {
            progressed = TileBarriers::instance().release() || ArriveWaitBarriers::instance().release();
        }
        for (int warp = 0; warp < warpCount() && !progressed; ++warp) {
            progressed |= collectives.answerActiveMask(warp);
        }
        if (progressed) {
            Watchdog::progress();
            continue;
        }
        if (yielded_) {
            continue;  // the sleeping thread runs again; the watchdog ends a sleep that never ends
        }
        if (waitsOnlyAtGrid()) {
            return BlockEnd::AtGridBarrier;  // the grid's turn (cooperative_grid.cpp)
        }
        if (!collectives.forceStuckCall() && !TileBarriers::instance().forceStuck() &&
            !ArriveWaitBarriers::instance().forceStuck()) {
            std::fprintf(stderr, "warp emulator: internal error: %s cannot make progress\n", whereBlock().c_str());
            std::abort();
        }
        Watchdog::progress();
    }
}

}  // namespace warp_emulator
