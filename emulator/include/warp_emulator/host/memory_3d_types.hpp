// memory_3d_types.hpp: what a 3D copy names (cudaMemcpy3D) and its make_
// functions, with CUDA 13.0's names and fields (the Toolkit's driver_types.h
// declares the types, driver_functions.h the functions). A CUDA array's side
// of cudaMemcpy3D is texture_api.hpp's; linear memory's, the memory part's.
#pragma once

#include <cstddef>

#include "runtime_enums.hpp"
#include "texture_types.hpp"

struct cudaPitchedPtr {
    void* ptr;
    size_t pitch;  // bytes from one row to the next
    size_t xsize;  // the rows' width, in elements
    size_t ysize;  // rows
};

// In elements of a CUDA array where one takes part in the copy, else in bytes (width) and rows.
struct cudaExtent {
    size_t width;
    size_t height;
    size_t depth;
};

struct cudaPos {
    size_t x;
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

inline cudaPitchedPtr make_cudaPitchedPtr(void* pointer, size_t pitch, size_t xsize, size_t ysize) {
    return {pointer, pitch, xsize, ysize};
}
inline cudaPos make_cudaPos(size_t x, size_t y, size_t z) { return {x, y, z}; }
inline cudaExtent make_cudaExtent(size_t width, size_t height, size_t depth) { return {width, height, depth}; }
