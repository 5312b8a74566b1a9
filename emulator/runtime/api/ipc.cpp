// ipc.cpp: device memory and events shared between processes
// (warp_emulator/host/ipc_api.hpp). A memory handle names the memfd that
// holds the allocation's pages in the process that made it; another process
// opens it through /proc (the one that made it must still be running).
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "api/api_state.hpp"
#include "api/stream_work.hpp"
#include "memory/device_memory.hpp"
#include "reporting/text.hpp"
#include "warp_emulator/host/runtime_api.hpp"

using warp_emulator::api;
using warp_emulator::DeviceLock;

namespace {

constexpr char kMemoryMagic[8] = "WEIPCM1";
constexpr char kEventMagic[8] = "WEIPCE1";

// What a memory handle holds.
struct SharedMemory {
    char magic[8];
    int process;
    int file;
    unsigned long long bytes;
};
static_assert(sizeof(SharedMemory) <= sizeof(cudaIpcMemHandle_t), "a handle holds it");

}  // namespace

cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t* handle, void* pointer) {
    const DeviceLock lock;
    if (handle == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    warp_emulator::DeviceMemory& memory = warp_emulator::DeviceMemory::instance();
    const warp_emulator::Allocation* allocation = warp_emulator::inDeviceArena(pointer) ? memory.holding(pointer) : nullptr;
    if (allocation == nullptr || !allocation->live || allocation->start != pointer ||
        allocation->kind != warp_emulator::MemoryKind::Device || allocation->heapBlock) {
        return api().answer(cudaErrorInvalidValue);  // the start of memory from cudaMalloc
    }
    const int file = memory.share(pointer);
    if (file < 0) {
        return api().answer(cudaErrorMemoryAllocation);
    }
    SharedMemory shared{};
    std::memcpy(shared.magic, kMemoryMagic, sizeof shared.magic);
    shared.process = static_cast<int>(getpid());
    shared.file = file;
    shared.bytes = allocation->bytes;
    std::memset(handle, 0, sizeof *handle);
    std::memcpy(handle, &shared, sizeof shared);
    return cudaSuccess;
}

cudaError_t cudaIpcOpenMemHandle(void** pointer, cudaIpcMemHandle_t handle, unsigned int flags, const char* file,
                                 int line) {
    const DeviceLock lock;
    SharedMemory shared;
    std::memcpy(&shared, &handle, sizeof shared);
    if (pointer == nullptr || flags > cudaIpcMemLazyEnablePeerAccess ||
        std::memcmp(shared.magic, kMemoryMagic, sizeof shared.magic) != 0) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (shared.process == static_cast<int>(getpid())) {
        return api().answer(cudaErrorDeviceUninitialized);  // "invalid device context": a process cannot open its own handle
    }
    const std::string path = "/proc/" + std::to_string(shared.process) + "/fd/" + std::to_string(shared.file);
    *pointer = warp_emulator::DeviceMemory::instance().mapShared(
        path.c_str(), static_cast<size_t>(shared.bytes),
        "cudaIpcOpenMemHandle at " + warp_emulator::siteText(file, line) + " (process " +
            std::to_string(shared.process) + "'s memory)");
    if (*pointer == nullptr) {
        return api().answer(cudaErrorMapBufferObjectFailed);  // that process has ended, or freed it
    }
    return cudaSuccess;
}

cudaError_t cudaIpcCloseMemHandle(void* pointer, const char* file, int line) {
    warp_emulator::runQueuedWork();  // queued work may still reach the memory
    return warp_emulator::release(pointer, warp_emulator::MemoryKind::Device, "cudaIpcCloseMemHandle", file, line);
}

cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t* handle, cudaEvent_t event) {
    if (handle == nullptr || event == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if ((event->flags & cudaEventInterprocess) == 0) {
        return api().answer(cudaErrorInvalidResourceHandle);
    }
    std::memset(handle, 0, sizeof *handle);
    std::memcpy(handle, kEventMagic, sizeof kEventMagic);
    return cudaSuccess;
}

cudaError_t cudaIpcOpenEventHandle(cudaEvent_t* event, cudaIpcEventHandle_t handle) {
    if (event == nullptr || std::memcmp(&handle, kEventMagic, sizeof kEventMagic) != 0) {
        return api().answer(cudaErrorInvalidValue);
    }
    return cudaEventCreateWithFlags(event, cudaEventDisableTiming | cudaEventInterprocess);
}
