// spaces.hpp: the memories a kernel reaches besides device allocations
// (device_memory.hpp), and the shadows the checks keep of them (shadow.hpp):
//   __shared__ variables  the program's section of them, one copy, refilled
//                         with 0xff poison when each block starts (an
//                         unwritten float reads NaN, an int -1)
//   dynamic shared memory one buffer, of which a launch gets the bytes its
//                         <<<>>> gave, refilled the same way
//   __device__ variables  the program's .data and .bss (less the emulator's own)
// Each block's shared memory is its own: its shadows start empty and
// undefined when the block starts.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "checks/shadow.hpp"
#include "memory/symbols.hpp"

namespace warp_emulator {

// The most dynamic shared memory a block may opt in to (sm_90), and what it
// gets without opting in: evidence/gpu-answers-h200.txt.
constexpr size_t kMaxSharedBytesOptIn = 232448;
constexpr size_t kSharedBytesWithoutOptIn = 49152;

// A block's shared memory as it left it: its bytes and which of them it had
// written, while another block runs (a cooperative launch's grid barrier).
struct SharedImage {
    std::vector<unsigned char> bytes;    // the __shared__ variables, one after another, then the dynamic bytes
    std::vector<unsigned char> defined;  // by byte, as bytes
};

class Spaces {
public:
    // Inline: the checks ask for it at every access.
    static Spaces& get() {
        static Spaces* const spaces = made_ = new Spaces;
        return *spaces;
    }
    // get()'s, for the checks of a kernel's accesses, which run only after
    // the launch's MemoryChecks::beginLaunch() has asked get(): no guard
    // variable to test on the path of every access.
    static Spaces& made() { return *made_; }

    MemoryRange staticShared() const { return staticShared_; }
    char* dynamicShared() const { return dynamicShared_; }

    // A new block: shared memory poisoned, its shadows emptied.
    void beginBlock(size_t dynamicBytes);
    // A block held at the grid barrier, and taken up again: its bytes and
    // their definedness come back (as a block of its own, with a new serial);
    // its shadow of accesses starts empty, since the grid barrier ordered them all.
    void saveBlock(SharedImage* image) const;
    void restoreBlock(const SharedImage& image);
    // A new launch: the shadows of __device__ variables emptied of accesses.
    void beginLaunch();
    // The __device__ variables' owners back to untouched (DeviceMemory::forgetOwners()).
    void forgetOwners();

    // The block now running, counted over the whole program: a shared byte
    // is defined when the block that wrote it is this one.
    std::uint32_t blockSerial() const { return blockSerial_; }

    // The shadows of a shared byte or a __device__ variable's byte.
    // Inline: every access to shared memory asks for both.
    std::uint32_t* sharedDefined(const char* address) {
        if (staticShared_.holds(address)) {
            return &staticDefined_[static_cast<size_t>(address - staticShared_.start)];
        }
        return &dynamicDefined_[static_cast<size_t>(address - dynamicShared_)];
    }
    // The granules of shared memory are counted from the start of their area,
    // which the section and the buffer each align to 16 bytes.
    Granule* sharedGranule(const char* address, std::uintptr_t* granuleAddress) {
        const bool isStatic = staticShared_.holds(address);
        const char* start = isStatic ? staticShared_.start : dynamicShared_;
        const size_t index = static_cast<size_t>(address - start) / kGranuleBytes;
        *granuleAddress = reinterpret_cast<std::uintptr_t>(start) + index * kGranuleBytes;
        std::vector<Granule>& granules = isStatic ? staticGranules_ : dynamicGranules_;
        size_t& touched = isStatic ? staticTouchedEnd_ : dynamicTouchedEnd_;
        // An access spans at most 16 bytes: 5 granules from here.
        touched = std::min(std::max(touched, index + 5), granules.size());
        return &granules[index];
    }
    // Both, for an address in the __shared__ variables' section (the
    // commonest access's): the section asked of once.
    Granule* staticSharedShadows(const char* address, std::uint32_t** defined, std::uintptr_t* granuleAddress) {
        const size_t offset = static_cast<size_t>(address - staticShared_.start);
        *defined = &staticDefined_[offset];
        const size_t index = offset / kGranuleBytes;
        *granuleAddress = reinterpret_cast<std::uintptr_t>(staticShared_.start) + index * kGranuleBytes;
        if (index + 5 > staticTouchedEnd_) {  // as sharedGranule() says, asked first: it rarely moves
            staticTouchedEnd_ = std::min(index + 5, staticGranules_.size());
        }
        return &staticGranules_[index];
    }
    Granule* variableGranule(const char* address, std::uintptr_t* granuleAddress, BlockOwner** owner);

private:
    MemoryRange staticShared_;
    char* dynamicShared_ = nullptr;
    size_t dynamicBytes_ = 0;
    std::uint32_t blockSerial_ = 0;
    std::vector<std::uint32_t> staticDefined_, dynamicDefined_;
    std::vector<Granule> staticGranules_, dynamicGranules_;
    struct VariableShadow {
        MemoryRange range;
        std::vector<Granule> granules;
        BlockOwner* owners;  // in memory a launch's workers share (block_sharing.hpp)
    };
    std::vector<VariableShadow> variables_;
    // The granules a block or launch touched, to empty only those.
    size_t staticTouchedEnd_ = 0, dynamicTouchedEnd_ = 0;
    bool variablesTouched_ = false;

    static inline Spaces* made_ = nullptr;

    Spaces();
};

}  // namespace warp_emulator
