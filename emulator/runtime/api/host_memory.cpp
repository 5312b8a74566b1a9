// host_memory.cpp: host memory kernels may reach: registration, flags and
// device pointers (warp_emulator/host/host_memory_api.hpp). The registered
// ranges themselves, with their shadows, are device_memory.hpp's; memcheck.cpp
// checks a kernel's accesses to them.
#include <cstdio>
#include <string>

#include "api/api_state.hpp"
#include "api/stream_work.hpp"
#include "memory/device_memory.hpp"
#include "reporting/text.hpp"
#include "warp_emulator/host/runtime_api.hpp"

using warp_emulator::api;
using warp_emulator::DeviceLock;

namespace {

// Pinned or registered host memory, live, holding `pointer`; or null.
const warp_emulator::Allocation* hostMemoryHolding(const void* pointer) {
    warp_emulator::DeviceMemory& memory = warp_emulator::DeviceMemory::instance();
    const warp_emulator::Allocation* allocation =
        warp_emulator::inDeviceArena(pointer) ? memory.holding(pointer) : memory.registeredHolding(pointer);
    if (allocation == nullptr || !allocation->live ||
        (allocation->kind != warp_emulator::MemoryKind::HostPinned &&
         allocation->kind != warp_emulator::MemoryKind::HostRegistered)) {
        return nullptr;
    }
    return allocation;
}

}  // namespace

cudaError_t cudaHostRegister(void* pointer, size_t bytes, unsigned int flags, const char* file, int line) {
    const DeviceLock lock;
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (pointer == nullptr || bytes == 0 ||
        (flags & ~(cudaHostRegisterPortable | cudaHostRegisterMapped | cudaHostRegisterIoMemory |
                   cudaHostRegisterReadOnly)) != 0) {
        return api().answer(cudaErrorInvalidValue);
    }
    if ((flags & cudaHostRegisterIoMemory) != 0) {
        std::fprintf(stderr, "warp emulator: cudaHostRegister of I/O memory (cudaHostRegisterIoMemory) is not emulated\n");
        return api().answer(cudaErrorNotSupported);
    }
    warp_emulator::DeviceMemory& memory = warp_emulator::DeviceMemory::instance();
    const std::string origin = "cudaHostRegister at " + warp_emulator::siteText(file, line);
    if (memory.registerHost(pointer, bytes, flags, origin) == nullptr) {
        // It overlaps memory registered already, or pinned memory of the runtime's own.
        return api().answer(cudaErrorHostMemoryAlreadyRegistered);
    }
    return cudaSuccess;
}

cudaError_t cudaHostUnregister(void* pointer, const char* file, int line) {
    warp_emulator::runQueuedWork();  // queued work may still reach the memory
    const DeviceLock lock;
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (!warp_emulator::DeviceMemory::instance().unregisterHost(
            pointer, "cudaHostUnregister at " + warp_emulator::siteText(file, line))) {
        return api().answer(cudaErrorHostMemoryNotRegistered);
    }
    return cudaSuccess;
}

cudaError_t cudaHostGetFlags(unsigned int* flags, void* pointer) {
    const DeviceLock lock;
    const warp_emulator::Allocation* allocation = hostMemoryHolding(pointer);
    if (flags == nullptr || allocation == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *flags = allocation->hostFlags;
    return cudaSuccess;
}

cudaError_t cudaHostGetDevicePointer(void** devicePointer, void* hostPointer, unsigned int flags) {
    const DeviceLock lock;
    if (devicePointer == nullptr || flags != 0 || hostMemoryHolding(hostPointer) == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *devicePointer = hostPointer;
    return api().answer(cudaSuccess);
}
