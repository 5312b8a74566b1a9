// scheduler.hpp: runs a launch, block after block, each thread of a block on
// its own fiber; carries out a collective once every thread it waits for is
// there (warp_collectives.cpp, block_barrier.cpp), gives a stuck block a way
// forward after saying why it was stuck, and stops a kernel that a GPU would
// stop (an invalid access, a failed assert).
//
// Independent thread scheduling (compute capability 7.0 on) is the model: a
// thread runs on its own until it reaches a collective, so the lanes of a warp
// reach collectives at different times and places. The scheduler runs every
// runnable thread, in the lane order of this run, until each waits or exits;
// only then does it carry out collectives. So which lanes meet at a call never
// depends on the order. A thread also lets the others run when it sleeps
// (__nanosleep()) and when it spins: the Guide's "starvation-free
// algorithms" (a thread that waits for a flag or a lock another thread of
// the block sets) need the others to go on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "reporting/findings.hpp"
#include "reporting/progress.hpp"
#include "checks/happens_before.hpp"
#include "reporting/settings.hpp"
#include "reporting/trace.hpp"
#include "warp_emulator/host/launch.hpp"
#include "warp_emulator/host/runtime_types.hpp"

namespace warp_emulator {

enum class State { Runnable, Waiting, Exited };

// A lane that reached an intrinsic with one mask while lanes of its warp
// waited at the same intrinsic with another mask that names it. Harmless if
// it joins them later; a broken rule if it exits instead (warp_collectives.cpp).
struct MaskConflict {
    bool active = false;
    Op op = Op::SyncWarp;
    unsigned int waitedMask = 0;  // the mask of the lanes that waited for it
    unsigned int ownMask = 0;     // the mask it used instead
    const char* file = "";
    int line = 0;
};

struct SuspendedBlock;  // cooperative_grid.cpp
class Fibers;           // fibers.hpp

// Whether thread `index` of a block runs, waits or has exited, as the
// block's bitmaps of lanes waiting and exited (by warp) say: the one record
// of it, read at every switch, 32 bytes for a block of 256 threads where a
// field of each Thread was a cache line of its own.
inline State stateFrom(const std::vector<unsigned int>& waiting, const std::vector<unsigned int>& exited, int index) {
    const auto position = static_cast<unsigned int>(index);
    const unsigned int bit = 1u << (position % warpSize);
    if ((exited[position / warpSize] & bit) != 0) {
        return State::Exited;
    }
    return (waiting[position / warpSize] & bit) != 0 ? State::Waiting : State::Runnable;
}

struct alignas(64) Thread {
    // First, in one cache line, what a collective reads of each thread it
    // carries out and what it answers (RequestCore up to allMatched): a warp's
    // shuffle touches that line of each lane, and the lane's own reading of
    // its answer the same line. Then what the rules read more rarely.
    Request request;
    MaskConflict conflict;
    uint3 index{0, 0, 0};
    // The __syncthreads() calls this thread got past, less those the whole
    // block passed at once (BlockBarrier::releaseWholeBlockAtOne): those come
    // before any thread exits, and the rules only compare one count with another.
    long long barriersPassed = 0;
    long long clockCalls = 0;      // clock64() calls (kernel_entry.cpp)
    long long gridBarriersPassed = 0;  // grid.sync() calls (a cooperative launch)
};
static_assert(offsetof(RequestCore, allMatched) < 64, "a thread's request and answer fill its first cache line");

class Scheduler {
public:
    // Inline: the checks ask for it at every access. Once it is made, one
    // load (a barrier, threadIdx and every collective ask for it), not a
    // guard variable's test and then the load.
    static Scheduler& instance() {
        Scheduler* const scheduler = __atomic_load_n(&made_, __ATOMIC_ACQUIRE);
        return scheduler != nullptr ? *scheduler : make();
    }
    // instance()'s, for the checks of a kernel's accesses, which run only
    // inside a launch: no guard variable to test on the path of every access.
    static Scheduler& made() { return *made_; }

    // The launch being run, and its findings.
    std::string kernelName;
    dim3 grid, block;
    uint3 blockIndex{0, 0, 0};
    std::uint32_t blockNumber = 0;   // blockIndex, counted x first
    int threadsPerBlock = 0;
    size_t dynamicSharedBytes = 0;
    bool cooperative = false;        // launched with cudaLaunchCooperativeKernel: grid.sync() may be called
    bool blockBarrierBroken = false; // this block broke a __syncthreads() rule already (block_barrier.hpp)
    // How many threads of the block wait at a multi-warp tile's call, and at
    // a cuda::barrier's wait: the rounds look at those rules only when some do.
    int tileCallWaiters = 0;
    int barrierWaiters = 0;
    std::vector<const void*> pointerArguments;
    LaunchReport report;
    Trace trace;
    HappensBefore happensBefore;
    Progress progress;  // the clock on a long launch: its line on stderr

    // Runs every block of the launch (launch.cpp has checked it), in order,
    // until the kernel stops; or only what a worker process runs of it
    // (block_workers.cpp): prepareGrid, then runBlockNumbered for each block.
    // A cooperative launch runs each block until the grid barrier, holds
    // them all there, then goes on (cooperative_grid.cpp).
    void runGrid(const LaunchSpec& spec);
    void prepareGrid(const LaunchSpec& spec);
    void runBlockNumbered(std::uint32_t number);
    std::uint32_t blockCount() const { return grid.x * grid.y * grid.z; }

    // From inside a thread: wait at a collective until it is carried out; let
    // the others run (__nanosleep); stop the kernel, as a GPU stops one that
    // made an invalid access or failed an assert: this thread never resumes,
    // and no thread of the launch runs again. wait() answers with the
    // thread's own request (Thread::request), carried out, which holds until
    // the thread's next collective.
    const Request& wait(const Request& request);
    // wait() at a plain __syncthreads() (kernel_calls.hpp's syncThreads(),
    // into which it is inlined).
    [[gnu::always_inline]] inline void waitAtSyncThreads(const char* file, int line);
    void yield();
    // A strong access (volatile or atomic) by the running thread: one that
    // comes back to the same address again and again spins, waiting for
    // another thread, and is let go now and then so that the others run.
    void strongAccess(const void* address);
    [[noreturn]] void stopKernel(cudaError_t error, const std::string& why);
    cudaError_t stoppedWith() const { return stoppedWith_; }

    // The running thread, if a kernel is running.
    bool inKernel() const { return current_ != nullptr; }
    Thread& currentThread() { return *current_; }
    // What orders a thread's accesses (happens_before.hpp), kept apart from
    // the threads so that a sweep over them stays small.
    ThreadClock& currentClock() { return clocks_[static_cast<size_t>(currentIndex_)]; }
    ThreadClock& clockOf(int index) { return clocks_[static_cast<size_t>(index)]; }
    // Every thread's of the block, in the threads' order.
    const std::vector<ThreadClock*>& allClocks() const { return clockPointers_; }
    int currentIndex() const { return currentIndex_; }
    // Its number in the grid, plus 1, as access records number threads.
    std::uint32_t currentGridThread() const { return firstGridThread_ + static_cast<std::uint32_t>(currentIndex_); }
    // "block (1,0,0), thread (37,0,0)" of grid thread + 1, any block of the launch.
    std::string describeThread(std::uint32_t gridThread) const;
    // "kernel K, block (1,0,0), thread (37,0,0)": who is running, for a fault.
    std::string describeRunningThread() const;
    std::string whereBlock() const;
    std::string whereWarp(int warp) const;

    // A warp of the running block, for the collectives.
    std::vector<Thread>& threads() { return threads_; }
    State stateOf(int index) const { return stateFrom(waiting_, exited_, index); }
    int warpCount() const { return (threadsPerBlock + warpSize - 1) / warpSize; }
    unsigned int existingLanes(int warp) const {
        const int count = std::min(warpSize, threadsPerBlock - warp * warpSize);
        return count == warpSize ? 0xffffffffu : (1u << count) - 1u;
    }
    Thread& laneOf(int warp, int lane) { return threads_[static_cast<size_t>(warp * warpSize + lane)]; }
    unsigned int lanesWhere(int warp, State state) const {
        return state == State::Waiting ? waiting_[static_cast<size_t>(warp)] : exited_[static_cast<size_t>(warp)];
    }
    // The lanes of `warp` waiting at a warp collective (a shuffle, a vote,
    // __syncwarp(), a tile's call): the rounds look for calls to carry out
    // only in warps that have some.
    unsigned int lanesAtWarpCalls(int warp) const { return atWarpCall_[static_cast<size_t>(warp)]; }
    // Lets the lanes of a carried-out call run on.
    void release(int warp, unsigned int lanes);
    // Whether every thread of the block waits at one plain __syncthreads()
    // (the same call, at the same site), as counted when each came to it
    // (waitAtSyncThreads): false too where some came another way, and
    // block_barrier.cpp then asks each thread.
    bool everyThreadAtOneSyncThreads() const {
        return syncThreadsArrivals_ == threadsPerBlock && syncThreadsAtOneSite_;
    }
    // Lets every waiting thread of the block run on: those at a block barrier
    // that lets them all through.
    void releaseEveryWaitingThread();
    // A block barrier let its threads through: the count starts again.
    void forgetSyncThreadsArrivals() {
        syncThreadsArrivals_ = 0;
        syncThreadsAtOneSite_ = true;
    }
    bool tracing(int warp) const { return tracingLaunch_ && trace.traces(blockIndex, warp); }
    void setTracingLaunch(bool on) { tracingLaunch_ = on; }

private:
    static inline Scheduler* made_ = nullptr;
    Fibers& fibers_;  // Fibers::instance(), kept: every switch asks for it
    std::vector<Thread> threads_;
    Thread* current_ = nullptr;
    int currentIndex_ = -1;
    // The number plus 1 of the block's first thread in the grid (selectBlock):
    // every access record asks for the running thread's (currentGridThread).
    std::uint32_t firstGridThread_ = 1;
    bool tracingLaunch_ = false;
    bool tracingThread_ = false;
    bool yielded_ = false;
    const void* spinAddress_ = nullptr;  // the running thread's last strong access
    int spinCount_ = 0;                  // how many of them in a row, to that address
    cudaError_t stoppedWith_ = cudaSuccess;
    void (*body_)(void*) = nullptr;
    void* bodyContext_ = nullptr;
    std::vector<int> order_;  // a random round's order of the block's threads (randomRoundOrder)
    // The threads of the round that may run, in its order (beginRound), and
    // the next of them to run and the end.
    std::vector<int> runnable_;
    int listsEveryThread_ = -1;  // the block size for which runnable_ lists every thread in order, else -1
    const int* roundNext_ = nullptr;
    const int* roundEnd_ = nullptr;
    std::vector<ThreadClock> clocks_;
    std::vector<ThreadClock*> clockPointers_;
    std::uint64_t random_ = 0;
    std::vector<unsigned int> waiting_, exited_;  // per warp of the running block: lanes waiting, lanes exited
    std::vector<unsigned int> atWarpCall_;        // per warp: the waiting lanes whose call is a warp call
    // The threads that came to a plain __syncthreads() since the block's
    // barrier last let threads through, and the site the first came to.
    int syncThreadsArrivals_ = 0;
    bool syncThreadsAtOneSite_ = true;
    const char* syncThreadsFile_ = nullptr;
    int syncThreadsLine_ = 0;

    Scheduler();
    [[gnu::noinline]] static Scheduler& make();
    static void threadEntry();
    // How a block's run ends: every thread exited, or every one left waits at
    // grid.sync() (a cooperative launch), or the kernel stopped.
    enum class BlockEnd { Exited, AtGridBarrier, Stopped };
    void selectBlock(std::uint32_t number);
    void startBlock();
    BlockEnd runBlock(LaneOrder order);
    bool waitsOnlyAtGrid() const;
    void runCooperativeGrid();
    void suspendBlock(SuspendedBlock& block);
    void resumeBlock(SuspendedBlock& block);
    const std::vector<int>& randomRoundOrder();
    void beginRound(LaneOrder order);
    void resume(int index);
    // Every thread takes these at every collective: inlined where they are
    // called (scheduler.cpp), they cost no calls of their own.
    [[gnu::always_inline]] inline void enter(int index);
    [[gnu::always_inline]] inline int nextInRound();
    [[gnu::always_inline]] inline void prefetchAfter() const;
    [[gnu::always_inline]] inline void switchAway(int index);
};

}  // namespace warp_emulator
