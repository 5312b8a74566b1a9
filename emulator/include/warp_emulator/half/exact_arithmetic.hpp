// exact_arithmetic.hpp: addition, multiplication, fused multiply-add,
// division and square root in either 16-bit format, each computed exactly on
// integers and rounded once to nearest even (formats.hpp says why), as PTX's
// add.rn.f16, mul.rn.f16, fma.rn.f16 (and .bf16), div.rn and sqrt.rn give
// them; and the rounding of a value to an integral value, the comparisons,
// and maximum and minimum. Bit patterns in, bit patterns out: the types
// __half and __nv_bfloat16 call these, and so does the runtime's atomicAdd.
#pragma once

#include <cmath>
#include <cstdint>
#include <utility>

#include "formats.hpp"

namespace warp_emulator {
namespace half {

// An exact signed value with a sticky bit (roundTo's arguments).
struct Value {
    bool negative = false;
    std::uint64_t significand = 0;
    int exponent = 0;
    bool sticky = false;
};

// a + b for two exact values whose significands are below 2^24 (a binary16
// product has 22 bits): the operand with the larger exponent is shifted left
// by up to 38 bits, so that the sum stays below 2^63; what lies further below
// of the other operand only matters as a sticky bit, and as a borrow when
// it is subtracted.
inline Value exactSum(bool aNegative, std::uint64_t a, int aExponent, bool bNegative, std::uint64_t b, int bExponent) {
    constexpr int kHeadroom = 38;
    if (aExponent < bExponent || (aExponent == bExponent && a < b)) {
        std::swap(aNegative, bNegative);
        std::swap(a, b);
        std::swap(aExponent, bExponent);
    }
    int shift = aExponent - bExponent;
    bool sticky = false;
    if (shift > kHeadroom) {
        const int below = shift - kHeadroom;
        sticky = below >= 64 ? b != 0 : (b & ((std::uint64_t{1} << below) - 1u)) != 0;
        b = below >= 64 ? 0 : b >> below;
        shift = kHeadroom;
    }
    a <<= shift;
    Value sum;
    sum.exponent = aExponent - shift;
    sum.sticky = sticky;
    if (aNegative == bNegative) {
        sum.negative = aNegative;
        sum.significand = a + b;
    } else if (!sticky) {
        sum.negative = a >= b ? aNegative : bNegative;
        sum.significand = a >= b ? a - b : b - a;
    } else {
        // b's truncated part f (0 < f < 1) was subtracted too: a - b - f is
        // (a - b - 1) + (1 - f). Here a is at least 2^38 and b below 2^24.
        sum.negative = aNegative;
        sum.significand = a - b - 1u;
    }
    return sum;
}

template <class Format>
std::uint16_t roundValue(const Value& v) {
    if (v.significand == 0 && !v.sticky) {
        return 0;  // an exact zero from numbers of opposite signs is +0 when rounding to nearest
    }
    return roundTo<Format>(v.negative, v.significand, v.exponent, v.sticky, Rounding::NearestEven);
}

template <class Format>
std::uint16_t signedInfinity(bool negative) {
    return static_cast<std::uint16_t>((negative ? Layout<Format>::kSign : 0u) | Layout<Format>::kInfinity);
}
template <class Format>
std::uint16_t signedZero(bool negative) {
    return negative ? Layout<Format>::kSign : 0u;
}

// a × b + c, rounded once (fma.rn). Also a + b (as a × 1 + b) and a × b (as
// a × b + -0, which keeps the product's sign when it is zero).
template <class Format>
std::uint16_t fusedMultiplyAdd(std::uint16_t aBits, std::uint16_t bBits, std::uint16_t cBits) {
    using L = Layout<Format>;
    const Exact a = unpack<Format>(aBits), b = unpack<Format>(bBits), c = unpack<Format>(cBits);
    if (a.kind == Kind::NaN || b.kind == Kind::NaN || c.kind == Kind::NaN) {
        return L::kCanonicalNaN;
    }
    const bool productNegative = a.negative != b.negative;
    const bool productInfinite = a.kind == Kind::Infinite || b.kind == Kind::Infinite;
    const bool productZero = a.kind == Kind::Zero || b.kind == Kind::Zero;
    if (productInfinite && productZero) {
        return L::kCanonicalNaN;  // infinity × 0
    }
    if (productInfinite) {
        return c.kind == Kind::Infinite && c.negative != productNegative ? L::kCanonicalNaN
                                                                          : signedInfinity<Format>(productNegative);
    }
    if (c.kind == Kind::Infinite) {
        return cBits;
    }
    if (productZero) {
        if (c.kind == Kind::Zero) {
            return signedZero<Format>(productNegative && c.negative);  // +0 unless both are -0
        }
        return cBits;  // exact, already in the format
    }
    if (c.kind == Kind::Zero) {
        return roundTo<Format>(productNegative, a.significand * b.significand, a.exponent + b.exponent, false,
                               Rounding::NearestEven);
    }
    return roundValue<Format>(exactSum(productNegative, a.significand * b.significand, a.exponent + b.exponent,
                                       c.negative, c.significand, c.exponent));
}

template <class Format>
std::uint16_t add(std::uint16_t a, std::uint16_t b) {
    return fusedMultiplyAdd<Format>(a, Layout<Format>::kOne, b);
}
template <class Format>
std::uint16_t subtract(std::uint16_t a, std::uint16_t b) {
    return add<Format>(a, static_cast<std::uint16_t>(b ^ Layout<Format>::kSign));
}
template <class Format>
std::uint16_t multiply(std::uint16_t a, std::uint16_t b) {
    return fusedMultiplyAdd<Format>(a, b, Layout<Format>::kSign);
}

// a / b, rounded once: the significands' integer quotient, with 40 more bits
// than a's, and the remainder as the sticky bit.
template <class Format>
std::uint16_t divide(std::uint16_t aBits, std::uint16_t bBits) {
    using L = Layout<Format>;
    const Exact a = unpack<Format>(aBits), b = unpack<Format>(bBits);
    const bool negative = a.negative != b.negative;
    if (a.kind == Kind::NaN || b.kind == Kind::NaN || (a.kind == Kind::Zero && b.kind == Kind::Zero) ||
        (a.kind == Kind::Infinite && b.kind == Kind::Infinite)) {
        return L::kCanonicalNaN;
    }
    if (a.kind == Kind::Infinite || b.kind == Kind::Zero) {
        return signedInfinity<Format>(negative);
    }
    if (a.kind == Kind::Zero || b.kind == Kind::Infinite) {
        return signedZero<Format>(negative);
    }
    constexpr int kExtra = 40;
    const std::uint64_t numerator = a.significand << kExtra;
    return roundTo<Format>(negative, numerator / b.significand, a.exponent - kExtra - b.exponent,
                           numerator % b.significand != 0, Rounding::NearestEven);
}

// The square root, rounded once: the integer square root of the significand
// shifted left by an even 40 bits (more if the exponent is odd), and whether
// it was exact as the sticky bit.
template <class Format>
std::uint16_t squareRoot(std::uint16_t bits) {
    using L = Layout<Format>;
    const Exact x = unpack<Format>(bits);
    if (x.kind == Kind::Zero) {
        return bits;  // sqrt(-0) is -0
    }
    if (x.kind == Kind::NaN || x.negative) {
        return L::kCanonicalNaN;
    }
    if (x.kind == Kind::Infinite) {
        return bits;
    }
    const bool odd = (x.exponent & 1) != 0;
    const std::uint64_t radicand = x.significand << (odd ? 41 : 40);
    const int exponent = x.exponent - (odd ? 41 : 40);  // even
    std::uint64_t root = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(radicand)));
    while (root * root > radicand) {
        --root;
    }
    while ((root + 1) * (root + 1) <= radicand) {
        ++root;
    }
    return roundTo<Format>(false, root, exponent / 2, root * root != radicand, Rounding::NearestEven);
}

// The nearest integral value in the same format, by `mode` (cvt.rni.f16.f16,
// cvt.rzi, cvt.rmi, cvt.rpi: hrint, htrunc, hfloor, hceil); a zero result
// keeps the argument's sign, as C's rint, trunc, floor and ceil do.
template <class Format>
std::uint16_t roundToIntegral(std::uint16_t bits, Rounding mode) {
    using L = Layout<Format>;
    const Exact x = unpack<Format>(bits);
    if (x.kind == Kind::NaN) {
        return L::kCanonicalNaN;
    }
    if (x.kind != Kind::Finite || x.exponent >= 0) {
        return bits;  // zero, infinity, or already integral
    }
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
    const std::uint64_t integral = whole + (up ? 1u : 0u);
    return integral == 0 ? signedZero<Format>(x.negative)
                         : roundTo<Format>(x.negative, integral, 0, false, Rounding::NearestEven);  // exact
}

// Comparisons, by value: -0 equals +0, and NaN is unordered with everything.
enum class Order : unsigned char { Less, Equal, Greater, Unordered };

template <class Format>
bool isNaN(std::uint16_t bits) {
    return (bits & 0x7fffu) > Layout<Format>::kInfinity;
}

template <class Format>
Order compare(std::uint16_t a, std::uint16_t b) {
    if (isNaN<Format>(a) || isNaN<Format>(b)) {
        return Order::Unordered;
    }
    // Sign and magnitude to one ordered integer (both zeros to 0).
    auto key = [](std::uint16_t bits) {
        const int magnitude = bits & 0x7fff;
        return (bits & 0x8000u) != 0 ? -magnitude : magnitude;
    };
    const int x = key(a), y = key(b);
    return x < y ? Order::Less : x > y ? Order::Greater : Order::Equal;
}

// __hmax and __hmin: "If either of inputs is NaN, the other input is
// returned. If both inputs are NaNs, then canonical NaN is returned. If
// values of both inputs are 0.0, then +0.0 > -0.0" (the Toolkit's header).
// The _nan forms: "If either of inputs is NaN, then canonical NaN is returned."
template <class Format>
std::uint16_t maximum(std::uint16_t a, std::uint16_t b, bool nanPropagates) {
    const bool aNaN = isNaN<Format>(a), bNaN = isNaN<Format>(b);
    if (aNaN || bNaN) {
        return (aNaN && bNaN) || nanPropagates ? Layout<Format>::kCanonicalNaN : aNaN ? b : a;
    }
    const Order order = compare<Format>(a, b);
    if (order == Order::Equal) {
        return static_cast<std::uint16_t>(a & b);  // +0 if either zero is +0
    }
    return order == Order::Greater ? a : b;
}
template <class Format>
std::uint16_t minimum(std::uint16_t a, std::uint16_t b, bool nanPropagates) {
    const bool aNaN = isNaN<Format>(a), bNaN = isNaN<Format>(b);
    if (aNaN || bNaN) {
        return (aNaN && bNaN) || nanPropagates ? Layout<Format>::kCanonicalNaN : aNaN ? b : a;
    }
    const Order order = compare<Format>(a, b);
    if (order == Order::Equal) {
        return static_cast<std::uint16_t>(a | b);  // -0 if either zero is -0
    }
    return order == Order::Less ? a : b;
}

// The _sat forms: "clamps the result to range [0.0, 1.0]. NaN results are
// flushed to +0.0." The _relu forms: "negative result is clamped to 0. NaN
// result is converted to canonical NaN."
template <class Format>
std::uint16_t saturated(std::uint16_t bits) {
    if (isNaN<Format>(bits) || (bits & 0x8000u) != 0) {
        return 0;
    }
    return compare<Format>(bits, Layout<Format>::kOne) == Order::Greater ? Layout<Format>::kOne : bits;
}
template <class Format>
std::uint16_t rectified(std::uint16_t bits) {
    if (isNaN<Format>(bits)) {
        return Layout<Format>::kCanonicalNaN;
    }
    return (bits & 0x8000u) != 0 ? std::uint16_t{0} : bits;
}

}  // namespace half
}  // namespace warp_emulator
