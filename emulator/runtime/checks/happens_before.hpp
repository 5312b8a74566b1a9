// happens_before.hpp: what orders one thread's memory accesses before
// another's, by the CUDA memory model. racecheck.cpp asks it, for two
// accesses to the same bytes, whether anything does; if nothing does, they
// race.
//
// Each thread counts its own history in epochs: an access carries the
// thread's epoch, and the epoch moves on at every point that can publish what
// came before it (a barrier, a __syncwarp(), a fence). What orders accesses:
//
//   program order     a thread's own accesses.
//   __syncthreads()   The PTX ISA: "A bar{.cta}.sync or bar{.cta}.red or
//                     bar{.cta}.arrive operation synchronizes with a
//                     bar{.cta}.sync or bar{.cta}.red operation executed on the
//                     same barrier." So every access a thread made before a
//                     barrier is ordered before every access any thread of the
//                     block makes after it: a thread's epoch right after its
//                     last barrier (epochAfterBarrier) divides the two. A
//                     thread that exited before the barrier is no party to it.
//   __syncwarp(mask)  The Programming Guide: "Executing __syncwarp()
//                     guarantees memory ordering among threads participating
//                     in the barrier." Each thread keeps a vector clock of its
//                     warp (known[lane]), joined by the lanes that meet there.
//   shuffles, votes   Nothing: the PTX ISA says of shfl.sync, vote.sync,
//   matches,          match.sync and redux.sync only that each "will cause
//   reductions        executing thread to wait until all non-exited threads
//                     corresponding to membermask have executed" it; unlike
//                     bar.warp.sync ("bar.warp.sync also guarantee memory
//                     ordering among threads participating in barrier"), they
//                     exchange registers and order no memory.
//   release/acquire   The PTX ISA: a release pattern is "a release or
//                     acquire-release memory fence followed by a strong write on
//                     M in program order", an acquire pattern "a strong read on
//                     M followed by an acquire memory fence in program order",
//                     and "A release pattern X synchronizes with an acquire
//                     pattern Y, if a write operation in X precedes a read
//                     operation in Y in observation order, and the first
//                     operation in X and the last operation in Y are morally
//                     strong." CUDA's fences (__threadfence*()) are membar, "a
//                     synonym for fence.sc"; its atomic functions and volatile
//                     accesses are strong. Observation order runs "through an
//                     optional sequence of atomic read-modify-write
//                     operations": so each location that a release is written
//                     to keeps a log (SyncLog) of the releases it carries, and
//                     an atomic read-modify-write keeps the log going while a
//                     plain or volatile store without a fence before it starts
//                     it again. "Morally strong" here is scope: a fence or atomic
//                     of block scope (__threadfence_block(), atomicAdd_block)
//                     synchronizes only within its block.
//   __syncthreads()   also completes an acquire: a strong read followed by a
//   after a strong    barrier counts as one followed by a fence of device
//   read              scope. The PTX ISA lists barriers among the
//                     "synchronizing operations" but not among fences; the
//                     Programming Guide's own example in "Memory Fence
//                     Functions" (the last block's atomicInc, then
//                     __syncthreads(), then its reads of every block's partial
//                     sum) relies on it, so the emulator takes it so.
//   observing a write A strong read of what a strong write wrote, the two
//                     morally strong, is ordered after that write ("Observation
//                     order relates a write W to a read R ... R and W are
//                     morally strong and R reads the value written by W", and
//                     observation order is part of causality order), for that
//                     location: a thread that reads a flag with an atomic may
//                     then reset it. Volatile accesses are strong too
//                     (racecheck.hpp).
//   a group's         A thread_block_tile of more than 32 threads syncs
//   barrier, a        (tile_barrier.cpp), and a cuda::barrier completes a
//   cuda::barrier's   phase (arrive_wait_barrier.cpp): what each thread that
//   phase             arrived did before it comes before what each thread that
//                     waited for it does after (libcu++: arrivals on a
//                     phase "happen before" the waits that observe its
//                     completion). The arrivals make a cut of the block
//                     (Arrivals), which the waiting threads learn.
//   grid.sync()       Everything before it, in every block, comes before
//                     everything after it (the Programming Guide's grid
//                     synchronization): the checks forget every access at
//                     each grid barrier, and every thread's clock starts again.
//   kernel end        "End of all threads in a kernel synchronize with end of
//                     the kernel", and launches run one after another: nothing
//                     of one launch races with the next.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "checks/shadow.hpp"
#include "warp_emulator/device/kernel_calls.hpp"

namespace warp_emulator {

struct Knowledge;
using KnowledgeRef = std::shared_ptr<const Knowledge>;
struct SyncLog;

// The accesses of grid thread `thread` with an epoch up to `epoch`.
struct ThreadEpoch {
    std::uint32_t thread;
    std::uint32_t epoch;
};

// The accesses of block `block`'s thread q whose epoch is below epochs[q]:
// all it did before one of its barriers.
struct BlockCut {
    std::uint32_t block;
    std::shared_ptr<const std::vector<std::uint32_t>> epochs;
};

// The releases a location's log held when a thread of block `acquirerBlock`
// acquired through it, with a fence (or barrier) of `scope`.
struct LogRef {
    const SyncLog* log;
    std::uint32_t length;
    std::uint32_t acquirerBlock;
    Scope scope;
};

// What a thread knows to have happened before its next access, beyond its
// block's barriers and its warp's __syncwarp(): shared, never changed once made.
struct Knowledge {
    std::vector<ThreadEpoch> threads;
    std::vector<BlockCut> blocks;
    std::vector<LogRef> logs;
    std::vector<KnowledgeRef> parents;
    int depth = 0;
};

// What one release pattern makes visible: everything its thread knew at its
// fence, and the fence's scope.
struct Release {
    Knowledge what;
    std::uint32_t block;
    Scope scope;
};

// A location a release was written to, and the releases it carries, oldest first.
struct SyncLog {
    std::vector<std::shared_ptr<const Release>> releases;
    // The positions of the releases that name each block's threads, so that a
    // question about one thread does not read every release.
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> byBlock;
    std::vector<std::uint32_t> inherited;  // releases that carry older knowledge too
};

struct ThreadClock;

// The threads that arrived at a group's barrier or a cuda::barrier's phase:
// for each thread of the block, the epoch below which its accesses (and those
// it knew of through __syncwarp()) came before its arrival, and what else
// the arrivals knew.
struct Arrivals {
    std::vector<std::uint32_t> epochs;
    std::vector<KnowledgeRef> parents;
    bool any = false;

    void add(const ThreadClock& clock, std::uint32_t indexInBlock, size_t threadsPerBlock);
};

// One thread's side of it. Aligned to a cache line: a barrier reads and
// writes the first line of each of the block's clocks, and nothing more of
// a thread that knows nothing beyond the barrier.
struct alignas(64) ThreadClock {
    struct VolatileStore {
        Granule* granule;
        std::uint32_t thread;  // its grid thread + 1, as access records number it
        std::uint32_t epoch;
    };
    // What a barrier reads of every thread first, in that one line.
    std::uint32_t epoch = 1;
    std::uint32_t epochAfterBarrier = 0;
    KnowledgeRef knowledge;
    std::vector<LogRef> pendingAcquires;    // strong reads since the thread's last fence or barrier
    // Its volatile stores since its last strong write or barrier, which its
    // next strong write marks published (racecheck.cpp; a store to the same
    // place replaces the record first): how the race check tells data that
    // a later store says is ready, fenced or not, from a flag that publishes
    // nothing, which two strong accesses may read and write unordered.
    std::vector<VolatileStore> unpublishedVolatileStores;
    std::array<std::uint32_t, 32> known{};  // by lane: the epoch up to which this thread knows that lane's accesses
    // What its last fence made ready to publish, kept as it was at the fence
    // and made into a Release only when a strong write publishes it.
    struct Fence {
        bool made = false;
        Scope scope = Scope::Device;
        std::uint32_t epoch = 0;
        std::array<std::uint32_t, 32> known{};
        KnowledgeRef knowledge;
        std::shared_ptr<const std::vector<std::uint32_t>> barrierCut;
        std::shared_ptr<const Release> release;
    } fence;
    struct Observed {
        std::uint32_t thread = 0, epoch = 0;
    };
    // The strong writes it has read (observation order), by location: for
    // each writer, the latest.
    std::unordered_multimap<std::uintptr_t, Observed> observed;

    // As at a thread's start, keeping the room its vectors have; `known`
    // only if a __syncwarp() may have set it (HappensBefore::lanesKnown_).
    void reset(bool forgetLanes);
};

class HappensBefore {
public:
    void beginLaunch(int threadsPerBlock);
    // The threads of a block, from their start.
    void beginBlock(std::uint32_t block, const std::vector<ThreadClock*>& clocks);

    // Whether `thread`'s access made at `epoch` is ordered before the next
    // access of `reader` (grid thread `readerThread`), at `granule`.
    // Threads are numbered as access records number them: grid thread + 1.
    bool ordered(std::uint32_t thread, std::uint32_t epoch, const ThreadClock& reader, std::uint32_t readerThread,
                 std::uintptr_t granule) const;
    // Whether a __syncthreads() since orders `thread`'s access made at
    // `epoch` before the running thread's next: ordered()'s commonest
    // answer, asked inline first (racecheck.hpp). False says nothing.
    bool orderedByBarrier(std::uint32_t thread, std::uint32_t epoch) const {
        const std::uint32_t index = inBlock(thread);
        return index < threadsInBlock() && epoch < clocks_[index]->epochAfterBarrier;
    }

    // The synchronising operations.
    void barrier(const std::vector<ThreadClock*>& arrived);
    void syncwarp(const std::vector<ThreadClock*>& lanes, const std::vector<int>& laneNumbers);
    void fence(ThreadClock& clock, Scope scope);
    // A strong read of `granule` (an atomic function, a volatile load) that
    // returned the value of the write (writer, writerEpoch); `observes`: the
    // two are morally strong atomics, so the write is ordered before it.
    void strongRead(ThreadClock& clock, std::uintptr_t granule, std::uint32_t writer, std::uint32_t writerEpoch,
                    bool observes);
    // A strong write; `readModifyWrite` for an atomic function. Returns
    // whether it made `granule` a location with a log.
    bool strongWrite(ThreadClock& clock, std::uint32_t thread, std::uintptr_t granule, bool readModifyWrite);
    // A plain write to a location with a log ends the releases it carried.
    void plainWrite(std::uintptr_t granule);
    // A volatile store of the thread of `clock`, kept until a strong write
    // publishes it (publishVolatileStores).
    void volatileStore(ThreadClock& clock, const ThreadClock::VolatileStore& store) {
        clock.unpublishedVolatileStores.push_back(store);
        beyondBarriers_ = true;
    }
    // A strong write by the thread of `clock`: the volatile stores it made
    // since its last strong write, and those its block's threads made before
    // a barrier since, become ones it was to publish (Access::published).
    void publishVolatileStores(ThreadClock& clock);
    // Whether a fence made the thread's strong writes releases.
    static bool releasesWrites(const ThreadClock& clock) { return clock.fence.made; }

    // A barrier of some of the block's threads (by index in the block): a
    // thread_block_tile of more than 32 threads.
    void groupBarrier(const std::vector<std::uint32_t>& indices);
    // A thread's arrival on a cuda::barrier (what it did so far joins the
    // phase's arrivals), what a completed phase makes known, and a waiting
    // thread learning it.
    void arrive(ThreadClock& clock, std::uint32_t indexInBlock, Arrivals& arrivals);
    KnowledgeRef knowledgeOf(const Arrivals& arrivals) const;
    void acquire(ThreadClock& clock, const KnowledgeRef& knowledge);
    // grid.sync(): every access before it is ordered before every access
    // after it, so nothing is kept (the checks forget their accesses too).
    void gridBarrier();

private:
    int threadsPerBlock_ = 1;
    std::uint32_t block_ = 0;
    std::vector<ThreadClock*> clocks_;  // of the running block, by thread
    std::shared_ptr<const std::vector<std::uint32_t>> barrierCut_;  // this block's, made when a release first needs it
    // Each location's log now; a log is never changed but by appending, and
    // lives for the whole launch, since knowledge may point into it.
    std::unordered_map<std::uintptr_t, SyncLog*> current_;
    std::vector<std::unique_ptr<SyncLog>> logs_;
    // The volatile stores of the block's threads that a barrier has ordered
    // before what follows it, not yet published (publishVolatileStores).
    std::vector<ThreadClock::VolatileStore> blockVolatileStores_;
    // Whether a thread of the block may know of anything beyond its barriers
    // and __syncwarp()s (ThreadClock::knowledge), or hold an acquire not yet
    // completed or a volatile store not yet published: until one does, a
    // barrier only moves each thread's epoch on.
    bool beyondBarriers_ = false;
    // Whether a __syncwarp() has set any thread's `known` since the clocks
    // were last reset: until one does, each is still all zeros, and a reset
    // need not write its 128 bytes (every thread of every block is reset).
    bool lanesKnown_ = false;
    void resetClocks();

    // The grid thread (plus 1, as access records number them) of the block's
    // thread 0: a thread's index in the running block is its number less
    // this, and no index of the block when it is of another (then the
    // unsigned difference is at least threadsInBlock()).
    std::uint32_t firstThread_ = 1;
    std::uint32_t inBlock(std::uint32_t thread) const { return thread - firstThread_; }
    std::uint32_t threadsInBlock() const { return static_cast<std::uint32_t>(threadsPerBlock_); }
    std::uint32_t blockOf(std::uint32_t thread) const { return (thread - 1) / static_cast<std::uint32_t>(threadsPerBlock_); }
    std::uint32_t indexInBlock(std::uint32_t thread) const { return (thread - 1) % static_cast<std::uint32_t>(threadsPerBlock_); }
    std::shared_ptr<const std::vector<std::uint32_t>> barrierCut();
    std::shared_ptr<const Release> releaseOf(ThreadClock& clock, std::uint32_t thread);
    KnowledgeRef joined(const std::vector<KnowledgeRef>& parts) const;
    bool covers(const Knowledge& knowledge, std::uint32_t thread, std::uint32_t epoch,
                std::vector<const void*>& visited) const;
    bool coversLog(const LogRef& ref, std::uint32_t thread, std::uint32_t epoch, std::vector<const void*>& visited) const;
    static KnowledgeRef flattened(const KnowledgeRef& knowledge);
};

}  // namespace warp_emulator
