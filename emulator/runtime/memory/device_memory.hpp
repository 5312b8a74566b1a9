// device_memory.hpp: the emulator's device memory. Host memory stands in for
// it, carved out of one reserved range of addresses (the arena), so that one
// comparison tells device memory from any other. Each allocation starts on a
// page of its own and is followed by an unused gap, so that an index past its
// end lands in no allocation; a freed one stays unusable (and named) until
// the arena runs out, so that a use after cudaFree is seen as one. Every
// allocation is recorded with its element type and call site, so a report
// can name it.
//
// Two kinds of memory stand apart. Graph memory (a graph's allocation node,
// cudaMallocAsync on a capturing stream) has its address fixed when the node
// is made and is allocated each time the node runs: its room is reserved,
// and it is live only from its allocation node to its free. Registered host
// memory (cudaHostRegister) is the program's own, outside the arena: it is
// recorded beside it, with the shadows the race check needs, and a kernel
// may touch it while it stays registered.
//
// The device heap (memory/device_heap.hpp), where a kernel's malloc and new
// take memory, is a room of the arena made usable and shadowed whole: its
// blocks are allocations like the others, found, named and checked as they
// are, but placed by the heap, smaller than a page and closer together, with
// their shadows parts of the room's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "checks/shadow.hpp"
#include "warp_emulator/host/runtime_api.hpp"

namespace warp_emulator {

// The arena's bounds, for the one comparison every host access makes.
extern const char* deviceArenaStart;
extern const char* deviceArenaEnd;
inline bool inDeviceArena(const void* address) {
    const char* at = static_cast<const char*>(address);
    return at >= deviceArenaStart && at < deviceArenaEnd;
}

// Makes the pages of [start, start + bytes) present and writable in one
// call, ahead of a pass that writes all of it (a fresh allocation's poison,
// the definedness a copy sets): a fault for every 4 KiB page costs more, in a
// virtual machine most (block_reduce's 16 MiB input: about 4.5 ms of each
// 16 ms pass). Large ranges only; where the host cannot (Linux before 5.14),
// the pass takes its faults as before.
void prepareToWrite(void* start, size_t bytes);

struct Allocation {
    char* start = nullptr;
    size_t bytes = 0;
    MemoryKind kind = MemoryKind::Device;
    ElementType element;
    std::string origin;    // "cudaMalloc at shuffles.cu:412"
    std::string shape;     // a CUDA array's, "64x64 CUDA array of float"; else empty
    bool live = true;
    std::string freedBy;   // "cudaFree at shuffles.cu:430", once freed
    bool reserved = false; // graph memory: its room stays its own while its graph lives
    int sharedFile = -1;   // shared with another process (IPC): the memfd its pages are
    unsigned int hostFlags = 0;  // cudaHostAlloc's or cudaHostRegister's flags
    // The checks' shadows (shadow.hpp), made with the allocation. `defined`
    // only for MemoryKind::Device: managed and pinned host memory is the
    // host's too, and the host's own writes to it are not all seen.
    unsigned char* defined = nullptr;
    // Every byte defined, by a host call that wrote the whole allocation
    // (cudaMemcpy, cudaMemset): `defined` is then neither read nor written,
    // so that its pages are never made (block_reduce's 16 MiB input: 12 ms
    // of the program's before its launch), and a place in it has no
    // definedness, as managed memory's. InitCheck::spellOut() writes the
    // bytes out before anything makes one undefined again.
    bool wholeDefined = false;
    Granule* granules = nullptr;
    BlockOwner* owners = nullptr;  // the blocks of a launch on several workers that touched each granule
    bool touchedThisLaunch = false;
    // A block of the device heap (device_heap.hpp), from a kernel's malloc or
    // new: only a kernel's free or delete releases it, and its shadows are
    // the heap's room's, not its own.
    bool heapBlock = false;

    char* end() const { return start + bytes; }
    // The definedness of the byte at `offset`, where it is kept: null for
    // memory taken as defined (managed, pinned, registered, wholeDefined).
    unsigned char* definedAt(size_t offset) const {
        return defined != nullptr && !wholeDefined ? defined + offset : nullptr;
    }
    size_t granuleCount() const { return (bytes + kGranuleBytes - 1) / kGranuleBytes; }
    // "the int[100] from cudaMalloc at your.cu:12", "the 400 bytes from ...",
    // "the 64x64 CUDA array of float from cudaMallocArray at your.cu:12"
    std::string describe() const;
    // "the int[100]", "the 400 bytes": describe() without where it came from
    std::string name() const;
};

class DeviceMemory {
public:
    // Inline: the checks ask for it at every access.
    static DeviceMemory& instance() {
        static DeviceMemory* const memory = new DeviceMemory;
        return *memory;
    }

    // Null when the arena or the host has no room.
    void* allocate(size_t bytes, MemoryKind kind, ElementType element, std::string origin);
    // False when `start` is not a live allocation's start (a block of the
    // device heap is none: the host cannot free it).
    bool release(void* start, const std::string& freedBy);

    // The device heap's rooms (device_heap.hpp). makeHeapRoom() makes
    // `bytes` of the arena usable, with shadows for all of them, and keeps
    // every other allocation out of them; false when the arena or the host
    // has no room. addHeapBlock() records a block of `bytes` at `start`,
    // inside a room, with fresh shadows (undefined, never accessed) and its
    // bytes poisoned as cudaMalloc's are; forgetHeapBlocks() forgets the
    // freed blocks in [from, to), whose room the heap gives out again.
    struct HeapRoom {
        char* start = nullptr;
        size_t bytes = 0;
        Granule* granules = nullptr;
        BlockOwner* owners = nullptr;
        unsigned char* defined = nullptr;
    };
    bool makeHeapRoom(size_t bytes, HeapRoom* room);
    Allocation* addHeapBlock(const HeapRoom& room, char* start, size_t bytes, std::string origin);
    bool releaseHeapBlock(void* start, const std::string& freedBy);
    // Every owner (block_sharing.hpp) of every allocation, registered host
    // memory and heap room back to untouched: BlockSharing's attempts have
    // come round to a number their owners may still hold.
    void forgetOwners();
    void forgetHeapBlocks(const char* from, const char* to);

    // The race check forgets what a launch did to the allocation: its access
    // shadow is zeroes again.
    static void forgetAccesses(Allocation& allocation);

    // Graph memory: room for `bytes`, not yet live (`notYet` says why, as
    // freedBy does); revive() makes it live, as a fresh allocation of `bytes`
    // (no more than the room) at the same address; unreserve() gives its
    // room back once it is freed.
    void* reserve(size_t bytes, ElementType element, std::string origin, std::string notYet);
    bool revive(void* start, size_t bytes, ElementType element, std::string origin);
    void unreserve(void* start);

    // Registered host memory. registerHost() is null where the bytes overlap
    // memory registered already or the arena; unregisterHost() is false where
    // `start` is no registered range's start.
    Allocation* registerHost(void* start, size_t bytes, unsigned int flags, std::string origin);
    bool unregisterHost(void* start, const std::string& unregisteredBy);
    // The registered range, live or unregistered since, that holds `address`;
    // the closest one ending at or before it.
    Allocation* registeredHolding(const void* address);
    const Allocation* registeredBefore(const void* address) const;
    bool anyRegistered() const { return !registered_.empty(); }

    bool inArena(const void* address) const {
        const char* at = static_cast<const char*>(address);
        return at >= arena_ && at < arena_ + arenaBytes_;
    }
    // The allocation, live or freed, that holds `address`; null in a gap.
    // Inline where it is the one found last, as it mostly is.
    Allocation* holding(const void* address) {
        const char* at = static_cast<const char*>(address);
        if (lastFound_ != nullptr && at >= lastFound_->start &&
            at < lastFound_->start + (lastFound_->bytes == 0 ? 1 : lastFound_->bytes)) {
            return lastFound_;
        }
        return search(address);
    }
    // The live allocation holding all of [address, address + bytes); null otherwise.
    Allocation* liveHolding(const void* address, size_t bytes);
    // The allocations next to `address`, for a report: the closest one
    // ending at or before it, and the closest one starting after it.
    const Allocation* before(const void* address) const;
    const Allocation* after(const void* address) const;

    // Memory shared between processes (IPC). share() moves a live
    // allocation's pages into a memfd, at the same address, and gives its
    // descriptor (-1 where the host refuses); mapShared() maps another
    // process's, opened at `path`, into a new allocation. Both are taken as
    // defined from then on: the other process's writes are not seen.
    int share(void* start);
    void* mapShared(const char* path, size_t bytes, std::string origin);

    // Every live allocation, and every registered host range.
    template <typename Visit>
    void forEachLive(Visit visit) {
        for (auto* map : {&allocations_, &registered_}) {
            for (auto& [start, allocation] : *map) {
                if (allocation.live) {
                    visit(allocation);
                }
            }
        }
    }

    // The bytes of the shadows of `bytes` of memory.
    static size_t granuleShadowBytes(size_t bytes);
    static size_t ownerShadowBytes(size_t bytes);

private:
    char* arena_ = nullptr;
    size_t arenaBytes_ = 0;
    size_t next_ = 0;                                 // where the next allocation may start
    std::map<std::uintptr_t, Allocation> allocations_;  // live and freed, by start
    std::map<std::uintptr_t, Allocation> registered_;   // registered host memory, by start
    std::vector<HeapRoom> heapRooms_;                   // the device heap's
    Allocation* lastFound_ = nullptr;

    DeviceMemory();
    char* place(size_t reserved);
    // The start of the first heap room at or after `at`, or null.
    const char* heapRoomFrom(const char* at) const;
    Allocation* search(const void* address);
    // Makes `allocation`'s pages usable and its shadows; false when the host has no room.
    bool makeUsable(Allocation& allocation);
};

}  // namespace warp_emulator
