// texture_api.hpp: channel descriptors, CUDA arrays and the copies into and
// out of them, texture objects and surface objects, as a host program calls
// them (runtime/api/cuda_arrays.cpp, runtime/api/textures.cpp). What a
// kernel does with the objects is device/textures.hpp's.
//
// The calls that make something carry their call site, so that a report can
// name the array ("the 64x64 CUDA array of float from cudaMallocArray at
// x.cu:12") or the object ("texture object 1, which cudaDestroyTextureObject
// at x.cu:40 destroyed").
#pragma once

#include <type_traits>

#include "../device/kernel_calls.hpp"
#include "memory_3d_types.hpp"
#include "runtime_types.hpp"
#include "texture_types.hpp"

// ---------------------------------------------------------------------------
// Channel descriptors
// ---------------------------------------------------------------------------

cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, cudaChannelFormatKind kind);

namespace warp_emulator {

// The channels of a texel type: how many, and of which scalar. Only the
// scalars and the vectors of 1, 2 and 4 that CUDA makes channel descriptors
// for (long only where it has 32 bits, which it has not here).
template <typename T>
struct TexelChannels {
    static constexpr int count = 0;
    using Scalar = void;
};
#define WARP_EMULATOR_TEXEL_CHANNELS(type, scalar, n) \
    template <>                                       \
    struct TexelChannels<type> {                      \
        static constexpr int count = n;               \
        using Scalar = scalar;                        \
    };
#define WARP_EMULATOR_TEXEL_VECTORS(base, scalar)            \
    WARP_EMULATOR_TEXEL_CHANNELS(base##1, scalar, 1)         \
    WARP_EMULATOR_TEXEL_CHANNELS(base##2, scalar, 2)         \
    WARP_EMULATOR_TEXEL_CHANNELS(base##4, scalar, 4)
WARP_EMULATOR_TEXEL_CHANNELS(char, char, 1)
WARP_EMULATOR_TEXEL_CHANNELS(signed char, signed char, 1)
WARP_EMULATOR_TEXEL_CHANNELS(unsigned char, unsigned char, 1)
WARP_EMULATOR_TEXEL_CHANNELS(short, short, 1)
WARP_EMULATOR_TEXEL_CHANNELS(unsigned short, unsigned short, 1)
WARP_EMULATOR_TEXEL_CHANNELS(int, int, 1)
WARP_EMULATOR_TEXEL_CHANNELS(unsigned int, unsigned int, 1)
WARP_EMULATOR_TEXEL_CHANNELS(float, float, 1)
WARP_EMULATOR_TEXEL_VECTORS(char, signed char)
WARP_EMULATOR_TEXEL_VECTORS(uchar, unsigned char)
WARP_EMULATOR_TEXEL_VECTORS(short, short)
WARP_EMULATOR_TEXEL_VECTORS(ushort, unsigned short)
WARP_EMULATOR_TEXEL_VECTORS(int, int)
WARP_EMULATOR_TEXEL_VECTORS(uint, unsigned int)
WARP_EMULATOR_TEXEL_VECTORS(float, float)
#undef WARP_EMULATOR_TEXEL_VECTORS
#undef WARP_EMULATOR_TEXEL_CHANNELS

}  // namespace warp_emulator

// cudaCreateChannelDesc<float4>(): 32 bits in each of four channels, of kind
// float. A type CUDA makes no descriptor for gets (0, 0, 0, 0, None), as CUDA's.
template <typename T>
cudaChannelFormatDesc cudaCreateChannelDesc() {
    using Channels = warp_emulator::TexelChannels<T>;
    using Scalar = typename Channels::Scalar;
    if constexpr (Channels::count == 0) {
        return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
    } else {
        const int bits = static_cast<int>(8 * sizeof(Scalar));
        const cudaChannelFormatKind kind = std::is_floating_point<Scalar>::value ? cudaChannelFormatKindFloat
                                           : std::is_signed<Scalar>::value       ? cudaChannelFormatKindSigned
                                                                                 : cudaChannelFormatKindUnsigned;
        return cudaCreateChannelDesc(bits, Channels::count >= 2 ? bits : 0, Channels::count == 4 ? bits : 0,
                                     Channels::count == 4 ? bits : 0, kind);
    }
}

// cudaCreateChannelDesc<cudaChannelFormatKindUnsignedNormalized8X4>(): the
// formats that name their channels in their kind.
template <cudaChannelFormatKind kind>
cudaChannelFormatDesc cudaCreateChannelDesc() {
    switch (kind) {
        case cudaChannelFormatKindSignedNormalized8X1:
        case cudaChannelFormatKindUnsignedNormalized8X1: return cudaCreateChannelDesc(8, 0, 0, 0, kind);
        case cudaChannelFormatKindSignedNormalized8X2:
        case cudaChannelFormatKindUnsignedNormalized8X2: return cudaCreateChannelDesc(8, 8, 0, 0, kind);
        case cudaChannelFormatKindSignedNormalized8X4:
        case cudaChannelFormatKindUnsignedNormalized8X4: return cudaCreateChannelDesc(8, 8, 8, 8, kind);
        case cudaChannelFormatKindSignedNormalized16X1:
        case cudaChannelFormatKindUnsignedNormalized16X1: return cudaCreateChannelDesc(16, 0, 0, 0, kind);
        case cudaChannelFormatKindSignedNormalized16X2:
        case cudaChannelFormatKindUnsignedNormalized16X2: return cudaCreateChannelDesc(16, 16, 0, 0, kind);
        case cudaChannelFormatKindSignedNormalized16X4:
        case cudaChannelFormatKindUnsignedNormalized16X4: return cudaCreateChannelDesc(16, 16, 16, 16, kind);
        case cudaChannelFormatKindNV12: return cudaCreateChannelDesc(8, 8, 8, 0, kind);
        case cudaChannelFormatKindUnsignedNormalized1010102: return cudaCreateChannelDesc(10, 10, 10, 2, kind);
        default: return cudaCreateChannelDesc(0, 0, 0, 0, kind);
    }
}

// 16-bit floats, which a kernel fetches as float.
inline cudaChannelFormatDesc cudaCreateChannelDescHalf() {
    return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
inline cudaChannelFormatDesc cudaCreateChannelDescHalf1() { return cudaCreateChannelDescHalf(); }
inline cudaChannelFormatDesc cudaCreateChannelDescHalf2() {
    return cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat);
}
inline cudaChannelFormatDesc cudaCreateChannelDescHalf4() {
    return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
}

// ---------------------------------------------------------------------------
// CUDA arrays (runtime/api/cuda_arrays.cpp)
// ---------------------------------------------------------------------------

// A 1D array (height 0) or a 2D one; flags: cudaArraySurfaceLoadStore, cudaArrayTextureGather.
cudaError_t cudaMallocArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, size_t width, size_t height = 0,
                            unsigned int flags = 0, WARP_EMULATOR_SITE);
// A 1D, 2D or 3D array, by which of the extent's sizes are 0; with
// cudaArrayLayered, a 1D (height 0) or 2D array of extent.depth layers; with
// cudaArrayCubemap, six square faces (extent.depth 6), or, with both, six
// faces for each cubemap (extent.depth a multiple of 6).
cudaError_t cudaMalloc3DArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, cudaExtent extent,
                              unsigned int flags = 0, WARP_EMULATOR_SITE);
cudaError_t cudaFreeArray(cudaArray_t array, WARP_EMULATOR_SITE);
cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc* desc, cudaExtent* extent, unsigned int* flags, cudaArray_t array);
cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc* desc, cudaArray_const_t array);

// Rows of `width` bytes into an array, starting `wOffset` bytes into its row `hOffset`.
cudaError_t cudaMemcpy2DToArray(cudaArray_t destination, size_t wOffset, size_t hOffset, const void* source,
                                size_t sourcePitch, size_t width, size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArray(void* destination, size_t destinationPitch, cudaArray_const_t source,
                                  size_t wOffset, size_t hOffset, size_t width, size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t destination, size_t wOffsetDestination, size_t hOffsetDestination,
                                     cudaArray_const_t source, size_t wOffsetSource, size_t hOffsetSource,
                                     size_t width, size_t height, cudaMemcpyKind kind = cudaMemcpyDeviceToDevice);
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t destination, size_t wOffset, size_t hOffset, const void* source,
                                     size_t sourcePitch, size_t width, size_t height, cudaMemcpyKind kind,
                                     cudaStream_t stream = nullptr);
cudaError_t cudaMemcpy2DFromArrayAsync(void* destination, size_t destinationPitch, cudaArray_const_t source,
                                       size_t wOffset, size_t hOffset, size_t width, size_t height,
                                       cudaMemcpyKind kind, cudaStream_t stream = nullptr);
// Deprecated, and still common: `count` bytes in the array's row order, from
// `wOffset` bytes into its row `hOffset` on.
cudaError_t cudaMemcpyToArray(cudaArray_t destination, size_t wOffset, size_t hOffset, const void* source,
                              size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArray(void* destination, cudaArray_const_t source, size_t wOffset, size_t hOffset,
                                size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyArrayToArray(cudaArray_t destination, size_t wOffsetDestination, size_t hOffsetDestination,
                                   cudaArray_const_t source, size_t wOffsetSource, size_t hOffsetSource, size_t count,
                                   cudaMemcpyKind kind = cudaMemcpyDeviceToDevice);
cudaError_t cudaMemcpyToArrayAsync(cudaArray_t destination, size_t wOffset, size_t hOffset, const void* source,
                                   size_t count, cudaMemcpyKind kind, cudaStream_t stream = nullptr);
cudaError_t cudaMemcpyFromArrayAsync(void* destination, cudaArray_const_t source, size_t wOffset, size_t hOffset,
                                     size_t count, cudaMemcpyKind kind, cudaStream_t stream = nullptr);

namespace warp_emulator {
// cudaMemcpy3D where one side or both is a CUDA array.
cudaError_t copy3DWithArray(const cudaMemcpy3DParms& parameters);
}  // namespace warp_emulator

// Mipmapped arrays are not emulated: each of these says so and fails.
cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t* array, const cudaChannelFormatDesc* desc,
                                     cudaExtent extent, unsigned int levels, unsigned int flags = 0);
cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t* level, cudaMipmappedArray_const_t array, unsigned int index);
cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t array);

// ---------------------------------------------------------------------------
// Texture and surface objects (runtime/api/textures.cpp)
// ---------------------------------------------------------------------------

cudaError_t cudaCreateTextureObject(cudaTextureObject_t* texture, const cudaResourceDesc* resource,
                                    const cudaTextureDesc* sampling, const cudaResourceViewDesc* view,
                                    WARP_EMULATOR_SITE);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texture, WARP_EMULATOR_SITE);
cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc* resource, cudaTextureObject_t texture);
cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc* sampling, cudaTextureObject_t texture);
cudaError_t cudaGetTextureObjectResourceViewDesc(cudaResourceViewDesc* view, cudaTextureObject_t texture);

// A surface reads and writes a CUDA array made with cudaArraySurfaceLoadStore.
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t* surface, const cudaResourceDesc* resource,
                                    WARP_EMULATOR_SITE);
cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surface, WARP_EMULATOR_SITE);
cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc* resource, cudaSurfaceObject_t surface);
