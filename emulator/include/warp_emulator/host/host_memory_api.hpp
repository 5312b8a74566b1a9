// host_memory_api.hpp: host memory that kernels may reach, as a host
// program calls it (runtime/api/host_memory.cpp): the program's own memory
// registered with cudaHostRegister, and its flags and device address.
// (cudaMallocHost and cudaHostAlloc, which allocate it, are in memory_api.hpp.)
//
// Registered memory is the host's: a kernel may read and write it at the
// same address (the H200 has unified addressing, so every registration is
// mapped), its bytes are taken as defined (the host's own writes to it are
// not seen), and a kernel's accesses to it are checked for bounds and races
// as device memory's are. Once cudaHostUnregister has run, a kernel's access
// to it is an invalid access, naming both calls.
#pragma once

#include <cstddef>

#include "../device/kernel_calls.hpp"
#include "runtime_types.hpp"

constexpr unsigned int cudaHostRegisterDefault = 0x0;
constexpr unsigned int cudaHostRegisterPortable = 0x1;
constexpr unsigned int cudaHostRegisterMapped = 0x2;
constexpr unsigned int cudaHostRegisterIoMemory = 0x4;
constexpr unsigned int cudaHostRegisterReadOnly = 0x8;

// `bytes` bytes from `pointer`, which must not overlap memory registered
// already (cudaErrorHostMemoryAlreadyRegistered) nor be the emulator's own
// device memory. I/O memory is not emulated.
cudaError_t cudaHostRegister(void* pointer, size_t bytes, unsigned int flags, WARP_EMULATOR_SITE);
// `pointer` must be where a registration starts (cudaErrorHostMemoryNotRegistered).
cudaError_t cudaHostUnregister(void* pointer, WARP_EMULATOR_SITE);
// The flags of cudaHostAlloc or cudaHostRegister for the memory holding `pointer`.
cudaError_t cudaHostGetFlags(unsigned int* flags, void* pointer);
// Pinned and registered host memory is the kernel's to reach at the same address.
cudaError_t cudaHostGetDevicePointer(void** devicePointer, void* hostPointer, unsigned int flags);
// cuda_runtime.h's C++ overload, for a typed pointer.
template <typename T>
cudaError_t cudaHostGetDevicePointer(T** devicePointer, void* hostPointer, unsigned int flags) {
    return cudaHostGetDevicePointer(reinterpret_cast<void**>(devicePointer), hostPointer, flags);
}
