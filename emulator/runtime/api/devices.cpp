// devices.cpp: the device, its properties and attributes, errors,
// synchronisation and limits (warp_emulator/host/device_api.hpp).
// Where the runtime API of a GPU refuses a call, so does this one, with the
// same error; after a kernel stopped (an invalid access, a failed assert)
// every call answers that error (api_state.hpp).
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "api/api_state.hpp"
#include "api/stream_work.hpp"
#include "api/h200_properties.hpp"
#include "memory/device_heap.hpp"
#include "memory/device_memory.hpp"
#include "memory/spaces.hpp"
#include "warp_emulator/host/runtime_api.hpp"

namespace warp_emulator {

namespace {

// The device name the report prints: what this is, and what it cannot know.
constexpr const char* kDeviceName = "CPU warp emulator [registers and local/thread unknown, shown as 0]";

}  // namespace

}  // namespace warp_emulator

// The compute capability each .cu file was compiled for (its -arch:
// include/warp_emulator/cuda_source.hpp), absent from a program with none.
extern "C" __attribute__((weak)) const int warp_emulator_compiled_arch;

namespace warp_emulator {

namespace {

// The compute capability the device reports: the one the program was
// compiled for, or without one the emulator's own, 8.0 (independent thread
// scheduling, 7.0, and the __reduce_*_sync intrinsics, 8.0).
int computeCapability() { return &warp_emulator_compiled_arch != nullptr ? warp_emulator_compiled_arch / 10 : 80; }

// Host memory available now: MemAvailable, the kernel's own estimate.
size_t availableHostBytes() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    unsigned long long kib = 0;
    std::string unit;
    while (meminfo >> key >> kib >> unit) {
        if (key == "MemAvailable:") {
            return static_cast<size_t>(kib) * 1024;
        }
    }
    return static_cast<size_t>(sysconf(_SC_AVPHYS_PAGES)) * static_cast<size_t>(sysconf(_SC_PAGESIZE));
}

size_t physicalBytes() { return static_cast<size_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<size_t>(sysconf(_SC_PAGESIZE)); }

}  // namespace

}  // namespace warp_emulator

using warp_emulator::api;

cudaError_t cudaGetDeviceCount(int* count) {
    *count = 1;
    return api().answer(cudaSuccess);
}
cudaError_t cudaSetDevice(int device) { return api().answer(device == 0 ? cudaSuccess : cudaErrorInvalidDevice); }
cudaError_t cudaGetDevice(int* device) {
    *device = 0;
    return api().answer(cudaSuccess);
}
cudaError_t cudaSetDeviceFlags(unsigned int flags) {
    if ((flags & ~cudaDeviceMask) != 0 || (flags & cudaDeviceScheduleMask) > cudaDeviceScheduleBlockingSync ||
        (flags & cudaDeviceScheduleMask) == 3) {
        return api().answer(cudaErrorInvalidValue);
    }
    api().deviceFlags = flags;
    return api().answer(cudaSuccess);
}
// Host memory is always mapped (unified addressing), as a GPU of today says.
cudaError_t cudaGetDeviceFlags(unsigned int* flags) {
    if (flags == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *flags = api().deviceFlags | cudaDeviceMapHost;
    return api().answer(cudaSuccess);
}
cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags) {
    if (device != 0) {
        return api().answer(cudaErrorInvalidDevice);
    }
    return flags != 0 ? cudaSetDeviceFlags(deviceFlags) : api().answer(cudaSuccess);
}
cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp* properties) {
    if (device == nullptr || properties == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *device = 0;
    return api().answer(cudaSuccess);
}
// The bus of the emulator's one device: what cudaDevAttrPciBusId and its kin say.
cudaError_t cudaDeviceGetPCIBusId(char* busId, int length, int device) {
    if (busId == nullptr || length <= 0) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (device != 0) {
        return api().answer(cudaErrorInvalidDevice);
    }
    cudaDeviceProp properties{};
    warp_emulator::h200Properties(&properties);
    std::snprintf(busId, static_cast<size_t>(length), "%08X:%02X:%02X.0", static_cast<unsigned int>(properties.pciDomainID),
                  static_cast<unsigned int>(properties.pciBusID), static_cast<unsigned int>(properties.pciDeviceID));
    return api().answer(cudaSuccess);
}
cudaError_t cudaDeviceGetByPCIBusId(int* device, const char* busId) {
    char own[32];
    if (device == nullptr || busId == nullptr || cudaDeviceGetPCIBusId(own, sizeof own, 0) != cudaSuccess) {
        return api().answer(cudaErrorInvalidValue);
    }
    // Compared without the domain, which may be left out ("bus:device.function").
    const std::string given(busId), ours(own);
    if (ours.size() < given.size() || ours.compare(ours.size() - given.size(), given.size(), given) != 0) {
        return api().answer(cudaErrorInvalidDevice);
    }
    *device = 0;
    return api().answer(cudaSuccess);
}
// The CUDA version the emulator stands for: 13.0, in the runtime's encoding.
cudaError_t cudaDriverGetVersion(int* version) {
    *version = 13000;
    return cudaSuccess;
}
cudaError_t cudaRuntimeGetVersion(int* version) {
    *version = 13000;
    return cudaSuccess;
}

// The device is an H200, as far as a program asks (h200_properties.cpp), but
// for what the emulator is: its name, the compute capability it was compiled
// for, the host's memory where that is less than the H200's, and shared
// memory as a block of the emulator gets it (spaces.hpp).
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* properties, int device) {
    if (properties == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (device != 0) {
        return api().answer(cudaErrorInvalidDevice);
    }
    *properties = cudaDeviceProp{};
    warp_emulator::h200Properties(properties);
    std::snprintf(properties->name, sizeof properties->name, "%s", warp_emulator::kDeviceName);
    properties->major = warp_emulator::computeCapability() / 10;
    properties->minor = warp_emulator::computeCapability() % 10;
    properties->totalGlobalMem = std::min(properties->totalGlobalMem, warp_emulator::physicalBytes());
    properties->sharedMemPerBlock = warp_emulator::kSharedBytesWithoutOptIn;
    properties->sharedMemPerBlockOptin = warp_emulator::kMaxSharedBytesOptIn;
    return api().answer(cudaSuccess);
}

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device) {
    if (value == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (device != 0) {
        return api().answer(cudaErrorInvalidDevice);
    }
    switch (attribute) {
        case cudaDevAttrComputeCapabilityMajor: *value = warp_emulator::computeCapability() / 10; break;
        case cudaDevAttrComputeCapabilityMinor: *value = warp_emulator::computeCapability() % 10; break;
        case cudaDevAttrMaxSharedMemoryPerBlock: *value = static_cast<int>(warp_emulator::kSharedBytesWithoutOptIn); break;
        case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = static_cast<int>(warp_emulator::kMaxSharedBytesOptIn); break;
        default:
            if (!warp_emulator::h200Attribute(attribute, value)) {
                return api().answer(cudaErrorInvalidValue);
            }
    }
    return api().answer(cudaSuccess);
}

cudaError_t cudaMemGetInfo(size_t* freeBytes, size_t* totalBytes) {
    *freeBytes = warp_emulator::availableHostBytes();
    *totalBytes = warp_emulator::physicalBytes();
    return api().answer(cudaSuccess);
}

cudaError_t cudaGetLastError() {
    const cudaError_t error = api().lastError;
    if (api().sticky == cudaSuccess) {
        api().lastError = cudaSuccess;
    }
    return error;
}
cudaError_t cudaPeekAtLastError() { return api().lastError; }
// Runs what the program's streams have queued, and returns how the last
// launch ended. Not while a stream captures: that work is not the device's yet.
cudaError_t cudaDeviceSynchronize() {
    if (warp_emulator::anyStreamCaptures()) {
        return api().answer(cudaErrorStreamCaptureUnsupported);
    }
    warp_emulator::runQueuedWork();
    warp_emulator::releaseAboveThresholds();
    return api().answer(api().syncError);
}
// A fresh context: no sticky error, no allocation (every one freed).
cudaError_t cudaDeviceReset() {
    warp_emulator::runQueuedWork();  // a GPU finishes its work first
    warp_emulator::DeviceMemory& memory = warp_emulator::DeviceMemory::instance();
    const warp_emulator::DeviceLock lock;
    warp_emulator::DeviceHeap::get().reset();  // its blocks too, which cudaFree may not free
    std::vector<std::pair<void*, bool>> live;  // each start, and whether it is registered host memory
    memory.forEachLive([&](warp_emulator::Allocation& allocation) {
        live.emplace_back(allocation.start, allocation.kind == warp_emulator::MemoryKind::HostRegistered);
    });
    for (const auto& [start, registered] : live) {
        if (registered) {
            memory.unregisterHost(start, "cudaDeviceReset");
        } else {
            memory.release(start, "cudaDeviceReset");
        }
    }
    api().sticky = cudaSuccess;
    api().lastError = cudaSuccess;
    api().syncError = cudaSuccess;
    api().dynamicSharedOptIn.clear();
    return cudaSuccess;
}

// cudaLimitStackSize sets each thread's fiber stack (16 KiB at least);
// cudaLimitMallocHeapSize the device heap's size, which "must be performed
// before launching any kernel that uses the malloc() or free() device system
// calls, otherwise cudaErrorInvalidValue will be returned" (memory/device_heap.hpp).
cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value) {
    if (limit == cudaLimitStackSize) {
        api().stackBytes = value < 16 * 1024 ? 16 * 1024 : value;
    }
    if (limit == cudaLimitMallocHeapSize && !warp_emulator::DeviceHeap::get().setLimit(value)) {
        return api().answer(cudaErrorInvalidValue);
    }
    return api().answer(cudaSuccess);
}
cudaError_t cudaDeviceGetLimit(size_t* value, cudaLimit limit) {
    *value = limit == cudaLimitStackSize        ? api().stackBytes
             : limit == cudaLimitMallocHeapSize ? warp_emulator::DeviceHeap::get().limit()
                                                : 0;
    return api().answer(cudaSuccess);
}

cudaError_t cudaDeviceCanAccessPeer(int* canAccess, int device, int peerDevice) {
    if (canAccess == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (device != 0 || peerDevice != 0) {
        return api().answer(cudaErrorInvalidDevice);
    }
    *canAccess = 0;
    return api().answer(cudaSuccess);
}

// A machine with one GPU: the device is no peer of its own.
cudaError_t cudaDeviceEnablePeerAccess(int, unsigned int flags) {
    return api().answer(flags != 0 ? cudaErrorInvalidValue : cudaErrorInvalidDevice);
}
cudaError_t cudaDeviceDisablePeerAccess(int) { return api().answer(cudaErrorInvalidDevice); }
cudaError_t cudaDeviceGetP2PAttribute(int* value, cudaDeviceP2PAttr attribute, int sourceDevice,
                                      int destinationDevice) {
    if (value == nullptr || attribute < cudaDevP2PAttrPerformanceRank || attribute > cudaDevP2PAttrOnlyPartialNativeAtomicSupported) {
        return api().answer(cudaErrorInvalidValue);
    }
    (void)sourceDevice;
    (void)destinationDevice;
    return api().answer(cudaErrorInvalidDevice);  // a device and itself, or one that does not exist
}

namespace {
cudaFuncCache cachePreference = cudaFuncCachePreferNone;
}  // namespace

cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache cacheConfig) {
    if (cacheConfig < cudaFuncCachePreferNone || cacheConfig > cudaFuncCachePreferEqual) {
        return api().answer(cudaErrorInvalidValue);
    }
    cachePreference = cacheConfig;
    return api().answer(cudaSuccess);
}

cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* cacheConfig) {
    if (cacheConfig == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *cacheConfig = cachePreference;
    return api().answer(cudaSuccess);
}

cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig* config) {
    if (config == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *config = cudaSharedMemBankSizeFourByte;
    return api().answer(cudaSuccess);
}

cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config) {
    if (config < cudaSharedMemBankSizeDefault || config > cudaSharedMemBankSizeEightByte) {
        return api().answer(cudaErrorInvalidValue);
    }
    return api().answer(cudaSuccess);
}
