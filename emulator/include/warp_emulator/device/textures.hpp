// textures.hpp: texture fetches and surface reads and writes, as a kernel
// calls them (the Programming Guide's "Texture Functions" and "Surface
// Functions"). Each call goes to the runtime by value (kernel_calls.hpp says
// why), which finds the object, applies its address, filter and read modes
// as a GPU's texture unit does (runtime/device/texture_sampling.hpp), and
// checks every texel it reads or writes as an access to the memory under it
// (runtime/device/textures.cpp).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "../host/texture_api.hpp"
#include "../host/texture_types.hpp"
#include "kernel_calls.hpp"

namespace warp_emulator {

// Which fetch a kernel called: each reads one geometry of texture.
enum class TextureCall : unsigned char {
    Fetch1D,         // tex1Dfetch: linear memory, an integer coordinate
    Fetch1DArray,    // tex1D
    Fetch2D,         // tex2D: a 2D array, or pitched memory
    Fetch3D,         // tex3D
    Fetch1DLayered,  // tex1DLayered
    Fetch2DLayered,  // tex2DLayered
    FetchCubemap,    // texCubemap
    FetchCubemapLayered,
};

struct TextureFetch {
    unsigned long long object = 0;
    TextureCall call = TextureCall::Fetch1D;
    float x = 0, y = 0, z = 0;
    int index = 0;  // tex1Dfetch's coordinate, or the layer
    const char* file = "";
    int line = 0;
};

// What a fetch returns: four channels, each the bits of a float or a 32-bit
// integer, as the texture's format and read mode make it.
struct Texel {
    std::uint32_t bits[4];
};

Texel textureFetch(const TextureFetch& request);

enum class SurfaceCall : unsigned char { Surface1D, Surface2D, Surface3D, Surface1DLayered, Surface2DLayered,
                                         SurfaceCubemap, SurfaceCubemapLayered };

struct SurfaceAccess {
    unsigned long long object = 0;
    SurfaceCall call = SurfaceCall::Surface1D;
    bool isWrite = false;
    int x = 0;  // in bytes, as CUDA's surface functions take it
    int y = 0;
    int z = 0;  // the depth, the layer, the face, or layer * 6 + face
    cudaSurfaceBoundaryMode boundary = cudaBoundaryModeTrap;
    unsigned int bytes = 0;
    unsigned char data[16] = {};  // what a write writes
    const char* file = "";
    int line = 0;
};

struct SurfaceBytes {
    unsigned char data[16];
};

SurfaceBytes surfaceAccess(const SurfaceAccess& request);

template <typename T>
T texelAs(const Texel& texel) {
    using Channels = TexelChannels<T>;
    static_assert(Channels::count != 0,
                  "a texture fetch returns char, short, int (signed or unsigned) or float, or a vector of 1, 2 or 4 "
                  "of them");
    using Scalar = typename Channels::Scalar;
    unsigned char bytes[sizeof(T)] = {};
    for (int channel = 0; channel < Channels::count; ++channel) {
        std::memcpy(bytes + channel * sizeof(Scalar), &texel.bits[channel], sizeof(Scalar));
    }
    T value;
    std::memcpy(&value, bytes, sizeof(T));
    return value;
}

template <typename T>
WARP_EMULATOR_GLUE T fetchTexel(unsigned long long object, TextureCall call, float x, float y, float z, int index,
                                const char* file, int line) {
    TextureFetch request;
    request.object = object;
    request.call = call;
    request.x = x;
    request.y = y;
    request.z = z;
    request.index = index;
    request.file = file;
    request.line = line;
    return texelAs<T>(textureFetch(request));
}

template <typename T>
constexpr bool surfaceValue() {
    return std::is_trivially_copyable<T>::value &&
           (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16);
}

template <typename T>
WARP_EMULATOR_GLUE T readSurface(unsigned long long object, SurfaceCall call, int x, int y, int z,
                                 cudaSurfaceBoundaryMode boundary, const char* file, int line) {
    static_assert(surfaceValue<T>(), "a surface reads and writes 1, 2, 4, 8 or 16 bytes at a time");
    SurfaceAccess request;
    request.object = object;
    request.call = call;
    request.x = x;
    request.y = y;
    request.z = z;
    request.boundary = boundary;
    request.bytes = sizeof(T);
    request.file = file;
    request.line = line;
    const SurfaceBytes answer = surfaceAccess(request);
    T value;
    std::memcpy(&value, answer.data, sizeof(T));
    return value;
}

template <typename T>
WARP_EMULATOR_GLUE void writeSurface(const T& value, unsigned long long object, SurfaceCall call, int x, int y,
                                     int z, cudaSurfaceBoundaryMode boundary, const char* file, int line) {
    static_assert(surfaceValue<T>(), "a surface reads and writes 1, 2, 4, 8 or 16 bytes at a time");
    SurfaceAccess request;
    request.object = object;
    request.call = call;
    request.isWrite = true;
    request.x = x;
    request.y = y;
    request.z = z;
    request.boundary = boundary;
    request.bytes = sizeof(T);
    std::memcpy(request.data, &value, sizeof(T));
    request.file = file;
    request.line = line;
    surfaceAccess(request);
}

}  // namespace warp_emulator

// ---------------------------------------------------------------------------
// Texture fetches. Each returns T, or, in the form that takes T* first,
// stores it there. A texture that is not mipmapped has one level, so the Lod
// and Grad forms fetch from it as the plain ones do.
// ---------------------------------------------------------------------------

#define WARP_EMULATOR_TEX_CALL warp_emulator::TextureCall
#define WARP_EMULATOR_FETCH(T, call, x, y, z, index) \
    warp_emulator::fetchTexel<T>(object, WARP_EMULATOR_TEX_CALL::call, x, y, z, index, file, line)

template <typename T>
T tex1Dfetch(cudaTextureObject_t object, int x, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, Fetch1D, 0.0f, 0.0f, 0.0f, x);
}
template <typename T>
T tex1D(cudaTextureObject_t object, float x, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, Fetch1DArray, x, 0.0f, 0.0f, 0);
}
template <typename T>
T tex2D(cudaTextureObject_t object, float x, float y, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, Fetch2D, x, y, 0.0f, 0);
}
template <typename T>
T tex3D(cudaTextureObject_t object, float x, float y, float z, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, Fetch3D, x, y, z, 0);
}
template <typename T>
T tex1DLayered(cudaTextureObject_t object, float x, int layer, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, Fetch1DLayered, x, 0.0f, 0.0f, layer);
}
template <typename T>
T tex2DLayered(cudaTextureObject_t object, float x, float y, int layer, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, Fetch2DLayered, x, y, 0.0f, layer);
}
template <typename T>
T texCubemap(cudaTextureObject_t object, float x, float y, float z, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, FetchCubemap, x, y, z, 0);
}
template <typename T>
T texCubemapLayered(cudaTextureObject_t object, float x, float y, float z, int layer, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, FetchCubemapLayered, x, y, z, layer);
}

template <typename T>
T tex1DLod(cudaTextureObject_t object, float x, float, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, Fetch1DArray, x, 0.0f, 0.0f, 0);
}
template <typename T>
T tex2DLod(cudaTextureObject_t object, float x, float y, float, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, Fetch2D, x, y, 0.0f, 0);
}
template <typename T>
T tex3DLod(cudaTextureObject_t object, float x, float y, float z, float, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, Fetch3D, x, y, z, 0);
}
template <typename T>
T tex1DLayeredLod(cudaTextureObject_t object, float x, int layer, float, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, Fetch1DLayered, x, 0.0f, 0.0f, layer);
}
template <typename T>
T tex2DLayeredLod(cudaTextureObject_t object, float x, float y, int layer, float, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, Fetch2DLayered, x, y, 0.0f, layer);
}
template <typename T>
T texCubemapLod(cudaTextureObject_t object, float x, float y, float z, float, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, FetchCubemap, x, y, z, 0);
}
template <typename T>
T tex1DGrad(cudaTextureObject_t object, float x, float, float, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, Fetch1DArray, x, 0.0f, 0.0f, 0);
}
template <typename T>
T tex2DGrad(cudaTextureObject_t object, float x, float y, float2, float2, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, Fetch2D, x, y, 0.0f, 0);
}
template <typename T>
T tex3DGrad(cudaTextureObject_t object, float x, float y, float z, float4, float4, WARP_EMULATOR_SITE) {
    return WARP_EMULATOR_FETCH(T, Fetch3D, x, y, z, 0);
}

template <typename T>
void tex1Dfetch(T* out, cudaTextureObject_t object, int x, WARP_EMULATOR_SITE) {
    *out = WARP_EMULATOR_FETCH(T, Fetch1D, 0.0f, 0.0f, 0.0f, x);
}
template <typename T>
void tex1D(T* out, cudaTextureObject_t object, float x, WARP_EMULATOR_SITE) {
    *out = WARP_EMULATOR_FETCH(T, Fetch1DArray, x, 0.0f, 0.0f, 0);
}
template <typename T>
void tex2D(T* out, cudaTextureObject_t object, float x, float y, WARP_EMULATOR_SITE) {
    *out = WARP_EMULATOR_FETCH(T, Fetch2D, x, y, 0.0f, 0);
}
template <typename T>
void tex3D(T* out, cudaTextureObject_t object, float x, float y, float z, WARP_EMULATOR_SITE) {
    *out = WARP_EMULATOR_FETCH(T, Fetch3D, x, y, z, 0);
}
template <typename T>
void tex1DLayered(T* out, cudaTextureObject_t object, float x, int layer, WARP_EMULATOR_SITE) {
    *out = WARP_EMULATOR_FETCH(T, Fetch1DLayered, x, 0.0f, 0.0f, layer);
}
template <typename T>
void tex2DLayered(T* out, cudaTextureObject_t object, float x, float y, int layer, WARP_EMULATOR_SITE) {
    *out = WARP_EMULATOR_FETCH(T, Fetch2DLayered, x, y, 0.0f, layer);
}
template <typename T>
void texCubemap(T* out, cudaTextureObject_t object, float x, float y, float z, WARP_EMULATOR_SITE) {
    *out = WARP_EMULATOR_FETCH(T, FetchCubemap, x, y, z, 0);
}
template <typename T>
void texCubemapLayered(T* out, cudaTextureObject_t object, float x, float y, float z, int layer, WARP_EMULATOR_SITE) {
    *out = WARP_EMULATOR_FETCH(T, FetchCubemapLayered, x, y, z, layer);
}

#undef WARP_EMULATOR_FETCH
#undef WARP_EMULATOR_TEX_CALL

// tex2Dgather is not emulated: a program that calls it does not build, and says why.
template <typename T, typename... Arguments>
T tex2Dgather(cudaTextureObject_t, Arguments...) {
    static_assert(sizeof(T) == 0, "the CPU warp emulator does not emulate tex2Dgather (emulator/README.md)");
    return T();
}

// ---------------------------------------------------------------------------
// Surface reads and writes: x counts bytes, as in CUDA; y, z, the layer and
// the face count elements. Out of the array, the boundary mode decides:
// cudaBoundaryModeTrap stops the kernel, as a GPU's, cudaBoundaryModeClamp
// takes the nearest element, cudaBoundaryModeZero reads zeros and writes
// nothing.
// ---------------------------------------------------------------------------

#define WARP_EMULATOR_SURFACE_CALL(call) warp_emulator::SurfaceCall::call
#define WARP_EMULATOR_BOUNDARY cudaSurfaceBoundaryMode boundary = cudaBoundaryModeTrap
#define WARP_EMULATOR_SURFACE_FUNCTIONS(name, call, ...)                                                              \
    template <typename T>                                                                                            \
    T name##read(cudaSurfaceObject_t object, WARP_EMULATOR_SURFACE_PARAMETERS_##call, WARP_EMULATOR_BOUNDARY,          \
                 WARP_EMULATOR_SITE) {                                                                               \
        return warp_emulator::readSurface<T>(object, WARP_EMULATOR_SURFACE_CALL(call), __VA_ARGS__, boundary, file,   \
                                             line);                                                                  \
    }                                                                                                                \
    template <typename T>                                                                                            \
    void name##read(T* out, cudaSurfaceObject_t object, WARP_EMULATOR_SURFACE_PARAMETERS_##call,                      \
                    WARP_EMULATOR_BOUNDARY, WARP_EMULATOR_SITE) {                                                    \
        *out = warp_emulator::readSurface<T>(object, WARP_EMULATOR_SURFACE_CALL(call), __VA_ARGS__, boundary, file,   \
                                             line);                                                                  \
    }                                                                                                                \
    template <typename T>                                                                                            \
    void name##write(T value, cudaSurfaceObject_t object, WARP_EMULATOR_SURFACE_PARAMETERS_##call,                    \
                     WARP_EMULATOR_BOUNDARY, WARP_EMULATOR_SITE) {                                                   \
        warp_emulator::writeSurface<T>(value, object, WARP_EMULATOR_SURFACE_CALL(call), __VA_ARGS__, boundary, file,  \
                                       line);                                                                        \
    }
#define WARP_EMULATOR_SURFACE_PARAMETERS_Surface1D int x
#define WARP_EMULATOR_SURFACE_PARAMETERS_Surface2D int x, int y
#define WARP_EMULATOR_SURFACE_PARAMETERS_Surface3D int x, int y, int z
#define WARP_EMULATOR_SURFACE_PARAMETERS_Surface1DLayered int x, int layer
#define WARP_EMULATOR_SURFACE_PARAMETERS_Surface2DLayered int x, int y, int layer
#define WARP_EMULATOR_SURFACE_PARAMETERS_SurfaceCubemap int x, int y, int face
#define WARP_EMULATOR_SURFACE_PARAMETERS_SurfaceCubemapLayered int x, int y, int layerFace
WARP_EMULATOR_SURFACE_FUNCTIONS(surf1D, Surface1D, x, 0, 0)
WARP_EMULATOR_SURFACE_FUNCTIONS(surf2D, Surface2D, x, y, 0)
WARP_EMULATOR_SURFACE_FUNCTIONS(surf3D, Surface3D, x, y, z)
WARP_EMULATOR_SURFACE_FUNCTIONS(surf1DLayered, Surface1DLayered, x, 0, layer)
WARP_EMULATOR_SURFACE_FUNCTIONS(surf2DLayered, Surface2DLayered, x, y, layer)
WARP_EMULATOR_SURFACE_FUNCTIONS(surfCubemap, SurfaceCubemap, x, y, face)
WARP_EMULATOR_SURFACE_FUNCTIONS(surfCubemapLayered, SurfaceCubemapLayered, x, y, layerFace)
#undef WARP_EMULATOR_SURFACE_PARAMETERS_Surface1D
#undef WARP_EMULATOR_SURFACE_PARAMETERS_Surface2D
#undef WARP_EMULATOR_SURFACE_PARAMETERS_Surface3D
#undef WARP_EMULATOR_SURFACE_PARAMETERS_Surface1DLayered
#undef WARP_EMULATOR_SURFACE_PARAMETERS_Surface2DLayered
#undef WARP_EMULATOR_SURFACE_PARAMETERS_SurfaceCubemap
#undef WARP_EMULATOR_SURFACE_PARAMETERS_SurfaceCubemapLayered
#undef WARP_EMULATOR_SURFACE_FUNCTIONS
#undef WARP_EMULATOR_BOUNDARY
#undef WARP_EMULATOR_SURFACE_CALL
