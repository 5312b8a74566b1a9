// texture_sampling.cpp: the texture unit's arithmetic (texture_sampling.hpp says which).
#include "device/texture_sampling.hpp"

#include <cmath>
#include <cstring>

namespace warp_emulator {

namespace {

long long floorDivide(long long value, long long by) {
    long long quotient = value / by;
    if (value % by != 0 && value < 0) {
        --quotient;
    }
    return quotient;
}

// A texel coordinate in 1/256ths of a texel, rounded to nearest, ties to
// even. NaN reads texel 0; infinities and huge values saturate.
long long toFixed(float coordinate) {
    if (std::isnan(coordinate)) {
        return 0;
    }
    constexpr double kLimit = 1e15;
    double scaled = static_cast<double>(coordinate) * 256.0;  // exact
    scaled = scaled > kLimit ? kLimit : scaled < -kLimit ? -kLimit : scaled;
    // Rounded here, not by the FPU's mode, which a kernel may have changed
    // (and without floor(), a call of the C library's on this target).
    long long whole = static_cast<long long>(scaled);  // towards zero
    whole -= static_cast<double>(whole) > scaled ? 1 : 0;  // down
    const double rest = scaled - static_cast<double>(whole);
    return whole + ((rest > 0.5) | ((rest == 0.5) & ((whole & 1) != 0)));
}

// The index `index` stands for along an axis of `size` texels, or -1 for the border.
long long addressed(long long index, long long size, cudaTextureAddressMode mode) {
    switch (mode) {
        case cudaAddressModeWrap: {
            const long long wrapped = index % size;
            return wrapped < 0 ? wrapped + size : wrapped;
        }
        case cudaAddressModeMirror: {
            long long folded = index % (2 * size);
            folded = folded < 0 ? folded + 2 * size : folded;
            return folded < size ? folded : 2 * size - 1 - folded;
        }
        case cudaAddressModeBorder: return index < 0 || index >= size ? -1 : index;
        case cudaAddressModeClamp:
        default: return index < 0 ? 0 : index >= size ? size - 1 : index;
    }
}

struct AxisTaps {
    long long index[2] = {0, 0};  // -1: the border
    std::uint32_t weight[2] = {1, 0};
    int count = 1;
};

AxisTaps axisTaps(float coordinate, size_t size, bool normalized, cudaTextureAddressMode mode, bool linear) {
    const float texelCoordinate = normalized ? coordinate * static_cast<float>(size) : coordinate;
    if (!normalized && (mode == cudaAddressModeWrap || mode == cudaAddressModeMirror)) {
        mode = cudaAddressModeClamp;
    }
    const long long texels = static_cast<long long>(size);
    long long fixed = toFixed(texelCoordinate);
    AxisTaps taps;
    if (!linear) {
        taps.index[0] = addressed(floorDivide(fixed, 256), texels, mode);
        return taps;
    }
    fixed -= 128;  // xB = x - 0.5
    const long long below = floorDivide(fixed, 256);
    const auto alpha = static_cast<std::uint32_t>(fixed - below * 256);
    taps.count = 2;
    taps.index[0] = addressed(below, texels, mode);
    taps.index[1] = addressed(below + 1, texels, mode);
    taps.weight[0] = 256 - alpha;
    taps.weight[1] = alpha;
    return taps;
}

// A 16-bit float's value.
double halfValue(std::uint16_t bits) {
    const int sign = bits >> 15;
    const int exponent = (bits >> 10) & 0x1f;
    const int mantissa = bits & 0x3ff;
    double magnitude;
    if (exponent == 0) {
        magnitude = std::ldexp(static_cast<double>(mantissa), -24);
    } else if (exponent == 31) {
        magnitude = mantissa == 0 ? INFINITY : NAN;
    } else {
        magnitude = std::ldexp(static_cast<double>(mantissa | 0x400), exponent - 25);
    }
    return sign != 0 ? -magnitude : magnitude;
}

std::uint32_t floatBits(float value) {
    std::uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

// sRGB's transfer function, to linear.
double fromSrgb(double encoded) {
    return encoded <= 0.04045 ? encoded / 12.92 : std::pow((encoded + 0.055) / 1.055, 2.4);
}

bool readsNormalized(const TexelFormat& format, cudaTextureReadMode readMode) {
    return format.kind != TexelFormat::Kind::Float && format.channelBytes < 4 &&
           (format.alwaysNormalized || readMode == cudaReadModeNormalizedFloat);
}

}  // namespace

bool returnsFloat(const TexelFormat& format, cudaTextureReadMode readMode) {
    return format.kind == TexelFormat::Kind::Float || readsNormalized(format, readMode);
}

void footprintOf(const cudaTextureDesc& sampling, const SampleAt& at, TexelFootprint& footprint) {
    const bool linear = sampling.filterMode == cudaFilterModeLinear;
    const bool normalized = at.cubemapFace || sampling.normalizedCoords != 0;
    AxisTaps axes[3];
    for (int axis = 0; axis < at.axes; ++axis) {
        const cudaTextureAddressMode mode = at.cubemapFace ? cudaAddressModeClamp : sampling.addressMode[axis];
        axes[axis] = axisTaps(at.coordinate[axis], at.size[axis], normalized, mode, linear);
    }
    footprint.count = 0;
    footprint.weightScale = linear ? (1u << (8 * at.axes)) : 1u;
    const int countY = at.axes >= 2 ? axes[1].count : 1;
    const int countZ = at.axes >= 3 ? axes[2].count : 1;
    // In the Guide's order: x fastest, then y, then z.
    for (int k = 0; k < countZ; ++k) {
        for (int j = 0; j < countY; ++j) {
            for (int i = 0; i < axes[0].count; ++i) {
                TexelTap& tap = footprint.taps[footprint.count++];
                const long long x = axes[0].index[i];
                const long long y = at.axes >= 2 ? axes[1].index[j] : 0;
                const long long z = at.axes >= 3 ? axes[2].index[k] : static_cast<long long>(at.slice);
                tap.border = x < 0 || y < 0 || z < 0;
                tap.x = tap.border ? 0 : static_cast<size_t>(x);
                tap.y = tap.border ? 0 : static_cast<size_t>(y);
                tap.z = tap.border ? 0 : static_cast<size_t>(z);
                tap.weight = axes[0].weight[i] * (at.axes >= 2 ? axes[1].weight[j] : 1u) *
                             (at.axes >= 3 ? axes[2].weight[k] : 1u);
            }
        }
    }
}

CubemapPoint cubemapPoint(float x, float y, float z) {
    const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
    CubemapPoint point;
    float major, s, t;
    if (ax >= ay && ax >= az) {
        point.face = x >= 0 ? 0 : 1;
        major = ax;
        s = x >= 0 ? -z : z;
        t = -y;
    } else if (ay >= az) {
        point.face = y >= 0 ? 2 : 3;
        major = ay;
        s = x;
        t = y >= 0 ? z : -z;
    } else {
        point.face = z >= 0 ? 4 : 5;
        major = az;
        s = z >= 0 ? x : -x;
        t = -y;
    }
    point.u = (s / major + 1.0f) * 0.5f;
    point.v = (t / major + 1.0f) * 0.5f;
    return point;
}

void decodeTexel(const unsigned char* texel, const TexelFormat& format, const cudaTextureDesc& sampling,
                 TexelValue& decoded) {
    const bool normalized = readsNormalized(format, sampling.readMode);
    for (int channel = 0; channel < format.channels; ++channel) {
        const unsigned char* at = texel + channel * format.channelBytes;
        if (format.kind == TexelFormat::Kind::Float) {
            if (format.channelBytes == 2) {
                std::uint16_t bits;
                std::memcpy(&bits, at, sizeof bits);
                decoded.value[channel] = halfValue(bits);
                decoded.bits[channel] = floatBits(static_cast<float>(decoded.value[channel]));
            } else {
                std::memcpy(&decoded.bits[channel], at, sizeof(float));
                float value;
                std::memcpy(&value, at, sizeof value);
                decoded.value[channel] = value;
            }
            continue;
        }
        std::int64_t integer = 0;
        if (format.kind == TexelFormat::Kind::Signed) {
            switch (format.channelBytes) {
                case 1: integer = static_cast<std::int8_t>(at[0]); break;
                case 2: { std::int16_t v; std::memcpy(&v, at, 2); integer = v; break; }
                default: { std::int32_t v; std::memcpy(&v, at, 4); integer = v; break; }
            }
        } else {
            switch (format.channelBytes) {
                case 1: integer = at[0]; break;
                case 2: { std::uint16_t v; std::memcpy(&v, at, 2); integer = v; break; }
                default: { std::uint32_t v; std::memcpy(&v, at, 4); integer = v; break; }
            }
        }
        decoded.bits[channel] = static_cast<std::uint32_t>(integer);
        if (normalized) {
            const int bits = 8 * format.channelBytes;
            if (format.kind == TexelFormat::Kind::Signed) {
                const double largest = static_cast<double>((std::int64_t{1} << (bits - 1)) - 1);
                const double value = static_cast<double>(integer) / largest;
                decoded.value[channel] = value < -1.0 ? -1.0 : value;
            } else {
                decoded.value[channel] = static_cast<double>(integer) / static_cast<double>((std::int64_t{1} << bits) - 1);
                if (sampling.sRGB != 0 && format.channelBytes == 1 && channel < 3) {
                    decoded.value[channel] = fromSrgb(decoded.value[channel]);
                }
            }
        }
    }
}

void borderTexel(const TexelFormat& format, const cudaTextureDesc& sampling, TexelValue& border) {
    for (int channel = 0; channel < format.channels; ++channel) {
        border.value[channel] = sampling.borderColor[channel];
        border.bits[channel] = floatBits(sampling.borderColor[channel]);
    }
}

Texel combine(const TexelFootprint& footprint, const TexelValue* values, const TexelFormat& format,
              cudaTextureReadMode readMode) {
    Texel result{};
    const bool floats = returnsFloat(format, readMode);
    for (int channel = 0; channel < 4; ++channel) {
        if (channel >= format.channels) {
            result.bits[channel] = channel < 3 ? 0u : floats ? floatBits(1.0f) : 1u;
            continue;
        }
        if (!floats) {
            result.bits[channel] = values[0].bits[channel];  // integers are only point-sampled
            continue;
        }
        if (footprint.count == 1) {
            result.bits[channel] = floatBits(static_cast<float>(values[0].value[channel]));
            continue;
        }
        double sum = 0;
        for (int tap = 0; tap < footprint.count; ++tap) {
            sum += static_cast<double>(footprint.taps[tap].weight) * values[tap].value[channel];
        }
        // The scale is a power of two: its reciprocal is exact.
        result.bits[channel] = floatBits(static_cast<float>(sum * (1.0 / footprint.weightScale)));
    }
    return result;
}

}  // namespace warp_emulator
