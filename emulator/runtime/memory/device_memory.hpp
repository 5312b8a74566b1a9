// device_memory.hpp: the emulator's device memory. Host memory stands in for
// it, carved out of one reserved range of addresses (the arena), so that one
// comparison tells device memory from any other. Each allocation starts on a
// page of its own and is followed by an unused gap, so that an index past its
// end lands in no allocation; a freed one stays unusable (and named) until
// the arena runs out, so that a use after cudaFree is seen as one. Every
// allocation is recorded with its element type and call site, so a report
// can name it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

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

struct Allocation {
    char* start = nullptr;
    size_t bytes = 0;
    MemoryKind kind = MemoryKind::Device;
    ElementType element;
    std::string origin;    // "cudaMalloc at shuffles.cu:412"
    bool live = true;
    std::string freedBy;   // "cudaFree at shuffles.cu:430", once freed
    // The checks' shadows (shadow.hpp), made with the allocation. `defined`
    // only for MemoryKind::Device: managed and pinned host memory is the
    // host's too, and the host's own writes to it are not all seen.
    unsigned char* defined = nullptr;
    Granule* granules = nullptr;
    BlockOwner* owners = nullptr;  // the blocks of a launch on several workers that touched each granule
    bool touchedThisLaunch = false;

    char* end() const { return start + bytes; }
    size_t granuleCount() const { return (bytes + kGranuleBytes - 1) / kGranuleBytes; }
    // "the int[100] from cudaMalloc at your.cu:12", "the 400 bytes from ..."
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
    // False when `start` is not a live allocation's start.
    bool release(void* start, const std::string& freedBy);

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

    template <typename Visit>
    void forEachLive(Visit visit) {
        for (auto& [start, allocation] : allocations_) {
            if (allocation.live) {
                visit(allocation);
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
    Allocation* lastFound_ = nullptr;

    DeviceMemory();
    char* place(size_t reserved);
    Allocation* search(const void* address);
};

}  // namespace warp_emulator
