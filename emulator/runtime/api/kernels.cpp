// kernels.cpp: what the runtime knows of a kernel: its attributes and
// occupancy (warp_emulator/host/kernel_api.hpp).
#include <algorithm>
#include <cstdio>

#include "api/api_state.hpp"
#include "memory/spaces.hpp"
#include "memory/symbols.hpp"
#include "warp_emulator/host/runtime_api.hpp"

namespace warp_emulator {

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
