// memory_3d_types.hpp: what a 3D copy names (cudaMemcpy3D, cudaMemcpy3DPeer)
// and its make_ functions, with CUDA 13.0's names and fields (the Toolkit's
// driver_types.h declares the types, driver_functions.h the functions). The
// copies are memory3d_api.hpp's; a CUDA array's side, texture_api.hpp's.
#pragma once

#include <cstddef>

#include "runtime_enums.hpp"
#include "texture_types.hpp"

struct cudaPitchedPtr {
    void* ptr;
    size_t pitch;  // bytes from one row's start to the next's
    size_t xsize;  // the rows' width, in elements (bytes for memory from cudaMalloc3D)
    size_t ysize;  // rows in a slice
};

// In elements of a CUDA array where one takes part in the copy, else in bytes (width) and rows.
struct cudaExtent {
    size_t width;
    size_t height;
    size_t depth;
};

struct cudaPos {
    size_t x;  // bytes into a row for linear memory, elements for a CUDA array
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
    return {pointer, pitch, xsize, ysize};
}
inline cudaPos make_cudaPos(size_t x, size_t y, size_t z) { return {x, y, z}; }
inline cudaExtent make_cudaExtent(size_t width, size_t height, size_t depth) { return {width, height, depth}; }
