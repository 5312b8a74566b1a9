// graph_races.hpp: may two nodes of a graph touch the same bytes at the same
// time? On a GPU, nodes that no path of the graph's dependencies orders may
// run concurrently (the Programming Guide: a graph's dependencies are what
// orders its work, "operations ... whose dependencies are satisfied may be
// scheduled in any order"), so two such nodes that touch the same bytes,
// one of them writing, race as two unordered accesses of one kernel do. The
// emulator runs a launched graph's nodes one after another, in one order its
// dependencies allow, and records what each node touches: the bytes each
// kernel node's threads read and write (and those of its atomic functions,
// which may meet another node's atomics unordered, as atomics of one kernel
// may), and the bytes each memcpy and memset node copies and sets, on the
// host's side too. graphs.cpp then compares every pair of unordered nodes.
// A child graph, or a conditional node's bodies, counts as one node, with
// everything its own nodes touch.
//
// What it cannot see: a host node's accesses (host code is not recorded),
// and races between a graph and work outside it (streams order nothing here:
// emulator/README.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

namespace warp_emulator {

enum class Touch : unsigned char { Read, Write, Atomic };

// Bytes, as merged ranges [start, end).
class ByteRanges {
public:
    void add(std::uintptr_t start, std::uintptr_t end);
    void merge(const ByteRanges& other);
    // The first bytes of these that `other` holds too, or false.
    bool firstOverlap(const ByteRanges& other, std::uintptr_t* start, std::uintptr_t* end) const;
    bool empty() const { return ranges_.empty(); }

private:
    std::map<std::uintptr_t, std::uintptr_t> ranges_;  // start -> end
    std::uintptr_t lastStart_ = 0, lastEnd_ = 0;       // the range the last add() grew: most adds extend it
};

// What one node touched.
struct Footprint {
    ByteRanges reads, writes, atomics;
    void merge(const Footprint& other);
};

// Two footprints that conflict: the first bytes, and how each touched them.
struct Conflict {
    std::uintptr_t start = 0, end = 0;
    Touch first = Touch::Read, second = Touch::Read;
};

// How many nodes are being recorded on this host thread (a child graph's
// inside its node); 0: nothing is recorded, the one test on every access.
extern __thread int graphNodesRecording;

class GraphRaces {
public:
    static bool recording() { return graphNodesRecording != 0; }
    // Around one node of a launched graph; endNode() gives what it touched,
    // which the node around it (a child graph's) also gets.
    static void beginNode();
    static Footprint endNode();

    static void recordAccess(const void* address, size_t bytes, Touch touch);
    static void recordCopy(void* destination, const void* source, size_t bytes) {
        if (recording()) {
            recordAccess(source, bytes, Touch::Read);
            recordAccess(destination, bytes, Touch::Write);
        }
    }
    static void recordWrite(void* destination, size_t bytes) {
        if (recording()) {
            recordAccess(destination, bytes, Touch::Write);
        }
    }

    // The first conflict between what two unordered nodes touched: a write
    // and any other touch, or an atomic and a plain one.
    static bool conflict(const Footprint& a, const Footprint& b, Conflict* found);
    static const char* verb(Touch touch);
};

}  // namespace warp_emulator
