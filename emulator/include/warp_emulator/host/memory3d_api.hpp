// memory3d_api.hpp: pitched 3D memory (cudaMalloc3D, cudaMemcpy3D,
// cudaMemset3D, their types and make_ functions) and copies between devices
// (cudaMemcpyPeer), as a host program calls them (runtime/api/memory3d.cpp).
//
// A 3D copy is a copy of rows: `extent.width` bytes of each of
// `extent.height` rows of each of `extent.depth` slices, a row starting
// `pitch` bytes after the one before and a slice `pitch * ysize` bytes after
// the one before; each row is checked as cudaMemcpy checks its bytes. Either
// side may be a CUDA array instead (cudaArray_t): the textures' part of the
// runtime copies those (texture_api.hpp's warp_emulator::copy3DWithArray).
// There is one device, so a peer copy is a copy on it.
#pragma once

#include <cstddef>

#include "../device/kernel_calls.hpp"
#include "memory_3d_types.hpp"
#include "runtime_types.hpp"

namespace warp_emulator {

cudaError_t malloc3D(cudaPitchedPtr* pointer, cudaExtent extent, const char* file, int line);

}  // namespace warp_emulator

// Rows of `extent.width` bytes, each starting at a multiple of 512 bytes, as
// cudaMallocPitch makes them; `extent.height * extent.depth` of them.
inline cudaError_t cudaMalloc3D(cudaPitchedPtr* pointer, cudaExtent extent, WARP_EMULATOR_SITE) {
    return warp_emulator::malloc3D(pointer, extent, file, line);
}
cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* parameters, WARP_EMULATOR_SITE);
cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms* parameters, cudaStream_t stream = nullptr, WARP_EMULATOR_SITE);
cudaError_t cudaMemset3D(cudaPitchedPtr pointer, int value, cudaExtent extent, WARP_EMULATOR_SITE);
cudaError_t cudaMemset3DAsync(cudaPitchedPtr pointer, int value, cudaExtent extent, cudaStream_t stream = nullptr,
                              WARP_EMULATOR_SITE);

// Device 0 to device 0: the only device there is.
cudaError_t cudaMemcpyPeer(void* destination, int destinationDevice, const void* source, int sourceDevice, size_t bytes);
cudaError_t cudaMemcpyPeerAsync(void* destination, int destinationDevice, const void* source, int sourceDevice,
                                size_t bytes, cudaStream_t stream = nullptr, WARP_EMULATOR_SITE);
cudaError_t cudaMemcpy3DPeer(const cudaMemcpy3DPeerParms* parameters);
cudaError_t cudaMemcpy3DPeerAsync(const cudaMemcpy3DPeerParms* parameters, cudaStream_t stream = nullptr);
