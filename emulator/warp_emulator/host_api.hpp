// host_api.hpp: the CUDA runtime API as a host program calls it. The calls
// are implemented in runtime/runtime_api.cpp; the templates here only carry
// what CUDA's own overloads deduce (an allocation's element type, a kernel's
// address) and the call site, so that a report can name an allocation as
// "the int[100] from cudaMalloc at your.cu:12".
//
// The device is one CPU thread with an sm_80's rules and an sm_90's limits,
// as far as a kernel can tell. Host memory stands in for device memory, and
// every launch has finished when its call returns, so each stream behaves as
// the legacy stream and an event only keeps a time.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

#include "kernel_calls.hpp"
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
    } else {
        return {"struct", sizeof(U), nullptr};
    }
}

enum class MemoryKind : unsigned char {
    Device,      // cudaMalloc, cudaMallocPitch, cudaMallocAsync: the kernel's, never the host's
    Managed,     // cudaMallocManaged: the host's and the kernel's
    HostPinned,  // cudaMallocHost, cudaHostAlloc: host memory a kernel may read
};

cudaError_t allocate(void** pointer, size_t bytes, MemoryKind kind, ElementType element, const char* how,
                     const char* file, int line);
cudaError_t release(void* pointer, MemoryKind kind, const char* how, const char* file, int line);
cudaError_t mallocPitch(void** pointer, size_t* pitch, size_t width, size_t height, ElementType element,
                        const char* file, int line);
cudaError_t copySymbol(void* destination, const void* source, size_t bytes, size_t offset, size_t symbolBytes,
                       bool toSymbol);

// What the runtime knows of a kernel, by its address.
cudaError_t functionAttributes(cudaFuncAttributes* attributes, const void* kernel);
cudaError_t setFunctionAttribute(const void* kernel, cudaFuncAttribute attribute, int value);
cudaError_t occupancy(int* blocksPerMultiprocessor, const void* kernel, int blockSize, size_t dynamicSharedBytes);
cudaError_t potentialBlockSize(int* minGridSize, int* blockSize, const void* kernel, size_t dynamicSharedBytes,
                               int blockSizeLimit);

}  // namespace warp_emulator

cudaError_t cudaGetDeviceCount(int* count);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDevice(int* device);
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaDriverGetVersion(int* version);
cudaError_t cudaRuntimeGetVersion(int* version);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* properties, int device);
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device);
cudaError_t cudaMemGetInfo(size_t* freeBytes, size_t* totalBytes);
cudaError_t cudaGetLastError();
cudaError_t cudaPeekAtLastError();
cudaError_t cudaDeviceSynchronize();
cudaError_t cudaDeviceReset();
cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value);
cudaError_t cudaDeviceGetLimit(size_t* value, cudaLimit limit);

template <typename T>
cudaError_t cudaMalloc(T** pointer, size_t bytes, WARP_EMULATOR_SITE) {
    return warp_emulator::allocate(reinterpret_cast<void**>(pointer), bytes, warp_emulator::MemoryKind::Device,
                                   warp_emulator::elementTypeOf<T>(), "cudaMalloc", file, line);
}
template <typename T>
cudaError_t cudaMallocAsync(T** pointer, size_t bytes, cudaStream_t, WARP_EMULATOR_SITE) {
    return warp_emulator::allocate(reinterpret_cast<void**>(pointer), bytes, warp_emulator::MemoryKind::Device,
                                   warp_emulator::elementTypeOf<T>(), "cudaMallocAsync", file, line);
}
template <typename T>
cudaError_t cudaMallocManaged(T** pointer, size_t bytes, unsigned int = cudaMemAttachGlobal, WARP_EMULATOR_SITE) {
    return warp_emulator::allocate(reinterpret_cast<void**>(pointer), bytes, warp_emulator::MemoryKind::Managed,
                                   warp_emulator::elementTypeOf<T>(), "cudaMallocManaged", file, line);
}
template <typename T>
cudaError_t cudaMallocHost(T** pointer, size_t bytes, WARP_EMULATOR_SITE) {
    return warp_emulator::allocate(reinterpret_cast<void**>(pointer), bytes, warp_emulator::MemoryKind::HostPinned,
                                   warp_emulator::elementTypeOf<T>(), "cudaMallocHost", file, line);
}
template <typename T>
cudaError_t cudaHostAlloc(T** pointer, size_t bytes, unsigned int, WARP_EMULATOR_SITE) {
    return warp_emulator::allocate(reinterpret_cast<void**>(pointer), bytes, warp_emulator::MemoryKind::HostPinned,
                                   warp_emulator::elementTypeOf<T>(), "cudaHostAlloc", file, line);
}
// Rows of `width` bytes, each starting `*pitch` bytes after the one before.
template <typename T>
cudaError_t cudaMallocPitch(T** pointer, size_t* pitch, size_t width, size_t height, WARP_EMULATOR_SITE) {
    return warp_emulator::mallocPitch(reinterpret_cast<void**>(pointer), pitch, width, height,
                                      warp_emulator::elementTypeOf<T>(), file, line);
}
cudaError_t cudaFree(void* pointer, WARP_EMULATOR_SITE);
cudaError_t cudaFreeAsync(void* pointer, cudaStream_t stream, WARP_EMULATOR_SITE);
cudaError_t cudaFreeHost(void* pointer, WARP_EMULATOR_SITE);
// Pinned host memory is the kernel's to read at the same address.
cudaError_t cudaHostGetDevicePointer(void** devicePointer, void* hostPointer, unsigned int flags);
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* pointer);
// One device: no peer; cache preferences change nothing here.
cudaError_t cudaDeviceCanAccessPeer(int* canAccess, int device, int peerDevice);
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache cacheConfig);
template <typename... Parameters>
cudaError_t cudaFuncSetCacheConfig(void (*)(Parameters...), cudaFuncCache) {
    return cudaSuccess;
}

cudaError_t cudaMemcpy(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t stream = nullptr);
cudaError_t cudaMemcpy2D(void* destination, size_t destinationPitch, const void* source, size_t sourcePitch,
                         size_t width, size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void* destination, size_t destinationPitch, const void* source, size_t sourcePitch,
                              size_t width, size_t height, cudaMemcpyKind kind, cudaStream_t stream = nullptr);
cudaError_t cudaMemset(void* destination, int value, size_t bytes);
cudaError_t cudaMemsetAsync(void* destination, int value, size_t bytes, cudaStream_t stream = nullptr);
cudaError_t cudaMemset2D(void* destination, size_t pitch, int value, size_t width, size_t height);
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
template <typename T>
cudaError_t cudaMemcpyToSymbolAsync(T& symbol, const void* source, size_t bytes, size_t offset = 0,
                                    cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t = nullptr) {
    return cudaMemcpyToSymbol(symbol, source, bytes, offset, kind);
}
template <typename T>
cudaError_t cudaMemcpyFromSymbolAsync(void* destination, const T& symbol, size_t bytes, size_t offset = 0,
                                      cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t = nullptr) {
    return cudaMemcpyFromSymbol(destination, symbol, bytes, offset, kind);
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

template <typename... Parameters>
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attributes, void (*kernel)(Parameters...)) {
    return warp_emulator::functionAttributes(attributes, reinterpret_cast<const void*>(kernel));
}
inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attributes, const void* kernel) {
    return warp_emulator::functionAttributes(attributes, kernel);
}
template <typename... Parameters>
cudaError_t cudaFuncSetAttribute(void (*kernel)(Parameters...), cudaFuncAttribute attribute, int value) {
    return warp_emulator::setFunctionAttribute(reinterpret_cast<const void*>(kernel), attribute, value);
}
template <typename... Parameters>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, void (*kernel)(Parameters...), int blockSize,
                                                          size_t dynamicSharedBytes) {
    return warp_emulator::occupancy(blocks, reinterpret_cast<const void*>(kernel), blockSize, dynamicSharedBytes);
}
template <typename... Parameters>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int* minGridSize, int* blockSize, void (*kernel)(Parameters...),
                                               size_t dynamicSharedBytes = 0, int blockSizeLimit = 0) {
    return warp_emulator::potentialBlockSize(minGridSize, blockSize, reinterpret_cast<const void*>(kernel),
                                             dynamicSharedBytes, blockSizeLimit);
}

cudaError_t cudaStreamCreate(cudaStream_t* stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int priority);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
// Runs `function(data)` now: every launch has finished by then.
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t function, void* data);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest);

// Events time the host's wall clock: what they measure is the emulator.
cudaError_t cudaEventCreate(cudaEvent_t* event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = nullptr);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float* milliseconds, cudaEvent_t start, cudaEvent_t end);

// cudaLaunchKernel(kernel, grid, block, args, sharedBytes, stream): a launch
// whose arguments are an array of pointers to them, each of the type of its
// parameter.
namespace warp_emulator {
template <typename... Parameters, size_t... Index>
void launchFromArray(void (*kernel)(Parameters...), dim3 grid, dim3 block, void** arguments, size_t sharedBytes,
                     std::index_sequence<Index...>) {
    configuredLaunch(kernel, grid, block, sharedBytes)(*static_cast<std::decay_t<Parameters>*>(arguments[Index])...);
}
}  // namespace warp_emulator
template <typename... Parameters>
cudaError_t cudaLaunchKernel(void (*kernel)(Parameters...), dim3 grid, dim3 block, void** arguments,
                             size_t sharedBytes = 0, cudaStream_t = nullptr) {
    warp_emulator::launchFromArray(kernel, grid, block, arguments, sharedBytes, std::index_sequence_for<Parameters...>{});
    return cudaPeekAtLastError();
}
