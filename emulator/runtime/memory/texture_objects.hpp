// texture_objects.hpp: the CUDA arrays, texture objects and surface objects a
// program has made, for the API that makes them (api/cuda_arrays.cpp,
// api/textures.cpp) and the kernels that read and write through them
// (device/textures.cpp).
//
// A CUDA array's texels are one device allocation (device_memory.hpp), in
// row order: texel (x, y) of layer, face or slice z at byte
// ((z * height + y) * width + x) * texel bytes. So they have the shadows any
// allocation has, and the checks read them as they read all device memory. A
// GPU's arrays are laid out otherwise (in blocks, for locality), which no
// program can see: only copies, fetches and surface accesses reach them.
//
// Texture and surface objects share one numbering, from 1, never reused: a
// handle names the object it was made as for the life of the program, so
// that a fetch through a destroyed object, or through a surface object, is
// told apart from one through a number nothing made.
#pragma once

#include <cstddef>
#include <deque>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "memory/device_memory.hpp"
#include "warp_emulator/host/texture_api.hpp"

namespace warp_emulator {

// A texel's channels: 1, 2 or 4 of one size and kind.
struct TexelFormat {
    enum class Kind : unsigned char { Signed, Unsigned, Float };
    Kind kind = Kind::Float;
    int channels = 0;
    int channelBytes = 0;
    bool alwaysNormalized = false;  // a *Normalized* kind: integers every fetch reads as floats

    size_t bytes() const { return static_cast<size_t>(channels * channelBytes); }
    // "float", "uchar4", "short2", "half": for messages.
    std::string name() const;
    // The element type of the allocation that holds such texels.
    ElementType element() const;
};

// The format of `desc`; false, with the reason, when it names none the
// emulator fetches (3 channels, mixed sizes, block compression, NV12).
bool texelFormatOf(const cudaChannelFormatDesc& desc, TexelFormat* format, std::string* why);

enum class ArrayShape : unsigned char { OneD, TwoD, ThreeD, OneDLayered, TwoDLayered, Cubemap, CubemapLayered };

}  // namespace warp_emulator

// What a cudaArray_t points to. The program sees only its name.
struct cudaArray {
    cudaChannelFormatDesc desc;
    warp_emulator::TexelFormat format;
    warp_emulator::ArrayShape shape = warp_emulator::ArrayShape::OneD;
    cudaExtent extent;  // as the program gave it
    unsigned int flags = 0;
    // In texels: a 1D array has height 1; depth counts the layers, the faces
    // (6 per cubemap) or the slices, 1 where there are none.
    size_t width = 0, height = 1, depth = 1;
    char* texels = nullptr;  // device memory; freed with the array
    std::string origin;      // "cudaMallocArray at x.cu:12"
    bool surfaceMade = false;  // a surface object was made over it: a kernel may write it
    // Every texel defined, as the last copy into it left them: fetches need
    // not look (kernels write arrays only through surfaces, which define).
    bool allDefined = false;

    size_t rowBytes() const { return width * format.bytes(); }
    size_t bytes() const { return rowBytes() * height * depth; }
    bool live() const;
    // After a copy into it: whether every texel is now defined.
    void noteCopiedInto();
    // "64x64 CUDA array of float", "2D layered CUDA array of 3 layers of 64x64 uchar4"
    std::string shapeText() const;
    // "texel (3, 5)", "texel (3, 5) of layer 2", "texel (3, 5) of face 4"
    std::string texelText(size_t x, size_t y, size_t z) const;
};

namespace warp_emulator {

// What a texture or surface object reads: resolved from its cudaResourceDesc
// when it is made.
struct ObjectResource {
    cudaResourceType type = cudaResourceTypeLinear;
    cudaArray* array = nullptr;  // cudaResourceTypeArray
    char* base = nullptr;        // the first texel
    TexelFormat format;
    size_t width = 0, height = 1, depth = 1;  // in texels, as cudaArray's
    size_t rowPitch = 0;                       // bytes from a row to the next
    size_t slicePitch = 0;                     // bytes from a layer, face or slice to the next
};

struct TextureOrSurface {
    bool isSurface = false;
    cudaResourceDesc resourceDesc{};
    cudaTextureDesc textureDesc{};
    cudaResourceViewDesc viewDesc{};
    ObjectResource resource;
    std::string createdBy;    // "cudaCreateTextureObject at x.cu:20"
    std::string destroyedBy;  // "cudaDestroyTextureObject at x.cu:40", once destroyed
    bool live = true;
};

class TextureObjects {
public:
    static TextureObjects& get();

    cudaArray* addArray(std::unique_ptr<cudaArray> array);
    // The array `handle` names, if the program made one there (live or freed).
    cudaArray* array(const void* handle) const;

    unsigned long long add(TextureOrSurface object);
    // The object of that number, live or destroyed; null for a number nothing made.
    TextureOrSurface* object(unsigned long long handle);
    unsigned long long count() const { return objects_.size(); }

private:
    std::set<const void*> arrayHandles_;
    std::vector<std::unique_ptr<cudaArray>> arrays_;
    std::deque<TextureOrSurface> objects_;  // handle n is objects_[n - 1]
};

}  // namespace warp_emulator
