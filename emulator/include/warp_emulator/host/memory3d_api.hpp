// memory3d_api.hpp: pitched 3D memory (cudaMalloc3D, cudaMemcpy3D,
// cudaMemset3D, their types and make_ functions) and copies between devices
// (cudaMemcpyPeer), as a host program calls them (runtime/api/memory3d.cpp).
//
// A 3D copy is a copy of rows: `extent.width` bytes of each of
// `extent.height` rows of each of `extent.depth` slices, a row starting
// `pitch` bytes after the one before and a slice `pitch * ysize` bytes after
// the one before; each row is checked as cudaMemcpy checks its bytes. Either
// side may be a CUDA array instead (cudaArray_t): the textures' part of the
// runtime copies those; this one says so and copies nothing.
// There is one device, so a peer copy is a copy on it.
#pragma once

#include <cstddef>

#include "../device/kernel_calls.hpp"
#include "runtime_types.hpp"

// An opaque CUDA array (textures own them).
struct cudaArray;
typedef struct cudaArray* cudaArray_t;
typedef const struct cudaArray* cudaArray_const_t;

struct cudaPitchedPtr {
    void* ptr;
    size_t pitch;  // bytes from one row's start to the next's
    size_t xsize;  // the row's width, in elements (bytes for memory from cudaMalloc3D)
    size_t ysize;  // rows in a slice
};

// A width in bytes for linear memory (in elements for an array), a height in rows, a depth in slices.
struct cudaExtent {
    size_t width;
    size_t height;
    size_t depth;
};

struct cudaPos {
    size_t x;  // bytes into a row for linear memory
    size_t y;
    size_t z;
};

struct cudaMemcpy3DParms {
    cudaArray_t srcArray;
    cudaPos srcPos;
    cudaPitchedPtr srcPtr;
    cudaArray_t dstArray;
    cudaPos dstPos;
    cudaPitchedPtr dstPtr;
    cudaExtent extent;
    cudaMemcpyKind kind;
};

struct cudaMemcpy3DPeerParms {
    cudaArray_t srcArray;
    cudaPos srcPos;
    cudaPitchedPtr srcPtr;
    int srcDevice;
    cudaArray_t dstArray;
    cudaPos dstPos;
    cudaPitchedPtr dstPtr;
    int dstDevice;
    cudaExtent extent;
};

inline cudaPitchedPtr make_cudaPitchedPtr(void* pointer, size_t pitch, size_t xsize, size_t ysize) {
    return cudaPitchedPtr{pointer, pitch, xsize, ysize};
}
inline cudaPos make_cudaPos(size_t x, size_t y, size_t z) { return cudaPos{x, y, z}; }
inline cudaExtent make_cudaExtent(size_t width, size_t height, size_t depth) { return cudaExtent{width, height, depth}; }

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
