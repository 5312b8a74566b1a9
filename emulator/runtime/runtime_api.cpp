// runtime_api.cpp: the CUDA runtime API on the host (host_api.hpp).
//
// Where the runtime API of a GPU refuses a call, so does this one, with the
// same error: a copy or a memset that runs past its allocation's end, or
// starts in freed memory, is cudaErrorInvalidValue and copies nothing; so is
// freeing what is not an allocation's start, or freeing twice. After a kernel
// stopped (an invalid access, a failed assert) every call answers that error.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "api_state.hpp"
#include "device_memory.hpp"
#include "initcheck.hpp"
#include "scheduler.hpp"
#include "spaces.hpp"
#include "symbols.hpp"
#include "text.hpp"
#include "warp_emulator/host_api.hpp"

namespace warp_emulator {

namespace {

// The device name the report prints: what this is, and what it cannot know.
constexpr const char* kDeviceName = "CPU warp emulator [registers and local/thread unknown, shown as 0]";

// Compute capability 8.0: the emulator has independent thread scheduling
// (7.0) and the __reduce_*_sync intrinsics (8.0), and nothing of 9.0.
constexpr int kComputeCapabilityMajor = 8;
constexpr int kComputeCapabilityMinor = 0;

// The rows cudaMallocPitch makes start this many bytes apart, at least.
constexpr size_t kPitchAlignment = 512;

ApiState& api() { return ApiState::get(); }

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

// One side of a copy or a memset: device memory must hold all its bytes.
// Returns the allocation, or null for memory outside the arena (the host's,
// or a __device__ variable); sets `bad` when the bytes are not all in one
// live allocation.
Allocation* sideOf(const void* pointer, size_t bytes, bool* bad) {
    DeviceMemory& memory = DeviceMemory::instance();
    if (!inDeviceArena(pointer)) {
        return nullptr;
    }
    Allocation* allocation = memory.liveHolding(pointer, bytes);
    if (allocation == nullptr) {
        *bad = true;
    }
    return allocation;
}

// The copy itself, once both sides are known good; the bytes it writes into
// device memory are defined from then on (initcheck.hpp).
void copyBytes(void* destination, Allocation* to, const void* source, Allocation* from, size_t bytes) {
    std::memmove(destination, source, bytes);
    if (to != nullptr) {
        const size_t toOffset = static_cast<size_t>(static_cast<char*>(destination) - to->start);
        if (from != nullptr) {
            InitCheck::copyDefinedness(*to, toOffset, *from,
                                       static_cast<size_t>(static_cast<const char*>(source) - from->start), bytes);
        } else {
            InitCheck::defined(*to, toOffset, bytes);
        }
    }
}

}  // namespace

cudaError_t allocate(void** pointer, size_t bytes, MemoryKind kind, ElementType element, const char* how,
                     const char* file, int line) {
    if (pointer == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    *pointer = nullptr;
    if (bytes == 0) {
        return cudaSuccess;  // as the H200 answers: success, and a null pointer
    }
    void* memory = DeviceMemory::instance().allocate(bytes, kind, element, std::string(how) + " at " + siteText(file, line));
    if (memory == nullptr) {
        return api().answer(cudaErrorMemoryAllocation);
    }
    *pointer = memory;
    return cudaSuccess;
}

cudaError_t mallocPitch(void** pointer, size_t* pitch, size_t width, size_t height, ElementType element,
                        const char* file, int line) {
    if (pitch == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *pitch = (width + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
    return allocate(pointer, *pitch * height, MemoryKind::Device, element, "cudaMallocPitch", file, line);
}

cudaError_t release(void* pointer, MemoryKind kind, const char* how, const char* file, int line) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (pointer == nullptr) {
        return cudaSuccess;
    }
    DeviceMemory& memory = DeviceMemory::instance();
    const Allocation* allocation = inDeviceArena(pointer) ? memory.holding(pointer) : nullptr;
    const bool pinned = allocation != nullptr && allocation->kind == MemoryKind::HostPinned;
    if (allocation == nullptr || allocation->start != pointer || pinned != (kind == MemoryKind::HostPinned) ||
        !memory.release(pointer, std::string(how) + " at " + siteText(file, line))) {
        return api().answer(cudaErrorInvalidValue);
    }
    return cudaSuccess;
}

cudaError_t copySymbol(void* destination, const void* source, size_t bytes, size_t offset, size_t symbolBytes,
                       bool toSymbol) {
    if (offset + bytes > symbolBytes) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (toSymbol) {
        std::memcpy(static_cast<char*>(destination) + offset, source, bytes);
    } else {
        std::memcpy(destination, static_cast<const char*>(source) + offset, bytes);
    }
    return cudaSuccess;
}

// Shared bytes are measured (the kernel's __shared__ variables, from the
// symbol table); registers and local memory are a GPU compiler's and read 0.
cudaError_t functionAttributes(cudaFuncAttributes* attributes, const void* kernel) {
    *attributes = cudaFuncAttributes{};
    const long long shared = SymbolTable::get().sharedBytesOf(kernel);
    if (shared < 0) {
        std::fprintf(stderr, "warp emulator: no symbol table in this program, so __shared__ bytes are unknown\n");
        return api().answer(cudaErrorNotSupported);
    }
    attributes->sharedSizeBytes = static_cast<size_t>(shared);
    attributes->maxThreadsPerBlock = 1024;
    const auto optIn = api().dynamicSharedOptIn.find(kernel);
    attributes->maxDynamicSharedSizeBytes = static_cast<int>(
        optIn != api().dynamicSharedOptIn.end() ? optIn->second : kSharedBytesWithoutOptIn - static_cast<size_t>(shared));
    return api().answer(cudaSuccess);
}

cudaError_t setFunctionAttribute(const void* kernel, cudaFuncAttribute attribute, int value) {
    if (attribute != cudaFuncAttributeMaxDynamicSharedMemorySize) {
        return api().answer(cudaSuccess);  // a carveout preference changes nothing here
    }
    const long long shared = SymbolTable::get().sharedBytesOf(kernel);
    if (value < 0 || static_cast<size_t>(value) + static_cast<size_t>(shared > 0 ? shared : 0) > kMaxSharedBytesOptIn) {
        return api().answer(cudaErrorInvalidValue);
    }
    api().dynamicSharedOptIn[kernel] = static_cast<size_t>(value);
    return api().answer(cudaSuccess);
}

// An sm_90's limits for one multiprocessor: 2048 threads, 32 blocks, 228 KiB
// of shared memory; registers are unknown here and do not limit.
cudaError_t occupancy(int* blocksPerMultiprocessor, const void* kernel, int blockSize, size_t dynamicSharedBytes) {
    if (blocksPerMultiprocessor == nullptr || blockSize <= 0 || blockSize > 1024) {
        return api().answer(cudaErrorInvalidValue);
    }
    const int warps = (blockSize + warpSize - 1) / warpSize;
    int blocks = std::min(32, 64 / warps);
    const long long shared = std::max(0ll, SymbolTable::get().sharedBytesOf(kernel)) + static_cast<long long>(dynamicSharedBytes);
    if (shared > 0) {
        blocks = std::min(blocks, static_cast<int>(static_cast<long long>(kMaxSharedBytesOptIn) / shared));
    }
    *blocksPerMultiprocessor = blocks;
    return api().answer(cudaSuccess);
}

cudaError_t potentialBlockSize(int* minGridSize, int* blockSize, const void* kernel, size_t dynamicSharedBytes,
                               int blockSizeLimit) {
    if (minGridSize == nullptr || blockSize == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    const int limit = blockSizeLimit > 0 ? std::min(blockSizeLimit, 1024) : 1024;
    int best = 0, bestSize = warpSize;
    for (int size = limit / warpSize * warpSize; size >= warpSize; size -= warpSize) {
        int blocks = 0;
        occupancy(&blocks, kernel, size, dynamicSharedBytes);
        if (blocks * size > best) {
            best = blocks * size;
            bestSize = size;
        }
    }
    int blocks = 0;
    occupancy(&blocks, kernel, bestSize, dynamicSharedBytes);
    *blockSize = bestSize;
    *minGridSize = blocks;  // one multiprocessor
    return api().answer(cudaSuccess);
}

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
cudaError_t cudaSetDeviceFlags(unsigned int) { return api().answer(cudaSuccess); }
// The CUDA version the emulator stands for: 13.0, in the runtime's encoding.
cudaError_t cudaDriverGetVersion(int* version) {
    *version = 13000;
    return cudaSuccess;
}
cudaError_t cudaRuntimeGetVersion(int* version) {
    *version = 13000;
    return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* properties, int device) {
    if (device != 0) {
        return api().answer(cudaErrorInvalidDevice);
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
    properties->totalGlobalMem = warp_emulator::physicalBytes();
    properties->totalConstMem = 65536;
    properties->sharedMemPerBlock = warp_emulator::kSharedBytesWithoutOptIn;
    properties->sharedMemPerBlockOptin = warp_emulator::kMaxSharedBytesOptIn;
    properties->sharedMemPerMultiprocessor = warp_emulator::kMaxSharedBytesOptIn;
    properties->unifiedAddressing = 1;
    properties->managedMemory = 1;
    properties->canMapHostMemory = 1;
    properties->regsPerMultiprocessor = 65536;
    properties->maxBlocksPerMultiProcessor = 32;
    properties->memPitch = 2147483647;
    properties->textureAlignment = 512;
    return api().answer(cudaSuccess);
}

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device) {
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
        case cudaDevAttrTotalConstantMemory: *value = static_cast<int>(properties.totalConstMem); break;
        case cudaDevAttrMaxRegistersPerBlock: *value = properties.regsPerBlock; break;
        case cudaDevAttrL2CacheSize: *value = properties.l2CacheSize; break;
        case cudaDevAttrMaxThreadsPerMultiProcessor: *value = properties.maxThreadsPerMultiProcessor; break;
        case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
            *value = static_cast<int>(properties.sharedMemPerMultiprocessor);
            break;
        case cudaDevAttrMaxRegistersPerMultiprocessor: *value = properties.regsPerMultiprocessor; break;
        case cudaDevAttrManagedMemory: *value = properties.managedMemory; break;
        case cudaDevAttrMaxBlocksPerMultiprocessor: *value = properties.maxBlocksPerMultiProcessor; break;
        default: return api().answer(cudaErrorInvalidValue);
    }
    return cudaSuccess;
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
// Every launch has finished when its call returns; this returns how the last one ended.
cudaError_t cudaDeviceSynchronize() { return api().answer(api().syncError); }
// A fresh context: no sticky error, no allocation (every one freed).
cudaError_t cudaDeviceReset() {
    warp_emulator::DeviceMemory& memory = warp_emulator::DeviceMemory::instance();
    std::vector<void*> live;
    memory.forEachLive([&](warp_emulator::Allocation& allocation) { live.push_back(allocation.start); });
    for (void* start : live) {
        memory.release(start, "cudaDeviceReset");
    }
    api().sticky = cudaSuccess;
    api().lastError = cudaSuccess;
    api().syncError = cudaSuccess;
    api().dynamicSharedOptIn.clear();
    return cudaSuccess;
}

// cudaLimitStackSize sets each thread's fiber stack (16 KiB at least).
cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value) {
    if (limit == cudaLimitStackSize) {
        api().stackBytes = value < 16 * 1024 ? 16 * 1024 : value;
    }
    return api().answer(cudaSuccess);
}
cudaError_t cudaDeviceGetLimit(size_t* value, cudaLimit limit) {
    *value = limit == cudaLimitStackSize ? api().stackBytes : 0;
    return api().answer(cudaSuccess);
}

cudaError_t cudaFree(void* pointer, const char* file, int line) {
    return warp_emulator::release(pointer, warp_emulator::MemoryKind::Device, "cudaFree", file, line);
}
cudaError_t cudaFreeAsync(void* pointer, cudaStream_t, const char* file, int line) {
    return warp_emulator::release(pointer, warp_emulator::MemoryKind::Device, "cudaFreeAsync", file, line);
}
cudaError_t cudaFreeHost(void* pointer, const char* file, int line) {
    return warp_emulator::release(pointer, warp_emulator::MemoryKind::HostPinned, "cudaFreeHost", file, line);
}

cudaError_t cudaMemcpy(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault) {
        return api().answer(cudaErrorInvalidMemcpyDirection);
    }
    if (bytes == 0) {
        return cudaSuccess;
    }
    bool bad = destination == nullptr || source == nullptr;
    warp_emulator::Allocation* to = warp_emulator::sideOf(destination, bytes, &bad);
    warp_emulator::Allocation* from = warp_emulator::sideOf(source, bytes, &bad);
    if (bad) {
        return api().answer(cudaErrorInvalidValue);
    }
    warp_emulator::copyBytes(destination, to, source, from, bytes);
    return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind, cudaStream_t) {
    return cudaMemcpy(destination, source, bytes, kind);
}

cudaError_t cudaMemcpy2D(void* destination, size_t destinationPitch, const void* source, size_t sourcePitch,
                         size_t width, size_t height, cudaMemcpyKind kind) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    // A pitch narrower than the rows: the H200 answered cudaErrorInvalidPitchValue
    // for 4 rows, and cudaErrorInvalidValue for one (evidence/gpu-answers-h200.txt).
    if (width > destinationPitch || width > sourcePitch) {
        return api().answer(height > 1 ? cudaErrorInvalidPitchValue : cudaErrorInvalidValue);
    }
    if (width == 0 || height == 0) {
        return cudaSuccess;
    }
    bool bad = destination == nullptr || source == nullptr;
    for (size_t row = 0; row < height && !bad; ++row) {
        warp_emulator::sideOf(static_cast<char*>(destination) + row * destinationPitch, width, &bad);
        warp_emulator::sideOf(static_cast<const char*>(source) + row * sourcePitch, width, &bad);
    }
    if (bad) {
        return api().answer(cudaErrorInvalidValue);
    }
    for (size_t row = 0; row < height; ++row) {
        char* to = static_cast<char*>(destination) + row * destinationPitch;
        const char* from = static_cast<const char*>(source) + row * sourcePitch;
        bool unused = false;
        warp_emulator::copyBytes(to, warp_emulator::sideOf(to, width, &unused), from,
                                 warp_emulator::sideOf(from, width, &unused), width);
    }
    (void)kind;
    return cudaSuccess;
}
cudaError_t cudaMemcpy2DAsync(void* destination, size_t destinationPitch, const void* source, size_t sourcePitch,
                              size_t width, size_t height, cudaMemcpyKind kind, cudaStream_t) {
    return cudaMemcpy2D(destination, destinationPitch, source, sourcePitch, width, height, kind);
}

cudaError_t cudaMemset(void* destination, int value, size_t bytes) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (bytes == 0) {
        return cudaSuccess;
    }
    bool bad = destination == nullptr;
    warp_emulator::Allocation* to = warp_emulator::sideOf(destination, bytes, &bad);
    if (bad || to == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    std::memset(destination, value, bytes);
    warp_emulator::InitCheck::defined(*to, static_cast<size_t>(static_cast<char*>(destination) - to->start), bytes);
    return cudaSuccess;
}
cudaError_t cudaMemsetAsync(void* destination, int value, size_t bytes, cudaStream_t) {
    return cudaMemset(destination, value, bytes);
}
cudaError_t cudaMemset2D(void* destination, size_t pitch, int value, size_t width, size_t height) {
    if (width > pitch) {
        return api().answer(cudaErrorInvalidPitchValue);
    }
    for (size_t row = 0; row < height; ++row) {
        const cudaError_t error = cudaMemset(static_cast<char*>(destination) + row * pitch, value, width);
        if (error != cudaSuccess) {
            return error;
        }
    }
    return cudaSuccess;
}
cudaError_t cudaMemPrefetchAsync(const void*, size_t, int, cudaStream_t) { return api().answer(cudaSuccess); }
cudaError_t cudaMemAdvise(const void*, size_t, cudaMemoryAdvise, int) { return api().answer(cudaSuccess); }

cudaError_t cudaStreamCreate(cudaStream_t* stream) { return cudaStreamCreateWithFlags(stream, cudaStreamDefault); }
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags) {
    if (stream == nullptr || flags > cudaStreamNonBlocking) {
        return api().answer(cudaErrorInvalidValue);
    }
    *stream = new CUstream_st{flags};
    return api().answer(cudaSuccess);
}
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int) {
    return cudaStreamCreateWithFlags(stream, flags);
}
cudaError_t cudaStreamDestroy(cudaStream_t stream) {
    delete stream;
    return api().answer(cudaSuccess);
}
cudaError_t cudaStreamSynchronize(cudaStream_t) { return api().answer(api().syncError); }
cudaError_t cudaStreamQuery(cudaStream_t) { return api().answer(cudaSuccess); }
cudaError_t cudaLaunchHostFunc(cudaStream_t, cudaHostFn_t function, void* data) {
    if (function == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    function(data);
    return api().answer(cudaSuccess);
}

cudaError_t cudaHostGetDevicePointer(void** devicePointer, void* hostPointer, unsigned int flags) {
    const warp_emulator::Allocation* allocation = warp_emulator::DeviceMemory::instance().holding(hostPointer);
    if (devicePointer == nullptr || flags != 0 || allocation == nullptr || !allocation->live ||
        allocation->kind != warp_emulator::MemoryKind::HostPinned) {
        return api().answer(cudaErrorInvalidValue);
    }
    *devicePointer = hostPointer;
    return api().answer(cudaSuccess);
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* pointer) {
    if (attributes == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    const warp_emulator::Allocation* allocation = warp_emulator::DeviceMemory::instance().holding(pointer);
    *attributes = cudaPointerAttributes{cudaMemoryTypeUnregistered, -2, nullptr, nullptr};
    if (allocation != nullptr && allocation->live) {
        attributes->device = 0;
        void* const address = const_cast<void*>(pointer);
        switch (allocation->kind) {
            case warp_emulator::MemoryKind::Device:
                *attributes = {cudaMemoryTypeDevice, 0, address, nullptr};
                break;
            case warp_emulator::MemoryKind::Managed:
                *attributes = {cudaMemoryTypeManaged, 0, address, address};
                break;
            case warp_emulator::MemoryKind::HostPinned:
                *attributes = {cudaMemoryTypeHost, 0, address, address};
                break;
        }
    }
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

cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache) { return api().answer(cudaSuccess); }
cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t event, unsigned int) {
    return api().answer(event == nullptr ? cudaErrorInvalidResourceHandle : cudaSuccess);
}
cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest) {
    if (least != nullptr) {
        *least = 0;
    }
    if (greatest != nullptr) {
        *greatest = -5;
    }
    return api().answer(cudaSuccess);
}

cudaError_t cudaEventCreate(cudaEvent_t* event) { return cudaEventCreateWithFlags(event, cudaEventDefault); }
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags) {
    if (event == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *event = new CUevent_st{0.0, flags, false};
    return api().answer(cudaSuccess);
}
cudaError_t cudaEventDestroy(cudaEvent_t event) {
    delete event;
    return api().answer(cudaSuccess);
}
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t) {
    if (event == nullptr) {
        return api().answer(cudaErrorInvalidResourceHandle);
    }
    event->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    event->recorded = true;
    return api().answer(cudaSuccess);
}
cudaError_t cudaEventSynchronize(cudaEvent_t) { return api().answer(cudaSuccess); }
cudaError_t cudaEventQuery(cudaEvent_t) { return api().answer(cudaSuccess); }
cudaError_t cudaEventElapsedTime(float* milliseconds, cudaEvent_t start, cudaEvent_t end) {
    if (start == nullptr || end == nullptr || (start->flags & cudaEventDisableTiming) != 0 ||
        (end->flags & cudaEventDisableTiming) != 0 || !start->recorded || !end->recorded) {
        return api().answer(cudaErrorInvalidResourceHandle);
    }
    *milliseconds = static_cast<float>((end->seconds - start->seconds) * 1000.0);
    return api().answer(cudaSuccess);
}
