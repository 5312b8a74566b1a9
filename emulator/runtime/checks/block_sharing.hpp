// block_sharing.hpp: do two blocks of a launch touch the same global memory,
// one of them writing it? When a launch's blocks run on several worker
// processes at once (scheduling/block_workers.hpp), each block sees only the
// writes of the blocks that happen to run before it on its worker: a result
// that one block hands to another through memory (an atomic counter, a flag,
// a total) would come out other than on one worker, in another order, and
// the checks (races, definedness) would judge other accesses. So every access
// of a worker's block to global memory (device, managed and pinned
// allocations, __device__ variables) first marks, for each 4 bytes, which
// block touched them and whether it wrote (a BlockOwner, in memory the
// workers share): a block that touches what another block of the launch
// wrote, or writes what another read, ends the attempt, which the program
// then runs again from its start on one worker (block_workers.cpp). Bytes
// only read, by any number of blocks, and bytes one block alone touches, are
// no sharing: a launch whose blocks share nothing runs on every worker with
// the results, and the findings, of a run on one.
//
// Before a block's first write to 4 bytes of shared memory, their bytes and
// definedness go to the attempt's undo log, so that an ended attempt leaves
// memory as the launch found it; a write to a __device__ variable (the
// program's own memory, which each worker has a copy of) is noted, and its
// final bytes go to the program when the attempt succeeds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "checks/shadow.hpp"

namespace warp_emulator {

struct Place;

// What one granule was before the attempt wrote it, in 16 bytes: a worker
// writes one for each granule it writes, in memory it shares with the
// program, which it faults in a page at a time.
struct UndoEntry {
    // The granule's address, which kGranuleBytes divides, so that its lowest
    // bit is free: kHasDefined there when `defined` holds its definedness.
    std::uint64_t addressAndFlag;
    std::uint32_t bytes;
    std::uint32_t defined;  // its four definedness bytes, where it has them
    static constexpr std::uint64_t kHasDefined = 1;
};
static_assert(sizeof(UndoEntry) == 16 && kGranuleBytes % 2 == 0, "an undo entry is 16 bytes");

// The undo log of one worker, in memory the program shares with it: a count,
// then the entries, so that the program can read all of it however the
// worker ended.
struct UndoLog {
    std::uint64_t count;
    std::uint64_t capacity;
    UndoEntry entries[1];
};

class BlockSharing {
public:
    // In a worker process: the attempt's number (owners of older attempts
    // count as untouched), its undo log, and what to do when two blocks meet.
    static void beginWorker(std::uint64_t attempt, UndoLog* undo, void (*onConflict)());
    // A BlockOwner keeps the last bits of its attempt's number: the attempts
    // since every owner was last emptied must differ in them. In the program,
    // before attempt `attempt`: whether every owner must be emptied first.
    static bool ownersMustBeForgotten(std::uint64_t attempt) { return attempt % kAttemptsApart == 0; }
    // The most blocks of a launch its workers can tell apart.
    static constexpr std::uint32_t kMostBlocks = (1u << 26) - 2;
    static void beginBlock(std::uint32_t block);
    static bool active() { return active_; }

    // Before an access of `bytes` at `address` to a place that has owners (a
    // global allocation or a __device__ variable); does not return on a conflict.
    static void touch(const Place& place, const void* address, size_t bytes, bool isWrite);

    // The __device__ variables' granules this worker wrote, for their final bytes.
    static const std::vector<std::uintptr_t>& privateWrites() { return privateWrites_; }

    // In the program, when an attempt ended: memory back as it was.
    static void undo(const UndoLog& log);

private:
    static constexpr std::uint64_t kAttemptsApart = 32;
    static bool active_;
    static BlockOwner attempt_;
    static BlockOwner block_;
    static UndoLog* undo_;
    static void (*onConflict_)();
    static std::vector<std::uintptr_t> privateWrites_;

    static void saveOriginal(const Place& place, std::uintptr_t granule);
};

}  // namespace warp_emulator
