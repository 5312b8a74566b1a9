// pools.cpp: stream-ordered allocation and memory pools
// (warp_emulator/host/pool_api.hpp).
//
// An allocation from a pool is made when cudaMallocAsync is called and freed
// when cudaFreeAsync is (every earlier piece of work has finished by then),
// as device memory from cudaMalloc is. The pool counts it: its used bytes,
// and the bytes it reserves for them, in the 2 MiB pieces a GPU's pool maps
// memory in; freed memory stays reserved until a synchronisation finds the
// pool above its release threshold (0 by default: everything not used goes
// back), or cudaMemPoolTrimTo.
#include <algorithm>
#include <map>
#include <memory>

#include "api/api_state.hpp"
#include "api/stream_work.hpp"
#include "memory/device_memory.hpp"
#include "reporting/text.hpp"
#include "warp_emulator/host/runtime_api.hpp"

struct CUmemPoolHandle_st {
    cudaMemPoolProps properties{};
    std::uint64_t releaseThreshold = 0;
    int reuse[3] = {1, 1, 1};  // cudaMemPoolReuseFollowEventDependencies and its kin
    std::uint64_t used = 0, usedHigh = 0, reserved = 0, reservedHigh = 0;
};

namespace warp_emulator {

namespace {

constexpr std::uint64_t kPoolGranularity = 2u << 20;

struct Pools {
    CUmemPoolHandle_st defaultPool;
    cudaMemPool_t current = &defaultPool;
    std::vector<std::unique_ptr<CUmemPoolHandle_st>> created;
    std::map<const void*, std::pair<cudaMemPool_t, size_t>> allocations;  // live ones, by address: pool, bytes

    static Pools& get() {
        static Pools* pools = new Pools;
        return *pools;
    }
    bool exists(cudaMemPool_t pool) const {
        return pool == &defaultPool || std::any_of(created.begin(), created.end(),
                                                   [&](const auto& made) { return made.get() == pool; });
    }
};

std::uint64_t roundUp(std::uint64_t bytes) { return (bytes + kPoolGranularity - 1) / kPoolGranularity * kPoolGranularity; }

void allocated(cudaMemPool_t pool, std::uint64_t bytes) {
    pool->used += bytes;
    pool->usedHigh = std::max(pool->usedHigh, pool->used);
    pool->reserved = std::max(pool->reserved, roundUp(pool->used));
    pool->reservedHigh = std::max(pool->reservedHigh, pool->reserved);
}

// Gives back what is reserved beyond `keep` and beyond what is used.
void trim(cudaMemPool_t pool, std::uint64_t keep) {
    if (pool->reserved > keep) {
        pool->reserved = std::max(roundUp(pool->used), std::min(pool->reserved, roundUp(keep)));
    }
}

cudaError_t checkLocation(const cudaMemLocation& location) {
    if (location.type != cudaMemLocationTypeDevice) {
        return cudaErrorInvalidValue;
    }
    return location.id == 0 ? cudaSuccess : cudaErrorInvalidDevice;
}

}  // namespace

cudaError_t mallocAsync(void** pointer, size_t bytes, cudaMemPool_t pool, cudaStream_t stream, ElementType element,
                        const char* how, const char* file, int line) {
    const StreamWork work(stream);  // before the lock: on the legacy stream, what is queued runs first
    const DeviceLock lock;
    Pools& pools = Pools::get();
    if (pointer == nullptr || (pool != nullptr && !pools.exists(pool))) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (work.refusal() != cudaSuccess) {
        return api().answer(work.refusal());
    }
    if (work.captured()) {
        return api().answer(captureAllocation(work, pointer, bytes, element, how, file, line));
    }
    const cudaError_t error = allocate(pointer, bytes, MemoryKind::Device, element, how, file, line);
    if (error == cudaSuccess && *pointer != nullptr) {
        cudaMemPool_t from = pool != nullptr ? pool : pools.current;
        pools.allocations[*pointer] = {from, bytes};
        allocated(from, bytes);
    }
    return error;
}

void forgetPoolAllocation(const void* address) {
    const DeviceLock lock;
    Pools& pools = Pools::get();
    const auto found = pools.allocations.find(address);
    if (found != pools.allocations.end()) {
        found->second.first->used -= found->second.second;
        pools.allocations.erase(found);
    }
}

void releaseAboveThresholds() {
    const DeviceLock lock;
    Pools& pools = Pools::get();
    trim(&pools.defaultPool, pools.defaultPool.releaseThreshold);
    for (const auto& pool : pools.created) {
        trim(pool.get(), pool->releaseThreshold);
    }
}

}  // namespace warp_emulator

using warp_emulator::api;
using warp_emulator::DeviceLock;
using warp_emulator::Pools;

cudaError_t cudaFreeAsync(void* pointer, cudaStream_t stream, const char* file, int line) {
    const warp_emulator::StreamWork work(stream);  // before the lock: on the legacy stream, what is queued runs first
    const DeviceLock lock;
    if (work.refusal() != cudaSuccess) {
        return api().answer(work.refusal());
    }
    if (work.captured()) {
        if (pointer == nullptr) {
            return api().answer(cudaErrorInvalidValue);
        }
        warp_emulator::captureFree(work, pointer, "cudaFreeAsync", file, line);
        return cudaSuccess;
    }
    if (work.queued() && pointer != nullptr) {
        const warp_emulator::Allocation* allocation =
            warp_emulator::inDeviceArena(pointer) ? warp_emulator::DeviceMemory::instance().holding(pointer) : nullptr;
        // Graph memory may be allocated by work queued before this free.
        if (allocation == nullptr || !(allocation->live || allocation->reserved) || allocation->start != pointer ||
            allocation->kind != warp_emulator::MemoryKind::Device) {
            return api().answer(cudaErrorInvalidValue);
        }
        work.queue([pointer, file, line] {
            warp_emulator::release(pointer, warp_emulator::MemoryKind::Device, "cudaFreeAsync", file, line);
        });
        return cudaSuccess;
    }
    return warp_emulator::release(pointer, warp_emulator::MemoryKind::Device, "cudaFreeAsync", file, line);
}

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t* pool, int device) {
    if (pool == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (device != 0) {
        return api().answer(cudaErrorInvalidDevice);
    }
    *pool = &Pools::get().defaultPool;
    return cudaSuccess;
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t* pool, int device) {
    const DeviceLock lock;
    if (pool == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (device != 0) {
        return api().answer(cudaErrorInvalidDevice);
    }
    *pool = Pools::get().current;
    return cudaSuccess;
}

cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t pool) {
    const DeviceLock lock;
    if (device != 0) {
        return api().answer(cudaErrorInvalidDevice);
    }
    if (!Pools::get().exists(pool)) {
        return api().answer(cudaErrorInvalidValue);
    }
    Pools::get().current = pool;
    return cudaSuccess;
}

cudaError_t cudaMemPoolCreate(cudaMemPool_t* pool, const cudaMemPoolProps* properties) {
    const DeviceLock lock;
    if (pool == nullptr || properties == nullptr || properties->allocType != cudaMemAllocationTypePinned) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (const cudaError_t error = warp_emulator::checkLocation(properties->location); error != cudaSuccess) {
        return api().answer(error);
    }
    auto made = std::make_unique<CUmemPoolHandle_st>();
    made->properties = *properties;
    *pool = made.get();
    Pools::get().created.push_back(std::move(made));
    return cudaSuccess;
}

cudaError_t cudaMemPoolDestroy(cudaMemPool_t pool) {
    const DeviceLock lock;
    Pools& pools = Pools::get();
    if (pool == &pools.defaultPool || !pools.exists(pool)) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (pools.current == pool) {
        pools.current = &pools.defaultPool;
    }
    // Its live allocations stay usable until they are freed; they are no longer counted.
    for (auto it = pools.allocations.begin(); it != pools.allocations.end();) {
        it = it->second.first == pool ? pools.allocations.erase(it) : std::next(it);
    }
    pools.created.erase(std::remove_if(pools.created.begin(), pools.created.end(),
                                       [&](const auto& made) { return made.get() == pool; }),
                        pools.created.end());
    return cudaSuccess;
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attribute, void* value) {
    const DeviceLock lock;
    if (!Pools::get().exists(pool) || value == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    switch (attribute) {
        case cudaMemPoolReuseFollowEventDependencies:
        case cudaMemPoolReuseAllowOpportunistic:
        case cudaMemPoolReuseAllowInternalDependencies:
            pool->reuse[attribute - cudaMemPoolReuseFollowEventDependencies] = *static_cast<int*>(value);
            return cudaSuccess;
        case cudaMemPoolAttrReleaseThreshold:
            pool->releaseThreshold = *static_cast<std::uint64_t*>(value);
            return cudaSuccess;
        case cudaMemPoolAttrReservedMemHigh:
        case cudaMemPoolAttrUsedMemHigh:
            if (*static_cast<std::uint64_t*>(value) != 0) {
                return api().answer(cudaErrorInvalidValue);  // only a reset to 0
            }
            if (attribute == cudaMemPoolAttrReservedMemHigh) {
                pool->reservedHigh = pool->reserved;
            } else {
                pool->usedHigh = pool->used;
            }
            return cudaSuccess;
        default: return api().answer(cudaErrorInvalidValue);
    }
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attribute, void* value) {
    const DeviceLock lock;
    if (!Pools::get().exists(pool) || value == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    std::uint64_t* answer = static_cast<std::uint64_t*>(value);
    switch (attribute) {
        case cudaMemPoolReuseFollowEventDependencies:
        case cudaMemPoolReuseAllowOpportunistic:
        case cudaMemPoolReuseAllowInternalDependencies:
            *static_cast<int*>(value) = pool->reuse[attribute - cudaMemPoolReuseFollowEventDependencies];
            return cudaSuccess;
        case cudaMemPoolAttrReleaseThreshold: *answer = pool->releaseThreshold; return cudaSuccess;
        case cudaMemPoolAttrReservedMemCurrent: *answer = pool->reserved; return cudaSuccess;
        case cudaMemPoolAttrReservedMemHigh: *answer = pool->reservedHigh; return cudaSuccess;
        case cudaMemPoolAttrUsedMemCurrent: *answer = pool->used; return cudaSuccess;
        case cudaMemPoolAttrUsedMemHigh: *answer = pool->usedHigh; return cudaSuccess;
        default: return api().answer(cudaErrorInvalidValue);
    }
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, size_t minimumBytesToKeep) {
    const DeviceLock lock;
    if (!Pools::get().exists(pool)) {
        return api().answer(cudaErrorInvalidValue);
    }
    warp_emulator::trim(pool, minimumBytesToKeep);
    return cudaSuccess;
}

cudaError_t cudaMemPoolSetAccess(cudaMemPool_t pool, const cudaMemAccessDesc* descriptions, size_t count) {
    const DeviceLock lock;
    if (!Pools::get().exists(pool) || (count != 0 && descriptions == nullptr)) {
        return api().answer(cudaErrorInvalidValue);
    }
    for (size_t i = 0; i < count; ++i) {
        if (const cudaError_t error = warp_emulator::checkLocation(descriptions[i].location); error != cudaSuccess) {
            return api().answer(error);
        }
    }
    return cudaSuccess;  // one device: its own pools are its own to read and write
}

cudaError_t cudaMemPoolGetAccess(cudaMemAccessFlags* flags, cudaMemPool_t pool, cudaMemLocation* location) {
    const DeviceLock lock;
    if (flags == nullptr || location == nullptr || !Pools::get().exists(pool)) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (const cudaError_t error = warp_emulator::checkLocation(*location); error != cudaSuccess) {
        return api().answer(error);
    }
    *flags = cudaMemAccessFlagsProtReadWrite;
    return cudaSuccess;
}
