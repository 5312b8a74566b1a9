// kernels.cpp: what the runtime knows of a kernel: its attributes and
// occupancy (warp_emulator/host/kernel_api.hpp).
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

void registerKernel(const RegisteredKernel& kernel) { registry()[kernel.address] = kernel; }

const RegisteredKernel* registeredKernelAt(const void* address) {
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

// A kernel cast to void*, launched through the launcher its cast registered
// (warp_emulator/host/launch.hpp). One that no cast the emulator's rewriting
// saw registered (a void* made elsewhere) is refused, saying so.
cudaError_t cudaLaunchKernel(const void* kernel, dim3 grid, dim3 block, void** arguments, size_t sharedBytes,
                             cudaStream_t) {
    const warp_emulator::RegisteredKernel* registered = warp_emulator::registeredKernelAt(kernel);
    if (registered == nullptr) {
        std::fprintf(stderr,
                     "warp emulator: cudaLaunchKernel was given %p, which is no kernel the emulator saw cast to "
                     "void* ((void*)kernel in a .cu file): it cannot tell the kernel's parameters\n",
                     kernel);
        return warp_emulator::api().answer(cudaErrorInvalidDeviceFunction);
    }
    registered->launch(kernel, grid, block, arguments, sharedBytes);
    return cudaPeekAtLastError();
}
