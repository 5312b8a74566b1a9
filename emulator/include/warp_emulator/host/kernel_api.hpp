// kernel_api.hpp: what a host program asks of a kernel: its attributes,
// occupancy, cache preference, and cudaLaunchKernel (runtime/api/kernels.cpp).
// The templates take a kernel's address, as CUDA's own overloads do.
#pragma once

#include <cstddef>
#include <utility>

#include "launch.hpp"
#include "runtime_types.hpp"

namespace warp_emulator {

// What the runtime knows of a kernel, by its address.
cudaError_t functionAttributes(cudaFuncAttributes* attributes, const void* kernel);
cudaError_t setFunctionAttribute(const void* kernel, cudaFuncAttribute attribute, int value);

}  // namespace warp_emulator

constexpr unsigned int cudaOccupancyDefault = 0x0;
constexpr unsigned int cudaOccupancyDisableCachingOverride = 0x1;

template <typename... Parameters>
cudaError_t cudaFuncSetCacheConfig(void (*)(Parameters...), cudaFuncCache) {
    return cudaSuccess;
}
inline cudaError_t cudaFuncSetCacheConfig(const void*, cudaFuncCache) { return cudaSuccess; }
// A kernel's bank size, deprecated as the device's is: nothing to change.
template <typename... Parameters>
cudaError_t cudaFuncSetSharedMemConfig(void (*)(Parameters...), cudaSharedMemConfig) {
    return cudaSuccess;
}
inline cudaError_t cudaFuncSetSharedMemConfig(const void*, cudaSharedMemConfig) { return cudaSuccess; }

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
inline cudaError_t cudaFuncSetAttribute(const void* kernel, cudaFuncAttribute attribute, int value) {
    return warp_emulator::setFunctionAttribute(kernel, attribute, value);
}

// Occupancy, as an H200's multiprocessor limits it: 2048 threads, 32 blocks
// and 228 KiB of shared memory (each block's, its __shared__ variables, its
// dynamic bytes and 1 KiB the system reserves, in units of 128 bytes).
// Registers would limit it too, but a kernel's count of them is a GPU
// compiler's, unknown here: it limits nothing (runtime/api/kernels.cpp).
// A kernel is given by its address, typed or cast to void*, as CUDA's own
// overloads take it.
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks, const void* kernel, int blockSize,
                                                                   size_t dynamicSharedBytes, unsigned int flags);
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, const void* kernel, int blockSize,
                                                                 size_t dynamicSharedBytes) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, kernel, blockSize, dynamicSharedBytes,
                                                                  cudaOccupancyDefault);
}
template <typename... Parameters>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, void (*kernel)(Parameters...), int blockSize,
                                                          size_t dynamicSharedBytes) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, reinterpret_cast<const void*>(kernel),
                                                                  blockSize, dynamicSharedBytes, cudaOccupancyDefault);
}
template <typename... Parameters>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks, void (*kernel)(Parameters...),
                                                                   int blockSize, size_t dynamicSharedBytes,
                                                                   unsigned int flags) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, reinterpret_cast<const void*>(kernel),
                                                                  blockSize, dynamicSharedBytes, flags);
}
// The dynamic shared memory a block may take and still let `blocks` blocks
// of `blockSize` threads run on one multiprocessor.
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSharedBytes, const void* kernel, int blocks,
                                                      int blockSize);
template <typename... Parameters>
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSharedBytes, void (*kernel)(Parameters...),
                                                      int blocks, int blockSize) {
    return cudaOccupancyAvailableDynamicSMemPerBlock(dynamicSharedBytes, reinterpret_cast<const void*>(kernel), blocks,
                                                     blockSize);
}

namespace warp_emulator {

// The block size, a multiple of 32 up to `blockSizeLimit` (0: 1024), that
// lets the most threads run on one multiprocessor (the largest such size on
// a tie), and the grid that fills the device's 132 multiprocessors with it.
// `sharedBytesFor(size)` is the dynamic shared memory a block of `size` threads takes.
template <typename SharedBytesFor>
cudaError_t potentialBlockSize(int* minGridSize, int* blockSize, const void* kernel, SharedBytesFor sharedBytesFor,
                               int blockSizeLimit, unsigned int flags) {
    if (minGridSize == nullptr || blockSize == nullptr || kernel == nullptr) {
        return cudaErrorInvalidValue;
    }
    constexpr int kThreadsPerMultiprocessor = 2048, kMultiprocessors = 132, kMaxBlockSize = 1024;
    const int limit = blockSizeLimit <= 0 || blockSizeLimit > kMaxBlockSize ? kMaxBlockSize : blockSizeLimit;
    int bestSize = 0, bestBlocks = 0, bestThreads = 0;
    for (int aligned = (limit + warpSize - 1) / warpSize * warpSize; aligned > 0; aligned -= warpSize) {
        const int size = aligned > limit ? limit : aligned;
        int blocks = 0;
        const cudaError_t error = cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            &blocks, kernel, size, static_cast<size_t>(sharedBytesFor(size)), flags);
        if (error != cudaSuccess) {
            return error;
        }
        if (blocks * size > bestThreads) {
            bestSize = size;
            bestBlocks = blocks;
            bestThreads = blocks * size;
        }
        if (bestThreads == kThreadsPerMultiprocessor) {
            break;
        }
    }
    *minGridSize = bestBlocks * kMultiprocessors;
    *blockSize = bestSize;
    return cudaSuccess;
}

}  // namespace warp_emulator

template <typename Kernel, typename SharedBytesFor>
cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(int* minGridSize, int* blockSize, Kernel kernel,
                                                                    SharedBytesFor sharedBytesFor,
                                                                    int blockSizeLimit = 0, unsigned int flags = 0) {
    return warp_emulator::potentialBlockSize(minGridSize, blockSize, reinterpret_cast<const void*>(kernel),
                                             sharedBytesFor, blockSizeLimit, flags);
}
template <typename Kernel, typename SharedBytesFor>
cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int* minGridSize, int* blockSize, Kernel kernel,
                                                           SharedBytesFor sharedBytesFor, int blockSizeLimit = 0) {
    return warp_emulator::potentialBlockSize(minGridSize, blockSize, reinterpret_cast<const void*>(kernel),
                                             sharedBytesFor, blockSizeLimit, cudaOccupancyDefault);
}
template <typename Kernel>
cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int* minGridSize, int* blockSize, Kernel kernel,
                                                        size_t dynamicSharedBytes = 0, int blockSizeLimit = 0,
                                                        unsigned int flags = 0) {
    return warp_emulator::potentialBlockSize(minGridSize, blockSize, reinterpret_cast<const void*>(kernel),
                                             [dynamicSharedBytes](int) { return dynamicSharedBytes; }, blockSizeLimit,
                                             flags);
}
template <typename Kernel>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int* minGridSize, int* blockSize, Kernel kernel,
                                               size_t dynamicSharedBytes = 0, int blockSizeLimit = 0) {
    return cudaOccupancyMaxPotentialBlockSizeWithFlags(minGridSize, blockSize, kernel, dynamicSharedBytes,
                                                       blockSizeLimit, cudaOccupancyDefault);
}
// cudaLaunchKernel(kernel, grid, block, args, sharedBytes, stream): a launch
// whose arguments are an array of pointers to them, each of the type of its
// parameter; the kernel typed, or cast to void* (launch.hpp's registeredKernel).
template <typename... Parameters>
cudaError_t cudaLaunchKernel(void (*kernel)(Parameters...), dim3 grid, dim3 block, void** arguments,
                             size_t sharedBytes = 0, cudaStream_t stream = nullptr, WARP_EMULATOR_SITE) {
    warp_emulator::launchFromArray(kernel, grid, block, arguments, sharedBytes, std::index_sequence_for<Parameters...>{},
                                   stream, file, line);
    return cudaPeekAtLastError();
}
cudaError_t cudaLaunchKernel(const void* kernel, dim3 grid, dim3 block, void** arguments, size_t sharedBytes = 0,
                             cudaStream_t stream = nullptr, WARP_EMULATOR_SITE);
