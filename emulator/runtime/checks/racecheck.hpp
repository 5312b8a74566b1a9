// racecheck.hpp: does anything order this access after the last ones that
// conflict with it? compute-sanitizer's racecheck asks it of shared memory
// only ("this tool only supports detecting accesses to on-chip shared
// memory"); here every access to shared memory, device memory and __device__
// variables asks it, by happens-before (happens_before.hpp), in one run.
//
// The rule. Two accesses to overlapping bytes by different threads, at least
// one a write, not both atomic, that nothing orders, are a race. The PTX ISA
// says it nearly so ("Two conflicting memory operations are said to be in a
// data-race if they are not related in causality order and they are not
// morally strong"). Strong operations are the atomic functions and volatile
// accesses (the memory model takes ld.volatile and st.volatile as relaxed
// operations of system scope); two are morally strong when each
// one's scope includes the other's thread, so an atomic of block scope
// (atomicAdd_block) meets another unordered only within its block. So a
// flag may be written and read by many threads at once. What volatile does
// not do is order the accesses around it (the Programming Guide: volatile
// operations "do not provide any inter-thread synchronization guarantees"):
// that takes a fence (happens_before.hpp). Two volatile accesses that
// nothing orders are a finding here unless the store comes after a fence of
// its thread (a release: the flag of a handoff, the store that frees a
// lock): without one, the reader may get an older value, as the Guide's
// threadfence reduction without its fence may sum stale partial sums.
//
// Loads outside the memory model (__ldg's, texture fetches, surface reads:
// shadow.hpp's AccessKind) meet a write by another thread to what they read
// as a race whatever orders the two; a texture fetch or surface read also
// meets its own thread's earlier write in the launch as one, since the
// Programming Guide says such a fetch "returns undefined data"
// (device/textures.cpp).
//
// One exception, the Guide's own: its atomicAdd for double begins with a plain
// read of the address (`old = *address_as_ull`) and then checks that value
// with atomicCAS, retrying while another thread changed it. A plain read that
// its thread then checks with atomicCAS on the same address is not reported
// against the atomics that race with it: the CAS makes the value it read
// harmless. The same loop built for a float maximum often stops before its
// atomicCAS when the value it read is already the larger (`while (val >
// __int_as_float(old))`): that thread's read is never checked. Where other
// threads check their reads of the same line with atomicCAS, such a read is
// the loop's, and it is said as a note that does not fail the run
// (race_reports.cpp says why); a plain read at a line no thread ever checks
// is a race. What a race is called, and the fix it names, is race_reports.cpp's.
//
// What it keeps: per 4 bytes, the last write and the last read since (the
// Granule of shadow.hpp), and, beside, other accesses that nothing ordered
// with those (reads by many threads at once, writes of different bytes),
// up to 16 a granule. The kernel's end orders everything: each launch starts
// empty.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "checks/memcheck.hpp"
#include "reporting/settings.hpp"
#include "scheduling/scheduler.hpp"

namespace warp_emulator {

class RaceCheck {
public:
    // Inline: the checks ask for it at every access.
    static RaceCheck& get() {
        static RaceCheck* const check = made_ = new RaceCheck;
        return *check;
    }
    // get()'s, for the checks of a kernel's accesses, which run only after
    // the launch's MemoryChecks::beginLaunch() has asked get(): no guard
    // variable to test on the path of every access.
    static RaceCheck& made() { return *made_; }
    void beginLaunch();
    void beginBlock();
    // grid.sync(): every access so far is ordered before every one after, so
    // none is kept; plain reads that raced with atomics are still reported.
    void gridBarrier();
    // Reports the plain reads that raced with atomics and no atomicCAS checked.
    void endLaunch();

    // `isWrite`: what the access did (an atomicCAS that failed only read).
    // Inline for the commonest access, a plain one within one granule.
    void access(const Place& place, const AccessRequest& request, bool isWrite, bool isCas) {
        const auto start = reinterpret_cast<std::uintptr_t>(request.address);
        const std::uintptr_t end = start + request.bytes;
        if (request.kind != AccessKind::Plain || end > place.granuleAddress + kGranuleBytes || start >= end) {
            if (enabled_ && place.granules != nullptr) {
                accessGranules(place, request, isWrite, isCas);
            }
            return;
        }
        plainAccess(place, start, request.bytes, request.site, isWrite, isCas);
    }
    // access() for a plain access of `bytes` at `start`, all within the
    // place's granule: the request's parts given apart, as
    // MemoryChecks::plainAccess() has them.
    void plainAccess(const Place& place, std::uintptr_t start, size_t bytes, std::uint64_t site, bool isWrite,
                     bool isCas = false) {
        if (!enabled_ || place.granules == nullptr) {
            return;
        }
        const Access current = plainAccessOf(place.granuleAddress, start, bytes, site, isWrite);
        if (!plainAccessNeedsNothingMore(*place.granules, current, place.granuleAddress, place.space)) {
            checkGranule(*place.granules, current, place.granuleAddress, place, isCas);
        }
    }
    // plainAccess() where it needs nothing more than a few comparisons, for
    // a caller that has made no Place of its own (MemoryChecks' common
    // access): false, having changed nothing, where plainAccess() must check
    // the granule whole.
    bool plainAccessDone(Granule* granule, std::uintptr_t granuleAddress, Space space, std::uintptr_t start,
                         size_t bytes, std::uint64_t site, bool isWrite) {
        return !enabled_ || granule == nullptr ||
               plainAccessNeedsNothingMore(*granule, plainAccessOf(granuleAddress, start, bytes, site, isWrite),
                                           granuleAddress, space);
    }

private:
    static inline RaceCheck* made_ = nullptr;
    // WARP_EMULATOR_RACE_CHECK, read once: every access asks it.
    const bool enabled_ = Settings::get().raceCheck;
    struct Extra {
        std::vector<Access> accesses;
        std::uint32_t writes = 0;  // how many of them are writes: all that a read need pass
    };
    std::unordered_map<const Granule*, Extra> sharedExtras_, globalExtras_;
    // Plain reads that raced with an atomic, waiting to see whether their
    // thread checks them with atomicCAS: by (thread, granule address).
    struct PendingRead {
        Access earlier, current;  // the plain read is one of them, the atomic the other
        Place place;
    };
    std::map<std::pair<std::uint32_t, std::uintptr_t>, PendingRead> pendingCas_;
    // The sites of plain reads that their thread checked with atomicCAS.
    std::set<std::uint64_t> casCheckedReads_;
    // Threads that made a strong write (an atomic, a volatile store) this
    // launch: a plain read-modify-write after one may be a lock's critical
    // section, which wants a fence, not an atomic (race_reports.hpp).
    std::unordered_set<std::uint32_t> strongWriters_;

    // The running thread's plain access of `bytes` at `start`, in the granule at `granuleAddress`.
    static Access plainAccessOf(std::uintptr_t granuleAddress, std::uintptr_t start, size_t bytes, std::uint64_t site,
                                bool isWrite) {
        Scheduler& scheduler = Scheduler::made();
        const auto from = static_cast<unsigned int>(start - granuleAddress);
        const unsigned int touched = ((1u << bytes) - 1u) << from;  // within the granule: 4 bits at most
        return Access::plain(scheduler.currentGridThread(), scheduler.currentClock().epoch, site, touched, isWrite);
    }
    // Any other access: strong, or across granules.
    void accessGranules(const Place& place, const AccessRequest& request, bool isWrite, bool isCas);
    bool harmless(const Access& earlier, const Access& current, std::uintptr_t granuleAddress, Space space) const;
    bool harmlessOrdered(const Access& earlier, const Access& current, std::uintptr_t granuleAddress, Space space) const;
    bool orderedAt(const Access& earlier, const Access& current, std::uintptr_t granuleAddress, Space space) const;
    bool ordered(const Access& earlier, const Access& current, std::uintptr_t key) const;
    // Inline (below): every plain access asks it.
    bool plainAccessNeedsNothingMore(Granule& granule, const Access& current, std::uintptr_t granuleAddress,
                                     Space space);
    void checkGranule(Granule& granule, Access current, std::uintptr_t granuleAddress, const Place& place, bool isCas);
    // Whether conflict() has anything to judge: two accesses of one byte
    // at least, one a write. Asked inline, before the call: a granule that
    // many threads read keeps many reads aside, and a read passes them all.
    static bool mayConflict(const Access& earlier, const Access& current) {
        return earlier.thread != 0 && (earlier.bytes & current.bytes) != 0 && (earlier.isWrite || current.isWrite);
    }
    void conflict(const Access& earlier, const Access& current, std::uintptr_t granuleAddress, std::uintptr_t key,
                  const Place& place);
    std::unordered_map<const Granule*, Extra>& extrasFor(const Place& place);
};

// Whether conflict() would find nothing to say of `earlier` and `current`,
// a plain access to the granule at `granuleAddress`: the same thread, other
// bytes, two reads, or ordered. False also where it may have something to
// say: checkGranule() then decides. The first four are asked inline, and the
// location's key made only for the last.
inline bool RaceCheck::harmless(const Access& earlier, const Access& current, std::uintptr_t granuleAddress,
                                Space space) const {
    if (earlier.thread == 0 || earlier.thread == current.thread || (earlier.bytes & current.bytes) == 0 ||
        (!earlier.isWrite && !current.isWrite)) {
        return true;
    }
    if (earlier.kind != static_cast<unsigned>(AccessKind::ReadOnlyCache) &&
        Scheduler::made().happensBefore.orderedByBarrier(earlier.thread, earlier.epoch)) {
        return true;  // as harmlessOrdered() would say, without its calls: `current` is the running thread's
    }
    return harmlessOrdered(earlier, current, granuleAddress, space);
}

// The common case of a plain load or store, done as checkGranule() would do
// it, in a few comparisons: no other accesses kept aside for the granule, no
// release written to it, nothing to report, nothing to keep aside. Returns
// false, having changed nothing, where any of that is not so.
inline bool RaceCheck::plainAccessNeedsNothingMore(Granule& granule, const Access& current,
                                                   std::uintptr_t granuleAddress, Space space) {
    if (granule.read.moreReads) {
        return false;
    }
    if (!harmless(granule.write, current, granuleAddress, space)) {
        return false;
    }
    if (current.isWrite) {
        const Access& write = granule.write;
        const Access& read = granule.read;
        if (write.syncLocation || !harmless(read, current, granuleAddress, space) ||
            (write.thread != 0 && write.thread != current.thread && (write.bytes & ~current.bytes) != 0) ||
            (read.thread != 0 && (read.bytes & ~current.bytes) != 0)) {
            return false;
        }
        granule.write = current;
        granule.read = Access{};
        return true;
    }
    const Access& last = granule.read;
    const bool replaces =
        last.thread == 0 || last.thread == current.thread ||
        ((last.bytes & ~current.bytes) == 0 && (Scheduler::made().happensBefore.orderedByBarrier(last.thread, last.epoch) ||
                                                orderedAt(last, current, granuleAddress, space)));
    if (!replaces) {
        return false;
    }
    granule.read = current;
    return true;
}

}  // namespace warp_emulator
