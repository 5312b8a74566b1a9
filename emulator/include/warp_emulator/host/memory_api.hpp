// memory_api.hpp: allocating, copying and setting memory, and
// __device__ variables (symbols), as a host program calls them
// (runtime/api/memory.cpp). The templates carry what CUDA's own overloads
// deduce (an allocation's element type) and the call site, so that a report
// can name an allocation as "the int[100] from cudaMalloc at your.cu:12".
// Host memory stands in for device memory (runtime/memory/device_memory.hpp).
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

#include "../device/kernel_calls.hpp"
#include "../half/formats.hpp"
#include "launch.hpp"
#include "runtime_types.hpp"

namespace warp_emulator {

// How an allocation's elements print in a report.
struct ElementType {
    const char* name = nullptr;  // null: an allocation of bytes (cudaMalloc on a void**)
    size_t bytes = 1;
    std::string (*format)(const unsigned char*) = nullptr;
};

template <typename T>
std::string formatElement(const unsigned char* bytes) {
    T value;
    std::memcpy(&value, bytes, sizeof value);
    char text[48];
    if constexpr (std::is_floating_point<T>::value) {
        std::snprintf(text, sizeof text, "%.9g", static_cast<double>(value));
    } else if constexpr (std::is_signed<T>::value) {
        std::snprintf(text, sizeof text, "%lld", static_cast<long long>(value));
    } else {
        std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(value));
    }
    return text;
}

// A __half, __nv_bfloat16 or pair of them (cuda_fp16.h, cuda_bf16.h), as
// its value or values.
template <typename T>
std::string formatHalfPrecision(const unsigned char* bytes) {
    std::string text;
    for (size_t part = 0; part < sizeof(T) / 2; ++part) {
        std::uint16_t bits;
        std::memcpy(&bits, bytes + 2 * part, sizeof bits);
        const float value = HalfPrecisionKind<T>::kind == ValueType::Half ? half::toFloat<half::Binary16>(bits)
                                                                          : half::toFloat<half::BFloat16>(bits);
        char number[24];
        std::snprintf(number, sizeof number, "%.5g", static_cast<double>(value));
        text += (part == 0 ? "" : ", ") + std::string(number);
    }
    return text;
}

template <typename T>
ElementType elementTypeOf() {
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_same<U, float>::value) {
        return {"float", 4, formatElement<float>};
    } else if constexpr (std::is_same<U, double>::value) {
        return {"double", 8, formatElement<double>};
    } else if constexpr (std::is_same<U, int>::value) {
        return {"int", 4, formatElement<int>};
    } else if constexpr (std::is_same<U, unsigned int>::value) {
        return {"unsigned int", 4, formatElement<unsigned int>};
    } else if constexpr (std::is_same<U, long long>::value || std::is_same<U, long>::value) {
        return {"long long", 8, formatElement<long long>};
    } else if constexpr (std::is_same<U, unsigned long long>::value || std::is_same<U, unsigned long>::value) {
        return {"unsigned long long", 8, formatElement<unsigned long long>};
    } else if constexpr (std::is_same<U, char>::value || std::is_same<U, signed char>::value) {
        return {"char", 1, formatElement<int>};
    } else if constexpr (std::is_same<U, unsigned char>::value) {
        return {"unsigned char", 1, formatElement<unsigned int>};
    } else if constexpr (std::is_same<U, short>::value) {
        return {"short", 2, formatElement<short>};
    } else if constexpr (std::is_same<U, unsigned short>::value) {
        return {"unsigned short", 2, formatElement<unsigned short>};
    } else if constexpr (std::is_same<U, bool>::value) {
        return {"bool", 1, formatElement<unsigned int>};
    } else if constexpr (std::is_void<U>::value) {
        return {};
    } else if constexpr (isHalfPrecision<U>()) {
        constexpr bool half = HalfPrecisionKind<U>::kind == ValueType::Half;
        return {sizeof(U) == 2 ? (half ? "__half" : "__nv_bfloat16") : (half ? "__half2" : "__nv_bfloat162"), sizeof(U),
                formatHalfPrecision<U>};
    } else {
        return {"struct", sizeof(U), nullptr};
    }
}

enum class MemoryKind : unsigned char {
    Device,          // cudaMalloc, cudaMallocPitch, cudaMallocAsync: the kernel's, never the host's
    Managed,         // cudaMallocManaged: the host's and the kernel's
    HostPinned,      // cudaMallocHost, cudaHostAlloc: host memory a kernel may read
    HostRegistered,  // cudaHostRegister: the program's own host memory, a kernel's while registered
};

cudaError_t allocate(void** pointer, size_t bytes, MemoryKind kind, ElementType element, const char* how,
                     const char* file, int line, unsigned int hostFlags = 0);
cudaError_t release(void* pointer, MemoryKind kind, const char* how, const char* file, int line);
cudaError_t mallocPitch(void** pointer, size_t* pitch, size_t width, size_t height, ElementType element,
                        const char* file, int line);
cudaError_t copySymbol(void* destination, const void* source, size_t bytes, size_t offset, size_t symbolBytes,
                       bool toSymbol);

// A T** as the void** allocate() fills, where T may be const (HSOpticalFlow
// allocates into a const float*, as CUDA's own template allows).
template <typename T>
void** untypedPointer(T** pointer) {
    return reinterpret_cast<void**>(const_cast<std::remove_cv_t<T>**>(pointer));
}

}  // namespace warp_emulator

template <typename T>
cudaError_t cudaMalloc(T** pointer, size_t bytes, WARP_EMULATOR_SITE) {
    return warp_emulator::allocate(warp_emulator::untypedPointer(pointer), bytes, warp_emulator::MemoryKind::Device,
                                   warp_emulator::elementTypeOf<T>(), "cudaMalloc", file, line);
}
template <typename T>
cudaError_t cudaMallocManaged(T** pointer, size_t bytes, unsigned int = cudaMemAttachGlobal, WARP_EMULATOR_SITE) {
    return warp_emulator::allocate(warp_emulator::untypedPointer(pointer), bytes, warp_emulator::MemoryKind::Managed,
                                   warp_emulator::elementTypeOf<T>(), "cudaMallocManaged", file, line);
}
template <typename T>
cudaError_t cudaMallocHost(T** pointer, size_t bytes, WARP_EMULATOR_SITE) {
    return warp_emulator::allocate(warp_emulator::untypedPointer(pointer), bytes, warp_emulator::MemoryKind::HostPinned,
                                   warp_emulator::elementTypeOf<T>(), "cudaMallocHost", file, line);
}
// Mapped or not, pinned memory is the kernel's to reach (unified addressing).
template <typename T>
cudaError_t cudaHostAlloc(T** pointer, size_t bytes, unsigned int flags, WARP_EMULATOR_SITE) {
    return warp_emulator::allocate(warp_emulator::untypedPointer(pointer), bytes, warp_emulator::MemoryKind::HostPinned,
                                   warp_emulator::elementTypeOf<T>(), "cudaHostAlloc", file, line, flags);
}
// Rows of `width` bytes, each starting `*pitch` bytes after the one before.
template <typename T>
cudaError_t cudaMallocPitch(T** pointer, size_t* pitch, size_t width, size_t height, WARP_EMULATOR_SITE) {
    return warp_emulator::mallocPitch(warp_emulator::untypedPointer(pointer), pitch, width, height,
                                      warp_emulator::elementTypeOf<T>(), file, line);
}
cudaError_t cudaFree(void* pointer, WARP_EMULATOR_SITE);
cudaError_t cudaFreeHost(void* pointer, WARP_EMULATOR_SITE);
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* pointer);

cudaError_t cudaMemcpy(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t stream = nullptr, WARP_EMULATOR_SITE);
cudaError_t cudaMemcpy2D(void* destination, size_t destinationPitch, const void* source, size_t sourcePitch,
                         size_t width, size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void* destination, size_t destinationPitch, const void* source, size_t sourcePitch,
                              size_t width, size_t height, cudaMemcpyKind kind, cudaStream_t stream = nullptr,
                              WARP_EMULATOR_SITE);
cudaError_t cudaMemset(void* destination, int value, size_t bytes);
cudaError_t cudaMemsetAsync(void* destination, int value, size_t bytes, cudaStream_t stream = nullptr,
                            WARP_EMULATOR_SITE);
cudaError_t cudaMemset2D(void* destination, size_t pitch, int value, size_t width, size_t height);
cudaError_t cudaMemset2DAsync(void* destination, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream = nullptr, WARP_EMULATOR_SITE);
// Where memory lies: the device (id 0), the host, a host NUMA node.
struct cudaMemLocation {
    cudaMemLocationType type;
    int id;
};
struct cudaMemAccessDesc {
    cudaMemLocation location;
    cudaMemAccessFlags flags;
};
// Managed memory is the host's and the kernel's alike here: prefetching and
// advice change nothing. CUDA 13's forms take a cudaMemLocation; the older
// ones, a device number.
cudaError_t cudaMemPrefetchAsync(const void* pointer, size_t bytes, cudaMemLocation location, unsigned int flags,
                                 cudaStream_t stream = nullptr);
cudaError_t cudaMemAdvise(const void* pointer, size_t bytes, cudaMemoryAdvise advice, cudaMemLocation location);
cudaError_t cudaMemPrefetchAsync(const void* pointer, size_t bytes, int device, cudaStream_t stream = nullptr);
cudaError_t cudaMemAdvise(const void* pointer, size_t bytes, cudaMemoryAdvise advice, int device);

// A __device__ or __constant__ variable is a global variable of the program here.
template <typename T>
cudaError_t cudaMemcpyToSymbol(T& symbol, const void* source, size_t bytes, size_t offset = 0,
                               cudaMemcpyKind = cudaMemcpyHostToDevice) {
    return warp_emulator::copySymbol(&symbol, source, bytes, offset, sizeof(T), true);
}
template <typename T>
cudaError_t cudaMemcpyFromSymbol(void* destination, const T& symbol, size_t bytes, size_t offset = 0,
                                 cudaMemcpyKind = cudaMemcpyDeviceToHost) {
    return warp_emulator::copySymbol(destination, &symbol, bytes, offset, sizeof(T), false);
}
// On a capturing stream, a memcpy node of the graph.
template <typename T>
cudaError_t cudaMemcpyToSymbolAsync(T& symbol, const void* source, size_t bytes, size_t offset = 0,
                                    cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t stream = nullptr,
                                    WARP_EMULATOR_SITE) {
    if (offset + bytes > sizeof(T)) {
        return warp_emulator::copySymbol(&symbol, source, bytes, offset, sizeof(T), true);
    }
    return cudaMemcpyAsync(reinterpret_cast<char*>(&symbol) + offset, source, bytes, kind, stream, file, line);
}
template <typename T>
cudaError_t cudaMemcpyFromSymbolAsync(void* destination, const T& symbol, size_t bytes, size_t offset = 0,
                                      cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t stream = nullptr,
                                      WARP_EMULATOR_SITE) {
    if (offset + bytes > sizeof(T)) {
        return warp_emulator::copySymbol(destination, &symbol, bytes, offset, sizeof(T), false);
    }
    return cudaMemcpyAsync(destination, reinterpret_cast<const char*>(&symbol) + offset, bytes, kind, stream, file,
                           line);
}
template <typename T>
cudaError_t cudaGetSymbolAddress(void** address, T& symbol) {
    *address = &symbol;
    return cudaSuccess;
}
template <typename T>
cudaError_t cudaGetSymbolSize(size_t* bytes, const T&) {
    *bytes = sizeof(T);
    return cudaSuccess;
}
