// memcheck.hpp: may this thread touch these bytes at all? compute-sanitizer's
// memcheck asks it of every access on a GPU ("is this access inside a live
// allocation?"); here every load and store the kernel's code makes asks it.
//
// A kernel may touch: its own thread's local memory (its stack); the
// __shared__ variables and the dynamic shared memory its launch gave (only
// the bytes of a variable it names: an index past one lands in no variable,
// or, where two are neighbours, in the next, which the emulator cannot tell
// from a real access to it); device memory from cudaMalloc and its kin, and
// the device heap's blocks (a kernel's malloc or new), live; host memory the
// program registered (cudaHostRegister), while registered; the program's
// __device__ variables; and read-only constants (virtual tables among them).
// Anything else is an invalid access: past an allocation's end (each is
// followed by a gap in which nothing lies), after cudaFree or a kernel's free,
// through a null pointer, into host memory (a pointer from the host's malloc
// or new, a host array) that is not registered,
// another thread's local memory, or a write to read-only data.
//
// The kernel then stops, as a GPU's does ("an illegal memory access was
// encountered"): the thread that made the access never goes on, no other
// thread of the launch runs again, and the runtime API answers
// cudaErrorIllegalAddress from then on, as a GPU's context does, until
// cudaDeviceReset(). An atomic function on an address not a multiple of its
// size stops it with cudaErrorMisalignedAddress.
#pragma once

#include <cstdint>
#include <string>

#include "memory/device_memory.hpp"
#include "checks/memory_checks.hpp"
#include "memory/spaces.hpp"
#include "memory/symbols.hpp"

namespace warp_emulator {

enum class Space : unsigned char { Local, Shared, DynamicShared, Global, DeviceVariable, ReadOnly };

// Where an access lands, with the shadows of its bytes (shadow.hpp).
struct Place {
    Space space = Space::Local;
    char* address = nullptr;
    size_t bytes = 0;
    Allocation* allocation = nullptr;     // Global
    const NamedObject* object = nullptr;  // a __shared__ variable, or a __device__ one (when the symbol table names it)
    unsigned char* defined = nullptr;     // Global from cudaMalloc: the definedness of `address`
    std::uint32_t* definedInBlock = nullptr;  // Shared: for each byte, the block that last wrote it
    Granule* granules = nullptr;          // the granule of `address`, and those after it
    std::uintptr_t granuleAddress = 0;    // the address that granule stands for
    BlockOwner* owners = nullptr;         // Global, DeviceVariable: the owner of that granule (block_sharing.hpp)

    // The access lands in __shared__ variable `variable`, at `at`: the
    // block's definedness and granules of its bytes (locate() and
    // locateCommon() both say so).
    void inSharedVariable(const NamedObject* variable, char* at) {
        space = Space::Shared;
        object = variable;
        granules = Spaces::made().staticSharedShadows(at, &definedInBlock, &granuleAddress);
    }

    // "element 7 of the float[100] from cudaMalloc at x.cu:5", "the __shared__ variable tile (bytes 8-11)"
    std::string describe() const;
    // "the float[100] from cudaMalloc at x.cu:5": the object alone, for keys and messages
    std::string objectName() const;
    // "element 7 of the float[100]": describe() without the line that
    // allocated the memory, for a message that names the lines of accesses
    std::string position() const;
    // "the float[100] was allocated by cudaMalloc at x.cu:5", or "" where no
    // call of the host's allocated it (shared memory, a __device__ variable)
    std::string allocatedAt() const;
};

class MemCheck {
public:
    // Where the access lands. Stops the kernel, and does not return, when the
    // access is invalid.
    static Place locate(const AccessRequest& access);
    // The same for the commonest places, quickly; false where it cannot tell
    // (then locate() is asked). Inline: every access asks it.
    static bool locateCommon(const AccessRequest& access, Place& place);
    // locateCommon() past the thread's own stack and the alignment: a
    // __shared__ variable or a live allocation that holds every byte.
    static bool locateSharedOrGlobal(char* at, size_t bytes, Place& place);
    // The text of an access: "read of 4 bytes at x.cu:12" (site still a token).
    static std::string accessText(const AccessRequest& access);

    // How far past the last __shared__ variable an access still counts as one
    // past its end, rather than as one into host memory.
    static constexpr size_t kSharedSlack = 4096;
};

// The places nearly every access lands in, found in a few comparisons: the
// thread's own stack, a live allocation that holds every byte of it, a
// __shared__ variable that does. Fills `place` as locate() would. False,
// where the access lands elsewhere or is invalid: locate() then says which.
inline bool MemCheck::locateCommon(const AccessRequest& access, Place& place) {
    char* const at = static_cast<char*>(access.address);
    const std::uintptr_t number = reinterpret_cast<std::uintptr_t>(at);
    place.address = at;
    place.bytes = access.bytes;
    if (at >= localMemoryStart && at + access.bytes <= localMemoryEnd) {
        place.space = Space::Local;
        return true;
    }
    // A power of two, as a GPU's loads, stores and atomics are: a mask, not a division.
    const std::uintptr_t alignment = access.bytes;
    if ((access.kind == AccessKind::Atomic || access.naturallyAligned) &&
        ((alignment & (alignment - 1)) == 0 ? number & (alignment - 1) : number % alignment) != 0) {
        return false;
    }
    return locateSharedOrGlobal(at, access.bytes, place);
}

inline bool MemCheck::locateSharedOrGlobal(char* at, size_t bytes, Place& place) {
    // In locate()'s order, though the places do not overlap.
    Spaces& spaces = Spaces::made();
    const MemoryRange shared = spaces.staticShared();
    if (shared.bytes != 0 && at >= shared.start && at < shared.start + shared.bytes + kSharedSlack) {
        const NamedObject* variable = SymbolTable::made().sharedVariableAt(at);
        const bool within = variable != nullptr && at + bytes <= variable->start + variable->bytes;
        if (!within) {
            return false;
        }
        place.inSharedVariable(variable, at);
        return true;
    }
    const char* dynamic = spaces.dynamicShared();
    DeviceMemory& memory = DeviceMemory::instance();
    if ((at >= dynamic && at < dynamic + kMaxSharedBytesOptIn) || !memory.inArena(at)) {
        return false;
    }
    Allocation* allocation = memory.holding(at);
    if (allocation == nullptr || !allocation->live || at + bytes > allocation->end()) {
        return false;
    }
    const size_t offset = static_cast<size_t>(at - allocation->start);
    place.space = Space::Global;
    place.allocation = allocation;
    allocation->touchedThisLaunch = true;
    place.defined = allocation->definedAt(offset);
    place.granules = allocation->granules + offset / kGranuleBytes;
    place.owners = allocation->owners + offset / kGranuleBytes;
    place.granuleAddress = reinterpret_cast<std::uintptr_t>(allocation->start) + offset / kGranuleBytes * kGranuleBytes;
    return true;
}

}  // namespace warp_emulator
