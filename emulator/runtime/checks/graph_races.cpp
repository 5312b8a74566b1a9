// graph_races.cpp: what each node of a launched graph touches, and whether two
// nodes' touches conflict.
#include "checks/graph_races.hpp"

#include <algorithm>
#include <iterator>
#include <vector>

#include "checks/whole_check.hpp"

namespace warp_emulator {

__thread int graphNodesRecording = 0;

namespace {

// One footprint per node being recorded, the innermost last (a host thread's own).
thread_local std::vector<Footprint> recordingStack;

}  // namespace

void ByteRanges::add(std::uintptr_t start, std::uintptr_t end) {
    if (start >= end) {
        return;
    }
    if (start >= lastStart_ && end <= lastEnd_) {
        return;  // inside the range the last add grew
    }
    // The first range that ends at or after `start` may merge with the new one.
    auto it = ranges_.upper_bound(start);
    if (it != ranges_.begin() && std::prev(it)->second >= start) {
        --it;
    }
    while (it != ranges_.end() && it->first <= end) {
        start = std::min(start, it->first);
        end = std::max(end, it->second);
        it = ranges_.erase(it);
    }
    ranges_[start] = end;
    lastStart_ = start;
    lastEnd_ = end;
}

void ByteRanges::merge(const ByteRanges& other) {
    for (const auto& [start, end] : other.ranges_) {
        add(start, end);
    }
}

bool ByteRanges::firstOverlap(const ByteRanges& other, std::uintptr_t* start, std::uintptr_t* end) const {
    auto mine = ranges_.begin();
    auto theirs = other.ranges_.begin();
    while (mine != ranges_.end() && theirs != other.ranges_.end()) {
        const std::uintptr_t from = std::max(mine->first, theirs->first);
        const std::uintptr_t to = std::min(mine->second, theirs->second);
        if (from < to) {
            *start = from;
            *end = to;
            return true;
        }
        if (mine->second <= theirs->second) {
            ++mine;
        } else {
            ++theirs;
        }
    }
    return false;
}

void Footprint::merge(const Footprint& other) {
    reads.merge(other.reads);
    writes.merge(other.writes);
    atomics.merge(other.atomics);
}

void GraphRaces::beginNode() {
    recordingStack.emplace_back();
    graphNodesRecording = static_cast<int>(recordingStack.size());
    needWholeCheck(kGraphNodeRecording, true);
}

Footprint GraphRaces::endNode() {
    Footprint done = std::move(recordingStack.back());
    recordingStack.pop_back();
    graphNodesRecording = static_cast<int>(recordingStack.size());
    needWholeCheck(kGraphNodeRecording, !recordingStack.empty());
    if (!recordingStack.empty()) {
        recordingStack.back().merge(done);
    }
    return done;
}

void GraphRaces::recordAccess(const void* address, size_t bytes, Touch touch) {
    if (recordingStack.empty() || bytes == 0) {
        return;
    }
    const auto start = reinterpret_cast<std::uintptr_t>(address);
    Footprint& footprint = recordingStack.back();
    ByteRanges& ranges = touch == Touch::Read ? footprint.reads : touch == Touch::Write ? footprint.writes : footprint.atomics;
    ranges.add(start, start + bytes);
}

bool GraphRaces::conflict(const Footprint& a, const Footprint& b, Conflict* found) {
    struct Pair {
        const ByteRanges& first;
        Touch firstTouch;
        const ByteRanges& second;
        Touch secondTouch;
    };
    const Pair pairs[] = {
        {a.writes, Touch::Write, b.writes, Touch::Write},   {a.writes, Touch::Write, b.reads, Touch::Read},
        {a.reads, Touch::Read, b.writes, Touch::Write},     {a.writes, Touch::Write, b.atomics, Touch::Atomic},
        {a.atomics, Touch::Atomic, b.writes, Touch::Write}, {a.reads, Touch::Read, b.atomics, Touch::Atomic},
        {a.atomics, Touch::Atomic, b.reads, Touch::Read},
    };
    for (const Pair& pair : pairs) {
        if (pair.first.firstOverlap(pair.second, &found->start, &found->end)) {
            found->first = pair.firstTouch;
            found->second = pair.secondTouch;
            return true;
        }
    }
    return false;
}

const char* GraphRaces::verb(Touch touch) {
    switch (touch) {
        case Touch::Read: return "reads";
        case Touch::Write: return "writes";
        default: return "updates with atomic functions";
    }
}

}  // namespace warp_emulator
