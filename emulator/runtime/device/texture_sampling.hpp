// texture_sampling.hpp: what a GPU's texture unit computes, as the
// Programming Guide's "Texture Fetching" appendix and cudaTextureDesc's
// documentation describe it: which texels a fetch reads, with what weights,
// and what it returns from them. Nothing here touches memory or checks
// anything: device/textures.cpp reads the texels and checks each read.
//
// Coordinates. A normalized coordinate is first scaled by the size (x * N,
// in single precision). The texel coordinate is then held in fixed point
// with 8 fractional bits, rounded to nearest (ties to even): the Guide's
// linear filter keeps its weights "in 9-bit fixed point format with 8 bits
// of fractional value", and a point sample of x = 2.9999998 (k / N * N in
// floats) reads texel 3, as on a GPU, not texel 2.
//
// Point filtering reads T[i], i = floor(x). Linear filtering reads T[i] and
// T[i + 1] along each filtered axis, i = floor(xB), xB = x - 0.5, with
// weights 1 - alpha and alpha, alpha = frac(xB) in 1/256ths; the result is
// sum(weights * texels) computed exactly (double precision holds every
// product) and rounded to float once.
//
// Address modes act on texel indices: wrap takes i modulo N, mirror reflects
// with period 2N, clamp takes the nearest of 0 and N - 1, border reads the
// border colour for an index outside [0, N). With unnormalized coordinates,
// wrap and mirror are clamp (cudaTextureDesc's documentation: they "won't
// be supported and will be switched to cudaAddressModeClamp"). A layer index
// is clamped to the layers there are.
//
// Cubemaps: the coordinate's largest component picks the face and the other
// two, divided by it, the point on the face (the Guide's "Cubemap Fetch"
// table), fetched with clamp on each axis (seamless filtering across faces
// is not emulated).
#pragma once

#include <cstddef>
#include <cstdint>

#include "memory/texture_objects.hpp"
#include "warp_emulator/device/textures.hpp"

namespace warp_emulator {

// One texel a fetch reads, and its share of the result. (No initializers:
// a fetch makes eight of these, and sets those it uses.)
struct TexelTap {
    size_t x, y, z;
    bool border;           // outside the texture, in border mode: the border colour
    std::uint32_t weight;  // in units of 1 / TexelFootprint::weightScale
};

struct TexelFootprint {
    TexelTap taps[8];
    int count = 0;
    std::uint32_t weightScale = 1;  // what the weights sum to: 1 for a point sample, 256 per filtered axis
};

// The axes a fetch filters over, their sizes in texels, its coordinates
// (already on the face, for a cubemap), and the fixed slice it reads (the
// layer, face, or layer * 6 + face; 0 for a 3D fetch, which filters in z).
struct SampleAt {
    int axes = 1;
    size_t size[3] = {1, 1, 1};
    float coordinate[3] = {0, 0, 0};
    size_t slice = 0;
    bool cubemapFace = false;  // clamp on both axes, whatever the address modes say
};

// Fills `footprint` (a fetch keeps one on its stack: no copy of its eight taps).
void footprintOf(const cudaTextureDesc& sampling, const SampleAt& at, TexelFootprint& footprint);

// Where a cubemap fetch of direction (x, y, z) lands: its face, and its
// normalized coordinates on that face.
struct CubemapPoint {
    int face = 0;
    float u = 0, v = 0;
};
CubemapPoint cubemapPoint(float x, float y, float z);

// Whether a fetch of this format and read mode returns floats (a float
// format, or 8- or 16-bit integers read as normalized floats), else integers.
bool returnsFloat(const TexelFormat& format, cudaTextureReadMode readMode);

// A texel's channels as the fetch returns them, before filtering: a float
// (double here, for an exact sum) or an integer's 32 bits.
struct TexelValue {
    double value[4];
    std::uint32_t bits[4];
};

// Each fills `value` (a fetch keeps eight of them on its stack).
void decodeTexel(const unsigned char* texel, const TexelFormat& format, const cudaTextureDesc& sampling,
                 TexelValue& value);
void borderTexel(const TexelFormat& format, const cudaTextureDesc& sampling, TexelValue& value);

// The fetch's result from its taps' values, with the channels the format
// lacks as a GPU's (0, 0, 1 for y, z, w).
Texel combine(const TexelFootprint& footprint, const TexelValue* values, const TexelFormat& format,
              cudaTextureReadMode readMode);

}  // namespace warp_emulator
