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
cudaError_t occupancy(int* blocksPerMultiprocessor, const void* kernel, int blockSize, size_t dynamicSharedBytes);
cudaError_t potentialBlockSize(int* minGridSize, int* blockSize, const void* kernel, size_t dynamicSharedBytes,
                               int blockSizeLimit);

}  // namespace warp_emulator

template <typename... Parameters>
cudaError_t cudaFuncSetCacheConfig(void (*)(Parameters...), cudaFuncCache) {
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
// The same for a kernel cast to void* (CUDA's templates take any pointer).
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, const void* kernel, int blockSize,
                                                                 size_t dynamicSharedBytes) {
    return warp_emulator::occupancy(blocks, kernel, blockSize, dynamicSharedBytes);
}
inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int* minGridSize, int* blockSize, const void* kernel,
                                                      size_t dynamicSharedBytes = 0, int blockSizeLimit = 0) {
    return warp_emulator::potentialBlockSize(minGridSize, blockSize, kernel, dynamicSharedBytes, blockSizeLimit);
}

// cudaLaunchKernel(kernel, grid, block, args, sharedBytes, stream): a launch
// whose arguments are an array of pointers to them, each of the type of its
// parameter; the kernel typed, or cast to void* (launch.hpp's registeredKernel).
template <typename... Parameters>
cudaError_t cudaLaunchKernel(void (*kernel)(Parameters...), dim3 grid, dim3 block, void** arguments,
                             size_t sharedBytes = 0, cudaStream_t = nullptr) {
    warp_emulator::launchFromArray(kernel, grid, block, arguments, sharedBytes, std::index_sequence_for<Parameters...>{});
    return cudaPeekAtLastError();
}
cudaError_t cudaLaunchKernel(const void* kernel, dim3 grid, dim3 block, void** arguments, size_t sharedBytes = 0,
                             cudaStream_t stream = nullptr);
