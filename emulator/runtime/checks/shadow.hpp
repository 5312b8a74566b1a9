// shadow.hpp: what the checks remember about each piece of memory a kernel
// can reach. Device allocations, __shared__ memory and __device__ variables
// each carry two shadows:
//   definedness  one byte per byte (initcheck.cpp): has anything written it?
//   accesses     one Granule per 4 bytes (racecheck.cpp): the last write, and
//                the last read since, of those 4 bytes, by which thread, at
//                which point of that thread's history, from which source line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace warp_emulator {

constexpr size_t kGranuleBytes = 4;

// A byte's definedness, in the definedness shadow of device memory: written,
// never written, or written by a copy of bytes never written (a copy
// carries definedness: initcheck.hpp), which a report names apart, since
// its fix is where the copy's source was made.
enum Definedness : unsigned char { kNeverWritten = 0, kDefined = 1, kCopiedUndefined = 2 };

// How an access was made, as the PTX ISA's memory model tells them apart:
// plain loads and stores are weak; volatile ones and atomic functions strong;
// __ldg's loads through the read-only data cache, texture fetches and
// surface reads are outside it ("The memory consistency model does not apply
// to texture (including ld.global.nc) and surface accesses"). A surface
// write is a plain write, told apart for the reports.
enum class AccessKind : unsigned char {
    Plain = 0, Volatile = 1, Atomic = 2, ReadOnlyCache = 3, TextureFetch = 4, SurfaceRead = 5, SurfaceWrite = 6
};

// One access, in 16 bytes. `site` is a code address in the program (a
// compiler-instrumented load or store) or a numbered source line (an atomic
// function), which the report turns into file:line (source_lines.cpp).
struct Access {
    std::uint32_t thread = 0;  // the thread's number in the grid, plus 1; 0: no access
    std::uint32_t epoch = 0;   // that thread's epoch when it made the access (racecheck.cpp)
    std::uint64_t site : 48;
    std::uint64_t bytes : 4;   // which of the granule's 4 bytes it touched
    std::uint64_t isWrite : 1;
    std::uint64_t kind : 3;    // AccessKind
    std::uint64_t blockScoped : 1;  // an atomic of block scope (atomicAdd_block)
    std::uint64_t moreReads : 1;    // in Granule::read: other concurrent reads are kept aside
    std::uint64_t checkedByCas : 1; // a plain read its thread then checked with atomicCAS
    std::uint64_t syncLocation : 1; // in Granule::write: a release was written here (a sync log exists)
    std::uint64_t release : 1;      // a strong write after a fence of its thread: a release pattern
    std::uint64_t readModifyWrite : 1;  // a plain write after its own thread's plain read of these bytes
    // A volatile store that its thread (or its block, after a barrier)
    // followed with a strong write to another location: one that write was
    // to publish, as a flag publishes data.
    std::uint64_t published : 1;
    std::uint64_t unused : 1;

    constexpr Access()
        : site(0), bytes(0), isWrite(0), kind(0), blockScoped(0), moreReads(0), checkedByCas(0), syncLocation(0),
          release(0), readModifyWrite(0), published(0), unused(0) {}
    constexpr Access(std::uint32_t thread, std::uint32_t epoch, std::uint64_t site, unsigned int bytes, bool isWrite)
        : thread(thread), epoch(epoch), site(site), bytes(bytes), isWrite(isWrite), kind(0), blockScoped(0),
          moreReads(0), checkedByCas(0), syncLocation(0), release(0), readModifyWrite(0), published(0), unused(0) {}

    // A plain access, as Access(thread, epoch, site, bytes, isWrite) makes
    // it, but built as the record's two words: the compiler builds each in
    // a register and stores it whole, where it merged each field into the
    // record in memory, reading back the word it was building (every plain
    // access makes one: racecheck.hpp's plainAccessOf()). The
    // fields' places are the ABI's (x86-64 and AArch64 alike: the first
    // field in the lowest bits), which plainAccessWordsHold() checks.
    static Access plain(std::uint32_t thread, std::uint32_t epoch, std::uint64_t site, unsigned int bytes,
                        bool isWrite) {
        const std::uint64_t words[2] = {thread | std::uint64_t{epoch} << 32, plainWord(site, bytes, isWrite)};
        Access access;
        std::memcpy(static_cast<void*>(&access), words, sizeof words);
        return access;
    }
    static constexpr std::uint64_t plainWord(std::uint64_t site, unsigned int bytes, bool isWrite) {
        return (site & ((std::uint64_t{1} << 48) - 1)) | std::uint64_t{bytes} << 48 | std::uint64_t{isWrite} << 52;
    }
};
static_assert(sizeof(Access) == 16, "an access record is 16 bytes");
// Whether Access::plain() builds the record Access's fields make, asked
// once, before a launch's first access (RaceCheck::beginLaunch()): a
// constant expression cannot take a bit-field's bits in every compiler.
inline bool plainAccessWordsHold() {
    const Access built = Access::plain(7, 9, 0xabcdef012345, 0xa, true);
    const Access fields(7, 9, 0xabcdef012345, 0xa, true);
    return std::memcmp(&built, &fields, sizeof built) == 0;
}

// Which block of a launch run on several workers touched a granule of global
// memory, and whether it wrote it (checks/block_sharing.hpp): shared between
// the worker processes, so that two blocks that touch the same bytes, one of
// them writing, are seen at once. Four bytes (block_sharing.cpp has its
// fields), as many as the granule it owns: block_reduce's 16 MiB input
// faulted in 32 MiB of them with eight.
using BlockOwner = std::uint32_t;

struct Granule {
    Access write;  // the last write
    Access read;   // the last read since that write (more, unordered with it, in racecheck.cpp's side table)
};

}  // namespace warp_emulator
