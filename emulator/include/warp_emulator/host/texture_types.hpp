// texture_types.hpp: the types of CUDA arrays, texture objects and surface
// objects, with CUDA 13.0's names, fields and values (the Toolkit's
// driver_types.h, texture_types.h and surface_types.h declare them), for the
// host program that makes them (host/texture_api.hpp) and the kernel that
// fetches through them (device/textures.hpp).
//
// A cudaArray_t and a texture or surface object are handles, as on a GPU:
// what they stand for is the runtime's (runtime/memory/texture_objects.hpp).
// A CUDA array's texels live in the emulator's device memory, each array an
// allocation of its own, with its shadows, so that the checks cover what
// kernels read and write through textures and surfaces as they cover any
// other device memory.
#pragma once

#include <cstddef>

#include "runtime_enums.hpp"

// One texel's channels: bits of x, y, z and w, and their kind (cudaCreateChannelDesc).
struct cudaChannelFormatDesc {
    int x;
    int y;
    int z;
    int w;
    cudaChannelFormatKind f;
};

// The arrays' handles: never defined for the program, which only passes them.
struct cudaArray;
using cudaArray_t = cudaArray*;
using cudaArray_const_t = const cudaArray*;
struct cudaMipmappedArray;
using cudaMipmappedArray_t = cudaMipmappedArray*;
using cudaMipmappedArray_const_t = const cudaMipmappedArray*;

// cudaMallocArray's and cudaMalloc3DArray's flags.
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
#define cudaArrayColorAttachment 0x20
#define cudaArraySparse 0x40
#define cudaArrayDeferredMapping 0x80

// What a texture or surface object reads: a CUDA array, or device memory.
struct cudaResourceDesc {
    cudaResourceType resType;
    union {
        struct {
            cudaArray_t array;
        } array;
        struct {
            cudaMipmappedArray_t mipmap;
        } mipmap;
        struct {
            void* devPtr;
            cudaChannelFormatDesc desc;
            size_t sizeInBytes;
        } linear;
        struct {
            void* devPtr;
            cudaChannelFormatDesc desc;
            size_t width;   // in elements
            size_t height;  // in elements
            size_t pitchInBytes;
        } pitch2D;
        struct {
            int reserved[32];
        } reserved;
    } res;
    unsigned int flags;
};

struct cudaResourceViewDesc {
    cudaResourceViewFormat format;
    size_t width;
    size_t height;
    size_t depth;
    unsigned int firstMipmapLevel;
    unsigned int lastMipmapLevel;
    unsigned int firstLayer;
    unsigned int lastLayer;
    unsigned int reserved[16];
};

// How a texture object samples what it reads.
#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaTextureTypeCubemapLayered 0xFC

struct cudaTextureDesc {
    cudaTextureAddressMode addressMode[3];
    cudaTextureFilterMode filterMode;
    cudaTextureReadMode readMode;
    int sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned int maxAnisotropy;
    cudaTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias;
    float minMipmapLevelClamp;
    float maxMipmapLevelClamp;
    int disableTrilinearOptimization;
    int seamlessCubemap;
};

using cudaTextureObject_t = unsigned long long;

#define cudaSurfaceType1D 0x01
#define cudaSurfaceType2D 0x02
#define cudaSurfaceType3D 0x03
#define cudaSurfaceTypeCubemap 0x0C
#define cudaSurfaceType1DLayered 0xF1
#define cudaSurfaceType2DLayered 0xF2
#define cudaSurfaceTypeCubemapLayered 0xFC

using cudaSurfaceObject_t = unsigned long long;
