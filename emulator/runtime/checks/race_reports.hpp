// race_reports.hpp: how a race is said, so that its message names the fix.
// racecheck.cpp decides that two accesses race; this file words the race,
// once for each pair of source lines and the memory they touch (the other
// pairs of those lines are counted), and words it again at the launch's end,
// when every pair is known: the fix depends on all of them, not on the first.
//
//  - The barrier that orders every pair. Lanes of one warp are ordered by
//    __syncwarp(), threads of one block by __syncthreads(). Where the read of
//    a race also races with writes of other warps of the block (a shared tile
//    read at a neighbour's slot, whose neighbour at lane 31 is lane 0 of the
//    next warp), only __syncthreads() orders them all, so the race names that
//    barrier, and a pair of different warps, never __syncwarp() alone.
//  - A read-modify-write that many threads run on one location (bins[v]++
//    with no atomic). Both accesses are that one line, and each thread read
//    the value it then wrote back: it shows as two writes of the line, each
//    after its own thread's read of the same bytes there. No barrier can fix
//    it, since every thread must update the same element: the fix is one
//    atomic operation (atomicAdd). The races of that line on that memory
//    (read against write, write against write) are then said once. A thread
//    that made a strong write first (an atomic, a volatile store) may hold a
//    lock around the update, whose missing fence is the fix: its update is
//    said as any other race.
//  - A race whose first access is a read that found memory nothing had
//    written (initcheck.cpp's finding, at the same line of the same memory):
//    the missing order made the read come before the write, so the
//    uninitialised read is the race's consequence, said after it.
//  - The plain first read of an atomicCAS loop that went on without an
//    atomicCAS (racecheck.cpp tells it): a note, not a finding.
// A race's memory is named by its position (element 3 of the int[16]) beside
// each access's line, and the line that allocated it is said apart, so that
// no "at" line is mistaken for the other.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "checks/memcheck.hpp"
#include "checks/shadow.hpp"

namespace warp_emulator {

// Which threads two accesses are: what orders them depends on it.
enum class Pairing : unsigned char { Warp = 0, Block = 1, Grid = 2 };

class RaceReports {
public:
    static RaceReports& get();
    void beginLaunch();
    // Two plain accesses that nothing orders: the fix depends on which
    // threads they are, and on the launch's other pairs of the same lines.
    void unordered(const Access& earlier, const Access& current, const Place& place);
    // A race whose fix does not (an atomic beside a plain access, __ldg,
    // volatile, an atomic of block scope): `hint` says it.
    void withHint(const Access& earlier, const Access& current, const Place& place, const std::string& hint);
    // The plain first read of an atomicCAS loop, `read`, that raced with
    // `atomic` of another thread and that its thread never checked with an
    // atomicCAS, where other threads checked their reads of that line.
    void casLoopReadUnchecked(const Access& atomic, const Access& read, const Place& place);
    // Words every race of the launch as the whole launch shows it, and ties
    // the uninitialised reads that a race explains to it.
    void endLaunch();

private:
    struct Memory {
        std::string position, object, allocatedAt;
    };
    struct Record {
        Access earlier, current;  // the pair the message names
        Memory memory;
        std::string hint;         // fixed, for a race of withHint(); "" for unordered()
        Pairing pairing = Pairing::Warp;
        bool lowerPairings = false;  // other pairs of these lines were closer threads (lanes of one warp)
        std::string readSite;        // the read's line and memory, for an unordered read/write pair
    };
    struct CasNote {
        Access atomic, read;
        Memory memory;
        long long times = 0;
    };
    std::map<std::string, Record> records_;
    std::vector<std::string> order_;
    std::map<std::string, CasNote> casNotes_;
    std::vector<std::string> casNoteOrder_;
    // Lines (with memory) that a thread ran as a read-modify-write, racing with another thread's.
    std::set<std::string> readModifyWrites_;

    void add(const std::string& key, const Record& record, bool known);
    static void leaveToOneWorker();
    std::string text(const Record& record) const;
    std::string scopeHint(const Record& record) const;
    Pairing effectivePairing(const Record& record) const;
};

}  // namespace warp_emulator
