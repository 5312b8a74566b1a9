// address_spaces.hpp: the Programming Guide's address space predicates
// (__isGlobal, __isShared, __isConstant, __isLocal, __isGridConstant) and
// conversions (__cvta_generic_to_* and __cvta_*_to_generic), answered by the
// runtime (runtime/device/address_spaces.cpp), which knows where each memory
// of the emulator lies:
//   global    device allocations (the arena: cudaMalloc, cudaMallocManaged,
//             cudaMallocHost, the device heap), registered host memory, and
//             the program's global variables (__device__ and __constant__ ones)
//   shared    the __shared__ variables' section and the dynamic shared buffer
//   local     the threads' stacks
// What the emulator cannot tell apart, it says as it is:
//   __constant__ is an empty keyword here (keywords.hpp), so a __constant__
//             variable is a global variable: __isGlobal is 1 for it and
//             __isConstant is 0 for every address, where a GPU says 1.
//   __grid_constant__ is empty too, and a kernel's parameter is a copy on the
//             thread's stack: __isGridConstant is 0 for every address, and
//             __isLocal is 1 for a parameter's address, where a GPU says
//             __isGridConstant 1.
// The conversions, whose raw values a program may only convert back:
//   global, constant, grid_constant  the address itself (as cvta.to.global is on a GPU)
//   shared    an offset in a window of the emulator's own: the __shared__
//             section's bytes from 0, then the dynamic shared memory from the
//             section's size rounded up to 16; __cvta_shared_to_generic of
//             it gives the same pointer back
//   local     the offset in the running thread's stack, given back as a
//             pointer into the running thread's stack
// A pointer that is not of the space converted from gives its own address.
#pragma once

#include <cstddef>
#include <cstdint>

namespace warp_emulator {

enum class AddressSpace : unsigned char { Global, Shared, Constant, Local, GridConstant };

// Whether `address` lies in `space`, as the running thread sees it.
bool inAddressSpace(AddressSpace space, const void* address);
// The raw value cvta gives for `address` in `space`, and the address that value stands for.
std::uint64_t toAddressSpace(AddressSpace space, const void* address);
void* fromAddressSpace(AddressSpace space, std::uint64_t raw);

}  // namespace warp_emulator

inline unsigned int __isGlobal(const void* ptr) { return warp_emulator::inAddressSpace(warp_emulator::AddressSpace::Global, ptr); }
inline unsigned int __isShared(const void* ptr) { return warp_emulator::inAddressSpace(warp_emulator::AddressSpace::Shared, ptr); }
inline unsigned int __isConstant(const void* ptr) { return warp_emulator::inAddressSpace(warp_emulator::AddressSpace::Constant, ptr); }
inline unsigned int __isLocal(const void* ptr) { return warp_emulator::inAddressSpace(warp_emulator::AddressSpace::Local, ptr); }
inline unsigned int __isGridConstant(const void* ptr) {
    return warp_emulator::inAddressSpace(warp_emulator::AddressSpace::GridConstant, ptr);
}

#define WARP_EMULATOR_CVTA(space, Space)                                                                        \
    inline size_t __cvta_generic_to_##space(const void* ptr) {                                                \
        return static_cast<size_t>(warp_emulator::toAddressSpace(warp_emulator::AddressSpace::Space, ptr));   \
    }                                                                                                          \
    inline void* __cvta_##space##_to_generic(size_t rawbits) {                                                \
        return warp_emulator::fromAddressSpace(warp_emulator::AddressSpace::Space, rawbits);                  \
    }
WARP_EMULATOR_CVTA(global, Global)
WARP_EMULATOR_CVTA(shared, Shared)
WARP_EMULATOR_CVTA(constant, Constant)
WARP_EMULATOR_CVTA(local, Local)
WARP_EMULATOR_CVTA(grid_constant, GridConstant)
#undef WARP_EMULATOR_CVTA
