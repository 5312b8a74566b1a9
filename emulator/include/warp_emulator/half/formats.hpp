// formats.hpp: the two 16-bit floating-point formats, IEEE 754 binary16
// (__half) and bfloat16 (__nv_bfloat16), as bit patterns, and the one place
// where a value is rounded into either of them.
//
// Why integers. A half-precision result must have the GPU's exact bits:
// round-to-nearest-even (or the mode a conversion names), subnormals kept,
// infinities and NaN. Computing in float or double and then converting
// rounds twice, which is wrong near a midpoint (an fma's exact sum, a long
// long converted through a double, a bfloat16 sum whose exponents lie far
// apart), and a double's result also depends on the compiler's flags and the
// host's rounding mode. So every operation here builds the exact value as an
// integer significand and a power of two (and a sticky bit for what lies
// below it), and roundTo() rounds it once. The runtime library uses the same
// code for the half-precision atomics (runtime/device/kernel_entry.cpp).
//
// NaN: every operation that returns a NaN returns the canonical one, 0x7fff,
// as the Toolkit's headers document for __hmax and __hfma_relu ("canonical
// NaN") and as their host code converts a float NaN to either format.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>

namespace warp_emulator {
namespace half {

// A format: the bits of the fraction and of the exponent (the sign is bit 15).
struct Binary16 {
    static constexpr int kFractionBits = 10;
    static constexpr int kExponentBits = 5;
};
struct BFloat16 {
    static constexpr int kFractionBits = 7;
    static constexpr int kExponentBits = 8;
};

template <class Format>
struct Layout {
    static constexpr int kFraction = Format::kFractionBits;
    static constexpr int kBias = (1 << (Format::kExponentBits - 1)) - 1;
    static constexpr std::uint16_t kSign = 0x8000u;
    static constexpr std::uint16_t kInfinity = static_cast<std::uint16_t>(((1u << Format::kExponentBits) - 1u) << kFraction);
    static constexpr std::uint16_t kMaxFinite = static_cast<std::uint16_t>(kInfinity - 1u);
    static constexpr std::uint16_t kCanonicalNaN = 0x7fffu;
    static constexpr std::uint16_t kOne = static_cast<std::uint16_t>(kBias << kFraction);
};

// The format of each type (fp16_types.hpp, bf16_types.hpp), and a value's
// bits: both types hold exactly their 16 bits.
template <typename Scalar>
struct FormatOf;
template <typename Scalar>
std::uint16_t bits(const Scalar& value) {
    static_assert(sizeof(Scalar) == 2, "a 16-bit floating-point type");
    std::uint16_t out;
    std::memcpy(&out, &value, sizeof out);
    return out;
}
template <typename Scalar>
Scalar make(std::uint16_t bits) {
    static_assert(sizeof(Scalar) == 2, "a 16-bit floating-point type");
    Scalar value;
    std::memcpy(static_cast<void*>(&value), &bits, sizeof value);
    return value;
}

enum class Kind : unsigned char { Zero, Finite, Infinite, NaN };

// A number taken apart: (-1)^negative × significand × 2^exponent, exactly.
struct Exact {
    Kind kind = Kind::Zero;
    bool negative = false;
    std::uint64_t significand = 0;
    int exponent = 0;
};

// Takes apart an IEEE 754 bit pattern of any width (binary16, bfloat16,
// float, double): subnormals have no hidden bit and the smallest exponent.
inline Exact unpackIeee(std::uint64_t bits, int fractionBits, int exponentBits) {
    Exact x;
    x.negative = ((bits >> (fractionBits + exponentBits)) & 1u) != 0;
    const std::uint64_t fraction = bits & ((std::uint64_t{1} << fractionBits) - 1u);
    const int field = static_cast<int>((bits >> fractionBits) & ((1u << exponentBits) - 1u));
    const int bias = (1 << (exponentBits - 1)) - 1;
    if (field == (1 << exponentBits) - 1) {
        x.kind = fraction != 0 ? Kind::NaN : Kind::Infinite;
    } else if (field == 0) {
        x.kind = fraction != 0 ? Kind::Finite : Kind::Zero;
        x.significand = fraction;
        x.exponent = 1 - bias - fractionBits;
    } else {
        x.kind = Kind::Finite;
        x.significand = fraction | (std::uint64_t{1} << fractionBits);
        x.exponent = field - bias - fractionBits;
    }
    return x;
}

template <class Format>
Exact unpack(std::uint16_t bits) {
    return unpackIeee(bits, Format::kFractionBits, Format::kExponentBits);
}
inline Exact unpackFloat(float value) {
    std::uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return unpackIeee(bits, 23, 8);
}
inline Exact unpackDouble(double value) {
    std::uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return unpackIeee(bits, 52, 11);
}

// The rounding modes of PTX's cvt: .rn (to nearest, ties to even), .rz
// (toward zero), .rm (down) and .rp (up); CUDA's _rn, _rz, _rd and _ru.
enum class Rounding : unsigned char { NearestEven, TowardZero, Down, Up };

// Rounds (-1)^negative × (significand + s) × 2^exponent into the format,
// where s is 0 when `sticky` is false and lies strictly between 0 and 1 when
// it is true (the exact value had more bits, below 2^exponent). With sticky
// set, significand must not be 0. Overflow gives infinity or the largest
// finite number, as the mode says; an exact zero keeps its sign.
template <class Format>
std::uint16_t roundTo(bool negative, std::uint64_t significand, int exponent, bool sticky, Rounding mode) {
    using L = Layout<Format>;
    const std::uint16_t sign = negative ? L::kSign : 0u;
    if (significand == 0) {
        return sign;
    }
    const int leading = 63 - __builtin_clzll(significand) + exponent;  // the value lies in [2^leading, 2^(leading+1))
    const int minNormal = 1 - L::kBias;
    const int quantum = (leading > minNormal ? leading : minNormal) - L::kFraction;  // the result's last bit
    const int drop = quantum - exponent;  // bits of `significand` below the result's last bit
    std::uint64_t kept;
    bool roundBit = false;
    bool below = sticky;
    if (drop <= 0) {
        kept = significand << -drop;  // exact: at most kFraction + 1 bits
    } else if (drop > 64) {
        kept = 0;
        below = true;
    } else {
        kept = drop == 64 ? 0 : significand >> drop;
        roundBit = ((significand >> (drop - 1)) & 1u) != 0;
        below = below || (drop > 1 && (significand & ((std::uint64_t{1} << (drop - 1)) - 1u)) != 0);
    }
    const bool inexact = roundBit || below;
    bool up = false;
    switch (mode) {
        case Rounding::NearestEven: up = roundBit && (below || (kept & 1u) != 0); break;
        case Rounding::TowardZero: break;
        case Rounding::Down: up = negative && inexact; break;
        case Rounding::Up: up = !negative && inexact; break;
    }
    kept += up ? 1u : 0u;
    // A normal result's leading bit in `kept` carries into the exponent field;
    // a subnormal's field is 0, and rounding up to 2^kFraction makes it normal.
    const std::uint64_t magnitude =
        (static_cast<std::uint64_t>(quantum + L::kFraction + L::kBias - 1) << L::kFraction) + kept;
    if (magnitude >= L::kInfinity) {
        const bool toInfinity = mode == Rounding::NearestEven || (mode == Rounding::Up && !negative) ||
                                (mode == Rounding::Down && negative);
        return static_cast<std::uint16_t>(sign | (toInfinity ? L::kInfinity : L::kMaxFinite));
    }
    return static_cast<std::uint16_t>(sign | magnitude);
}

// Rounds a taken-apart value (zero, finite, infinite or NaN) into the format.
template <class Format>
std::uint16_t roundExact(const Exact& x, Rounding mode) {
    using L = Layout<Format>;
    switch (x.kind) {
        case Kind::NaN: return L::kCanonicalNaN;
        case Kind::Infinite: return static_cast<std::uint16_t>((x.negative ? L::kSign : 0u) | L::kInfinity);
        case Kind::Zero: return x.negative ? L::kSign : 0u;
        case Kind::Finite: break;
    }
    return roundTo<Format>(x.negative, x.significand, x.exponent, false, mode);
}

// float and double into either format, with one rounding (cvt.rn.f16.f32,
// cvt.rn.f16.f64, cvt.rn.bf16.f32, cvt.rn.bf16.f64 and the other modes).
template <class Format>
std::uint16_t fromFloat(float value, Rounding mode = Rounding::NearestEven) {
    return roundExact<Format>(unpackFloat(value), mode);
}
template <class Format>
std::uint16_t fromDouble(double value, Rounding mode = Rounding::NearestEven) {
    return roundExact<Format>(unpackDouble(value), mode);
}

// An integer into either format (cvt.rn.f16.s32 and kin): its magnitude is
// the significand, rounded once.
template <class Format>
std::uint16_t fromInteger(bool negative, std::uint64_t magnitude, Rounding mode) {
    return roundTo<Format>(negative && magnitude != 0, magnitude, 0, false, mode);
}
template <class Format, typename Integer>
std::uint16_t fromInteger(Integer value, Rounding mode) {
    const bool negative = value < 0;
    // The magnitude as unsigned, -(min) included.
    const std::uint64_t magnitude = negative ? std::uint64_t{0} - static_cast<std::uint64_t>(static_cast<long long>(value))
                                             : static_cast<std::uint64_t>(value);
    return fromInteger<Format>(negative, magnitude, mode);
}

// Either format into float, exactly. binary16's NaNs become float's
// canonical NaN, 0x7fffffff (the Toolkit's host code of __half2float does
// this, as cvt.f32.f16 does); bfloat16 is the upper half of a float, and
// __bfloat162float moves the bits (the Toolkit's device code shifts them).
inline float toFloat(std::uint16_t bits, Binary16) {
    const Exact x = unpack<Binary16>(bits);
    std::uint32_t out = x.negative ? 0x80000000u : 0u;
    if (x.kind == Kind::NaN) {
        out = 0x7fffffffu;
    } else if (x.kind == Kind::Infinite) {
        out |= 0x7f800000u;
    } else if (x.kind == Kind::Finite) {
        // A binary16 value, subnormals included, is a normal float.
        const int top = 63 - __builtin_clzll(x.significand);
        const int exponent = top + x.exponent;
        const std::uint32_t fraction = static_cast<std::uint32_t>((x.significand << (23 - top)) & 0x7fffffu);
        out |= (static_cast<std::uint32_t>(exponent + 127) << 23) | fraction;
    }
    float value;
    std::memcpy(&value, &out, sizeof value);
    return value;
}
inline float toFloat(std::uint16_t bits, BFloat16) {
    const std::uint32_t out = static_cast<std::uint32_t>(bits) << 16;
    float value;
    std::memcpy(&value, &out, sizeof value);
    return value;
}
template <class Format>
float toFloat(std::uint16_t bits) {
    return toFloat(bits, Format{});
}

// Either format to an integer type (cvt.rni.s32.f16 and kin): rounded as the
// mode says, then saturated to the type's range; NaN gives `nanValue` (0, or
// 0x8000000000000000 for the 64-bit types, as the Toolkit documents).
template <typename Integer, class Format>
Integer toInteger(std::uint16_t bits, Rounding mode, Integer nanValue) {
    constexpr Integer largest = std::numeric_limits<Integer>::max();
    constexpr Integer smallest = std::numeric_limits<Integer>::min();  // 0 for the unsigned types
    const Exact x = unpack<Format>(bits);
    switch (x.kind) {
        case Kind::NaN: return nanValue;
        case Kind::Zero: return Integer(0);
        case Kind::Infinite: return x.negative ? smallest : largest;
        case Kind::Finite: break;
    }
    // The integral magnitude, rounded; `huge` when it is 2^64 or more.
    std::uint64_t magnitude = 0;
    bool huge = false;
    if (x.exponent >= 0) {
        huge = x.exponent >= 64 || (x.exponent > 0 && (x.significand >> (64 - x.exponent)) != 0);
        magnitude = huge ? 0 : x.significand << x.exponent;
    } else {
        const int drop = -x.exponent;
        const std::uint64_t whole = drop >= 64 ? 0 : x.significand >> drop;
        const std::uint64_t rest = drop >= 64 ? x.significand : x.significand & ((std::uint64_t{1} << drop) - 1u);
        const std::uint64_t halfway = drop > 64 ? ~std::uint64_t{0} : std::uint64_t{1} << (drop - 1);
        bool up = false;
        switch (mode) {
            case Rounding::NearestEven: up = rest > halfway || (rest == halfway && (whole & 1u) != 0); break;
            case Rounding::TowardZero: break;
            case Rounding::Down: up = x.negative && rest != 0; break;
            case Rounding::Up: up = !x.negative && rest != 0; break;
        }
        magnitude = whole + (up ? 1u : 0u);
    }
    if (magnitude == 0 && !huge) {
        return Integer(0);
    }
    if (x.negative) {
        // The smallest value's magnitude is one more than the largest's.
        constexpr bool isSigned = std::numeric_limits<Integer>::is_signed;
        const std::uint64_t limit = static_cast<std::uint64_t>(largest) + 1u;
        if (!isSigned || huge || magnitude > limit) {
            return smallest;
        }
        return static_cast<Integer>(-static_cast<long long>(magnitude - 1u) - 1);
    }
    return huge || magnitude > static_cast<std::uint64_t>(largest) ? largest : static_cast<Integer>(magnitude);
}

}  // namespace half
}  // namespace warp_emulator
