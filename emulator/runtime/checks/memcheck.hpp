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
    // (then locate() is asked).
    static bool locateCommon(const AccessRequest& access, Place& place);
    // The text of an access: "read of 4 bytes at x.cu:12" (site still a token).
    static std::string accessText(const AccessRequest& access);
};

}  // namespace warp_emulator
