// kernels.cpp: what the runtime knows of a kernel: its attributes and
// occupancy, and launches of a kernel cast to void* (warp_emulator/host/kernel_api.hpp).
#include <algorithm>
#include <cstdio>
#include <map>

#include "api/api_state.hpp"
#include "memory/spaces.hpp"
#include "memory/symbols.hpp"
#include "warp_emulator/host/runtime_api.hpp"

namespace warp_emulator {

namespace {

std::map<const void*, RegisteredKernel>& registry() {
    static auto* kernels = new std::map<const void*, RegisteredKernel>;
    return *kernels;
}

}  // namespace

void registerKernel(const RegisteredKernel& kernel) {
    const DeviceLock lock;
    registry()[kernel.address] = kernel;
}

const RegisteredKernel* registeredKernelAt(const void* address) {
    const DeviceLock lock;
    const auto found = registry().find(address);
    return found == registry().end() ? nullptr : &found->second;
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

// An H200's multiprocessor (evidence/h200-device-properties.txt): 2048
// threads (64 warps), 32 blocks, 228 KiB of shared memory, of which each
// block takes its own bytes and 1 KiB the system reserves, in units of 128
// bytes. Registers are unknown here and limit nothing.
namespace {

constexpr int kWarpsPerMultiprocessor = 64;
constexpr int kBlocksPerMultiprocessor = 32;
constexpr size_t kSharedBytesPerMultiprocessor = 233472;
constexpr size_t kReservedSharedBytesPerBlock = 1024;
constexpr size_t kSharedAllocationUnit = 128;

size_t staticSharedBytes(const void* kernel) {
    const long long shared = SymbolTable::get().sharedBytesOf(kernel);
    return shared > 0 ? static_cast<size_t>(shared) : 0;
}

// The dynamic shared memory one block of the kernel may have at most.
size_t dynamicSharedLimit(const void* kernel) {
    const auto optIn = api().dynamicSharedOptIn.find(kernel);
    if (optIn != api().dynamicSharedOptIn.end()) {
        return optIn->second;
    }
    const size_t shared = staticSharedBytes(kernel);
    return shared < kSharedBytesWithoutOptIn ? kSharedBytesWithoutOptIn - shared : 0;
}

// How many blocks of `blockSize` threads the warps and the block count allow.
int blocksByThreads(int blockSize) {
    const int warps = (blockSize + warpSize - 1) / warpSize;
    return std::min(kBlocksPerMultiprocessor, kWarpsPerMultiprocessor / warps);
}

size_t sharedBytesPerBlock(const void* kernel, size_t dynamicSharedBytes) {
    const size_t bytes = staticSharedBytes(kernel) + dynamicSharedBytes + kReservedSharedBytesPerBlock;
    return (bytes + kSharedAllocationUnit - 1) / kSharedAllocationUnit * kSharedAllocationUnit;
}

}  // namespace

cudaError_t occupancy(int* blocksPerMultiprocessor, const void* kernel, int blockSize, size_t dynamicSharedBytes) {
    if (blocksPerMultiprocessor == nullptr || kernel == nullptr || blockSize <= 0) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (blockSize > 1024 || dynamicSharedBytes > dynamicSharedLimit(kernel)) {
        *blocksPerMultiprocessor = 0;  // no block of this kind can run at all
        return api().answer(cudaSuccess);
    }
    const int byShared = static_cast<int>(kSharedBytesPerMultiprocessor / sharedBytesPerBlock(kernel, dynamicSharedBytes));
    *blocksPerMultiprocessor = std::min(blocksByThreads(blockSize), byShared);
    return api().answer(cudaSuccess);
}

cudaError_t availableDynamicShared(size_t* dynamicSharedBytes, const void* kernel, int blocks, int blockSize) {
    if (dynamicSharedBytes == nullptr || kernel == nullptr || blocks <= 0 || blockSize <= 0) {
        return api().answer(cudaErrorInvalidValue);
    }
    *dynamicSharedBytes = 0;
    if (blockSize > 1024 || blocks > blocksByThreads(blockSize)) {
        return api().answer(cudaSuccess);
    }
    const size_t perBlock = kSharedBytesPerMultiprocessor / static_cast<size_t>(blocks) / kSharedAllocationUnit *
                            kSharedAllocationUnit;
    const size_t taken = staticSharedBytes(kernel) + kReservedSharedBytesPerBlock;
    if (perBlock > taken) {
        *dynamicSharedBytes = std::min(perBlock - taken, dynamicSharedLimit(kernel));
    }
    return api().answer(cudaSuccess);
}

}  // namespace warp_emulator

// A kernel cast to void*, launched through the launcher its cast registered
// (warp_emulator/host/launch.hpp). One that no cast the emulator's rewriting
// saw registered (a void* made elsewhere) is refused, saying so.
cudaError_t cudaLaunchKernel(const void* kernel, dim3 grid, dim3 block, void** arguments, size_t sharedBytes,
                             cudaStream_t stream, const char* file, int line) {
    const warp_emulator::RegisteredKernel* registered = warp_emulator::registeredKernelAt(kernel);
    if (registered == nullptr) {
        std::fprintf(stderr,
                     "warp emulator: cudaLaunchKernel was given %p, which is no kernel the emulator saw cast to "
                     "void* ((void*)kernel in a .cu file): it cannot tell the kernel's parameters\n",
                     kernel);
        return warp_emulator::api().answer(cudaErrorInvalidDeviceFunction);
    }
    if (warp_emulator::launchIsKept(stream)) {
        warp_emulator::keepLaunch(stream, registered->keep(kernel, arguments), grid, block, sharedBytes, file, line);
    } else {
        registered->launch(kernel, grid, block, arguments, sharedBytes);
    }
    return cudaPeekAtLastError();
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks, const void* kernel, int blockSize,
                                                                   size_t dynamicSharedBytes, unsigned int) {
    return warp_emulator::occupancy(blocks, kernel, blockSize, dynamicSharedBytes);
}

cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSharedBytes, const void* kernel, int blocks,
                                                      int blockSize) {
    return warp_emulator::availableDynamicShared(dynamicSharedBytes, kernel, blocks, blockSize);
}
