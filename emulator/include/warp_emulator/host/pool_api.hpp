// pool_api.hpp: stream-ordered allocation (cudaMallocAsync, cudaFreeAsync)
// and memory pools, as a host program calls them (runtime/api/pools.cpp).
//
// An allocation from a pool is device memory as cudaMalloc's is, checked the
// same way (bounds, use after free, definedness, races); it is allocated
// when the call is made, and freed by cudaFreeAsync in its stream's order
// (when the work queued before it has run). A pool keeps the
// counts a program asks of it (its used and reserved bytes, now and at their
// highest) and its release threshold: memory it keeps beyond what is used
// stays reserved until a synchronisation finds it above the threshold, or
// cudaMemPoolTrimTo. Access from peers changes nothing on one device. On a
// capturing stream, cudaMallocAsync and cudaFreeAsync become a graph's
// allocation and free nodes (graph_api.hpp).
#pragma once

#include <cstddef>

#include "../device/kernel_calls.hpp"
#include "memory_api.hpp"
#include "runtime_types.hpp"

typedef struct CUmemPoolHandle_st* cudaMemPool_t;

// cudaMemLocation and cudaMemAccessDesc are memory_api.hpp's.

struct cudaMemPoolProps {
    cudaMemAllocationType allocType;
    cudaMemAllocationHandleType handleTypes;
    cudaMemLocation location;
    void* win32SecurityAttributes;
    size_t maxSize;
    unsigned short usage;
    unsigned char reserved[54];
};

struct cudaMemPoolPtrExportData {
    unsigned char reserved[64];
};

namespace warp_emulator {

// From the device's current pool (cudaDeviceSetMemPool), or `pool`.
cudaError_t mallocAsync(void** pointer, size_t bytes, cudaMemPool_t pool, cudaStream_t stream, ElementType element,
                        const char* how, const char* file, int line);

}  // namespace warp_emulator

template <typename T>
cudaError_t cudaMallocAsync(T** pointer, size_t bytes, cudaStream_t stream, WARP_EMULATOR_SITE) {
    return warp_emulator::mallocAsync(reinterpret_cast<void**>(pointer), bytes, nullptr, stream,
                                      warp_emulator::elementTypeOf<T>(), "cudaMallocAsync", file, line);
}
// The C++ overload that takes the pool second to last (cuda_runtime.h's).
template <typename T>
cudaError_t cudaMallocAsync(T** pointer, size_t bytes, cudaMemPool_t pool, cudaStream_t stream, WARP_EMULATOR_SITE) {
    return warp_emulator::mallocAsync(reinterpret_cast<void**>(pointer), bytes, pool, stream,
                                      warp_emulator::elementTypeOf<T>(), "cudaMallocFromPoolAsync", file, line);
}
template <typename T>
cudaError_t cudaMallocFromPoolAsync(T** pointer, size_t bytes, cudaMemPool_t pool, cudaStream_t stream,
                                    WARP_EMULATOR_SITE) {
    return warp_emulator::mallocAsync(reinterpret_cast<void**>(pointer), bytes, pool, stream,
                                      warp_emulator::elementTypeOf<T>(), "cudaMallocFromPoolAsync", file, line);
}
cudaError_t cudaFreeAsync(void* pointer, cudaStream_t stream, WARP_EMULATOR_SITE);

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t* pool, int device);
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t* pool, int device);
cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t pool);
cudaError_t cudaMemPoolCreate(cudaMemPool_t* pool, const cudaMemPoolProps* properties);
cudaError_t cudaMemPoolDestroy(cudaMemPool_t pool);
// cudaMemPoolAttrReleaseThreshold and the reuse flags may be set; the used
// and reserved counts read, and their highs reset to 0.
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attribute, void* value);
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attribute, void* value);
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, size_t minimumBytesToKeep);
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t pool, const cudaMemAccessDesc* descriptions, size_t count);
cudaError_t cudaMemPoolGetAccess(cudaMemAccessFlags* flags, cudaMemPool_t pool, cudaMemLocation* location);

namespace warp_emulator {

// A synchronisation (of a stream, an event or the device): each pool gives
// back what it keeps above its release threshold.
void releaseAboveThresholds();
// An allocation freed (cudaFree, cudaFreeAsync): its pool, if any, stops counting it.
void forgetPoolAllocation(const void* address);

}  // namespace warp_emulator
