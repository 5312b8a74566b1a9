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
// One exception, the Guide's own: its atomicAdd for double begins with a plain
// read of the address (`old = *address_as_ull`) and then checks that value
// with atomicCAS, retrying while another thread changed it. A plain read that
// its thread then checks with atomicCAS on the same address is not reported
// against the atomics that race with it: the CAS makes the value it read
// harmless.
//
// What it keeps: per 4 bytes, the last write and the last read since (the
// Granule of shadow.hpp), and, beside, other accesses that nothing ordered
// with those (reads by many threads at once, writes of different bytes),
// up to 16 a granule. The kernel's end orders everything: each launch starts
// empty.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "checks/memcheck.hpp"

namespace warp_emulator {

class RaceCheck {
public:
    static RaceCheck& get();
    void beginLaunch();
    void beginBlock();
    // grid.sync(): every access so far is ordered before every one after, so
    // none is kept; plain reads that raced with atomics are still reported.
    void gridBarrier();
    // Reports the plain reads that raced with atomics and no atomicCAS checked.
    void endLaunch();

    // `isWrite`: what the access did (an atomicCAS that failed only read).
    void access(const Place& place, const AccessRequest& access, bool isWrite, bool isCas);

private:
    struct Extra {
        std::vector<Access> accesses;
    };
    std::unordered_map<const Granule*, Extra> sharedExtras_, globalExtras_;
    // Plain reads that raced with an atomic, waiting to see whether their
    // thread checks them with atomicCAS: by (thread, granule address).
    std::map<std::pair<std::uint32_t, std::uintptr_t>, std::pair<std::string, std::string>> pendingCas_;

    void checkGranule(Granule& granule, Access current, std::uintptr_t granuleAddress, const Place& place, bool isCas);
    void conflict(const Access& earlier, const Access& current, std::uintptr_t granuleAddress, std::uintptr_t key,
                  const Place& place);
    void report(const Access& earlier, const Access& current, const Place& place, const std::string& hint);
    std::unordered_map<const Granule*, Extra>& extrasFor(const Place& place);
};

}  // namespace warp_emulator
