// memory.cpp: allocating, copying and setting memory, host pointers and
// symbols (warp_emulator/host/memory_api.hpp).
//
// Where the runtime API of a GPU refuses a call, so does this one, with the
// same error: a copy or a memset that runs past its allocation's end, or
// starts in freed memory, is cudaErrorInvalidValue and copies nothing; so is
// freeing what is not an allocation's start, or freeing twice. After a kernel
// stopped (an invalid access, a failed assert) every call answers that error.
#include <cstring>
#include <string>

#include "api/api_state.hpp"
#include "checks/initcheck.hpp"
#include "memory/device_memory.hpp"
#include "reporting/text.hpp"
#include "warp_emulator/host/runtime_api.hpp"

namespace warp_emulator {

namespace {

// The rows cudaMallocPitch makes start this many bytes apart, at least.
constexpr size_t kPitchAlignment = 512;

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


}  // namespace warp_emulator

using warp_emulator::api;

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
