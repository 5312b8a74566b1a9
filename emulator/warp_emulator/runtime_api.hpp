// runtime_api.hpp: the CUDA runtime API on the host. Host memory stands in
// for device memory, and every allocation is recorded, so the race check can
// compare and restore it and a report can name it by type and call site.
// The device is one CPU thread; its limits are an sm_90 GPU's, as far as a
// kernel can tell.
#pragma once

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "device_functions.hpp"

namespace warp_emulator {

// The device name the report prints: what this is, and what it cannot know.
constexpr const char* kDeviceName = "CPU warp emulator [registers and local/thread unknown, shown as 0]";

// Compute capability 8.0: the emulator has independent thread scheduling
// (7.0) and the __reduce_*_sync intrinsics (8.0), and nothing of 9.0.
constexpr int kComputeCapabilityMajor = 8;
constexpr int kComputeCapabilityMinor = 0;

// Host memory available now: MemAvailable, the kernel's own estimate.
inline size_t availableHostBytes() {
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

template <typename T>
cudaError_t allocate(T** pointer, size_t bytes, const char* how, const char* file, int line) {
    if (pointer == nullptr) {
        return cudaErrorInvalidValue;
    }
    *pointer = nullptr;
    void* memory = runtime().memory.allocate(bytes, elementTypeOf<T>(), std::string(how) + " at " + siteText(file, line));
    if (memory == nullptr) {
        return cudaErrorMemoryAllocation;
    }
    *pointer = static_cast<T*>(memory);
    return cudaSuccess;
}

inline cudaError_t release(void* pointer) {
    if (pointer == nullptr) {
        return cudaSuccess;
    }
    return runtime().memory.release(pointer) ? cudaSuccess : cudaErrorInvalidValue;
}

}  // namespace warp_emulator

inline cudaError_t cudaGetDeviceCount(int* count) {
    *count = 1;
    return cudaSuccess;
}
inline cudaError_t cudaSetDevice(int device) { return device == 0 ? cudaSuccess : cudaErrorInvalidDevice; }
inline cudaError_t cudaGetDevice(int* device) {
    *device = 0;
    return cudaSuccess;
}
// The CUDA version the emulator stands for: 13.0, in the runtime's encoding.
inline cudaError_t cudaDriverGetVersion(int* version) {
    *version = 13000;
    return cudaSuccess;
}
inline cudaError_t cudaRuntimeGetVersion(int* version) {
    *version = 13000;
    return cudaSuccess;
}

inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp* properties, int device) {
    if (device != 0) {
        return cudaErrorInvalidDevice;
    }
    *properties = cudaDeviceProp{};
    std::snprintf(properties->name, sizeof properties->name, "%s", warp_emulator::kDeviceName);
    properties->major = warp_emulator::kComputeCapabilityMajor;
    properties->minor = warp_emulator::kComputeCapabilityMinor;
    properties->warpSize = warpSize;
    properties->multiProcessorCount = 1;
    properties->maxThreadsPerBlock = 1024;
    properties->maxThreadsDim[0] = 1024;
    properties->maxThreadsDim[1] = 1024;
    properties->maxThreadsDim[2] = 64;
    properties->maxGridSize[0] = 2147483647;
    properties->maxGridSize[1] = 65535;
    properties->maxGridSize[2] = 65535;
    properties->maxThreadsPerMultiProcessor = 2048;
    properties->regsPerBlock = 65536;
    properties->totalGlobalMem = static_cast<size_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<size_t>(sysconf(_SC_PAGESIZE));
    properties->totalConstMem = 65536;
    properties->sharedMemPerBlock = warp_emulator::kSharedBytesWithoutOptIn;
    properties->sharedMemPerBlockOptin = warp_emulator::kMaxSharedBytesOptIn;
    properties->sharedMemPerMultiprocessor = warp_emulator::kMaxSharedBytesOptIn;
    properties->unifiedAddressing = 1;
    properties->managedMemory = 1;
    properties->canMapHostMemory = 1;
    return cudaSuccess;
}

inline cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device) {
    cudaDeviceProp properties;
    const cudaError_t error = cudaGetDeviceProperties(&properties, device);
    if (error != cudaSuccess) {
        return error;
    }
    switch (attribute) {
        case cudaDevAttrMaxThreadsPerBlock: *value = properties.maxThreadsPerBlock; break;
        case cudaDevAttrMaxBlockDimX: *value = properties.maxThreadsDim[0]; break;
        case cudaDevAttrMaxBlockDimY: *value = properties.maxThreadsDim[1]; break;
        case cudaDevAttrMaxBlockDimZ: *value = properties.maxThreadsDim[2]; break;
        case cudaDevAttrMaxGridDimX: *value = properties.maxGridSize[0]; break;
        case cudaDevAttrMaxGridDimY: *value = properties.maxGridSize[1]; break;
        case cudaDevAttrMaxGridDimZ: *value = properties.maxGridSize[2]; break;
        case cudaDevAttrMaxSharedMemoryPerBlock: *value = static_cast<int>(properties.sharedMemPerBlock); break;
        case cudaDevAttrWarpSize: *value = properties.warpSize; break;
        case cudaDevAttrMultiProcessorCount: *value = properties.multiProcessorCount; break;
        case cudaDevAttrComputeCapabilityMajor: *value = properties.major; break;
        case cudaDevAttrComputeCapabilityMinor: *value = properties.minor; break;
        case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = static_cast<int>(properties.sharedMemPerBlockOptin); break;
        default: return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

// Shared bytes are measured (the kernel's __shared__ variables, from the
// symbol table); registers and local memory are a GPU compiler's and read 0.
template <typename... Parameters>
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attributes, void (*kernel)(Parameters...)) {
    *attributes = cudaFuncAttributes{};
    const void* address = reinterpret_cast<const void*>(kernel);
    const long long shared = warp_emulator::SymbolTable::get().sharedBytesOf(address);
    if (shared < 0) {
        std::fprintf(stderr, "warp emulator: no symbol table in this program, so __shared__ bytes are unknown\n");
        return cudaErrorNotSupported;
    }
    attributes->sharedSizeBytes = static_cast<size_t>(shared);
    attributes->maxThreadsPerBlock = 1024;
    const auto optIn = warp_emulator::runtime().dynamicSharedOptIn.find(address);
    attributes->maxDynamicSharedSizeBytes = static_cast<int>(optIn != warp_emulator::runtime().dynamicSharedOptIn.end()
                                                                 ? optIn->second
                                                                 : warp_emulator::kSharedBytesWithoutOptIn - static_cast<size_t>(shared));
    return cudaSuccess;
}

template <typename... Parameters>
cudaError_t cudaFuncSetAttribute(void (*kernel)(Parameters...), cudaFuncAttribute attribute, int value) {
    if (attribute != cudaFuncAttributeMaxDynamicSharedMemorySize) {
        return cudaSuccess;  // a carveout preference changes nothing here
    }
    const void* address = reinterpret_cast<const void*>(kernel);
    const long long shared = warp_emulator::SymbolTable::get().sharedBytesOf(address);
    if (value < 0 || static_cast<size_t>(value) + static_cast<size_t>(shared > 0 ? shared : 0) > warp_emulator::kMaxSharedBytesOptIn) {
        return cudaErrorInvalidValue;
    }
    warp_emulator::runtime().dynamicSharedOptIn[address] = static_cast<size_t>(value);
    return cudaSuccess;
}

inline cudaError_t cudaMemGetInfo(size_t* freeBytes, size_t* totalBytes) {
    *freeBytes = warp_emulator::availableHostBytes();
    *totalBytes = static_cast<size_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<size_t>(sysconf(_SC_PAGESIZE));
    return cudaSuccess;
}

template <typename T>
cudaError_t cudaMalloc(T** pointer, size_t bytes, WARP_EMULATOR_SITE) {
    return warp_emulator::allocate(pointer, bytes, "cudaMalloc", file, line);
}
template <typename T>
cudaError_t cudaMallocManaged(T** pointer, size_t bytes, unsigned int = 1, WARP_EMULATOR_SITE) {
    return warp_emulator::allocate(pointer, bytes, "cudaMallocManaged", file, line);
}
template <typename T>
cudaError_t cudaMallocHost(T** pointer, size_t bytes, WARP_EMULATOR_SITE) {
    return warp_emulator::allocate(pointer, bytes, "cudaMallocHost", file, line);
}
template <typename T>
cudaError_t cudaHostAlloc(T** pointer, size_t bytes, unsigned int, WARP_EMULATOR_SITE) {
    return warp_emulator::allocate(pointer, bytes, "cudaHostAlloc", file, line);
}
inline cudaError_t cudaFree(void* pointer) { return warp_emulator::release(pointer); }
inline cudaError_t cudaFreeHost(void* pointer) { return warp_emulator::release(pointer); }

inline cudaError_t cudaMemcpy(void* destination, const void* source, size_t bytes, cudaMemcpyKind) {
    std::memmove(destination, source, bytes);
    return cudaSuccess;
}
inline cudaError_t cudaMemcpyAsync(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind,
                                   cudaStream_t = nullptr) {
    return cudaMemcpy(destination, source, bytes, kind);
}
inline cudaError_t cudaMemset(void* destination, int value, size_t bytes) {
    std::memset(destination, value, bytes);
    return cudaSuccess;
}
inline cudaError_t cudaMemsetAsync(void* destination, int value, size_t bytes, cudaStream_t = nullptr) {
    return cudaMemset(destination, value, bytes);
}
// A __device__ or __constant__ variable is a global variable here.
template <typename T>
cudaError_t cudaMemcpyToSymbol(T& symbol, const void* source, size_t bytes, size_t offset = 0,
                               cudaMemcpyKind = cudaMemcpyHostToDevice) {
    if (offset + bytes > sizeof(T)) {
        return cudaErrorInvalidValue;
    }
    std::memcpy(reinterpret_cast<char*>(&symbol) + offset, source, bytes);
    return cudaSuccess;
}
template <typename T>
cudaError_t cudaMemcpyFromSymbol(void* destination, const T& symbol, size_t bytes, size_t offset = 0,
                                 cudaMemcpyKind = cudaMemcpyDeviceToHost) {
    if (offset + bytes > sizeof(T)) {
        return cudaErrorInvalidValue;
    }
    std::memcpy(destination, reinterpret_cast<const char*>(&symbol) + offset, bytes);
    return cudaSuccess;
}
template <typename T>
cudaError_t cudaGetSymbolAddress(void** address, T& symbol) {
    *address = &symbol;
    return cudaSuccess;
}

inline cudaError_t cudaGetLastError() {
    const cudaError_t error = warp_emulator::runtime().lastError;
    warp_emulator::runtime().lastError = cudaSuccess;
    return error;
}
inline cudaError_t cudaPeekAtLastError() { return warp_emulator::runtime().lastError; }
// Every launch has finished when its call returns; this returns how the last one ended.
inline cudaError_t cudaDeviceSynchronize() { return warp_emulator::runtime().syncError; }
inline cudaError_t cudaDeviceReset() { return cudaSuccess; }

// cudaLimitStackSize sets each thread's fiber stack (16 KiB at least).
inline cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value) {
    if (limit == cudaLimitStackSize) {
        warp_emulator::runtime().stackBytes = value < 16 * 1024 ? 16 * 1024 : value;
    }
    return cudaSuccess;
}
inline cudaError_t cudaDeviceGetLimit(size_t* value, cudaLimit limit) {
    *value = limit == cudaLimitStackSize ? warp_emulator::runtime().stackBytes : 0;
    return cudaSuccess;
}

inline cudaError_t cudaStreamCreate(cudaStream_t* stream) {
    *stream = nullptr;
    return cudaSuccess;
}
inline cudaError_t cudaStreamDestroy(cudaStream_t) { return cudaSuccess; }
inline cudaError_t cudaStreamSynchronize(cudaStream_t) { return warp_emulator::runtime().syncError; }
inline cudaError_t cudaStreamQuery(cudaStream_t) { return cudaSuccess; }

// Events time the host's wall clock: what they measure is the emulator.
inline cudaError_t cudaEventCreate(cudaEvent_t* event) {
    *event = new CUevent_st{0.0};
    return cudaSuccess;
}
inline cudaError_t cudaEventDestroy(cudaEvent_t event) {
    delete event;
    return cudaSuccess;
}
inline cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t = nullptr) {
    event->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    return cudaSuccess;
}
inline cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
inline cudaError_t cudaEventQuery(cudaEvent_t) { return cudaSuccess; }
inline cudaError_t cudaEventElapsedTime(float* milliseconds, cudaEvent_t start, cudaEvent_t end) {
    *milliseconds = static_cast<float>((end->seconds - start->seconds) * 1000.0);
    return cudaSuccess;
}
