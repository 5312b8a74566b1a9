// transcendental.hpp: hexp, hexp2, hexp10, hlog, hlog2, hlog10, hsin, hcos,
// htanh and hrsqrt in either 16-bit format: the host's long double function
// (64 significant bits) rounded once to nearest even, which is the correctly
// rounded result. The Toolkit documents each of them as computed "in
// round-to-nearest-even mode"; a GPU computes them in float with its
// approximate instructions (ex2.approx, lg2.approx, rsqrt.approx) and then
// rounds, and for binary16 its headers correct the inputs where that missed
// the correctly rounded result. So the emulator's bits are the GPU's except
// where a GPU's approximation lands on the other side of a rounding
// boundary, which the documented bounds allow (likeliest for bfloat16, whose
// functions have no such corrections). hsqrt and hrcp are exact operations
// (exact_arithmetic.hpp).
#pragma once

#include <cmath>
#include <cstdint>

#include "exact_arithmetic.hpp"

namespace warp_emulator {
namespace half {

template <class Format>
long double toLongDouble(std::uint16_t bits) {
    const Exact x = unpack<Format>(bits);
    switch (x.kind) {
        case Kind::NaN: return std::nanl("");
        case Kind::Infinite: return x.negative ? -HUGE_VALL : HUGE_VALL;
        case Kind::Zero: return x.negative ? -0.0L : 0.0L;
        case Kind::Finite: break;
    }
    const long double magnitude = std::ldexp(static_cast<long double>(x.significand), x.exponent);
    return x.negative ? -magnitude : magnitude;
}

// A long double rounded once into the format: its significand as a 64-bit
// integer, and the bits a wider long double has beyond them as the sticky bit.
template <class Format>
std::uint16_t fromLongDouble(long double value) {
    if (std::isnan(value)) {
        return Layout<Format>::kCanonicalNaN;
    }
    if (std::isinf(value)) {
        return signedInfinity<Format>(value < 0);
    }
    if (value == 0) {
        return signedZero<Format>(std::signbit(value));
    }
    int exponent = 0;
    const long double scaled = std::ldexp(std::frexp(std::fabs(value), &exponent), 64);  // in [2^63, 2^64)
    const auto significand = static_cast<std::uint64_t>(scaled);
    return roundTo<Format>(value < 0, significand, exponent - 64, scaled != static_cast<long double>(significand),
                           Rounding::NearestEven);
}

enum class Function : unsigned char { Exp, Exp2, Exp10, Log, Log2, Log10, Sin, Cos, Tanh, Rsqrt };

template <class Format>
std::uint16_t evaluate(Function function, std::uint16_t bits) {
    const long double x = toLongDouble<Format>(bits);
    if (std::isnan(x)) {
        return Layout<Format>::kCanonicalNaN;
    }
    switch (function) {
        case Function::Exp: return fromLongDouble<Format>(std::exp(x));
        case Function::Exp2: return fromLongDouble<Format>(std::exp2(x));
        case Function::Exp10: return fromLongDouble<Format>(std::pow(10.0L, x));
        // log of a negative number is NaN, of ±0 -infinity.
        case Function::Log: return fromLongDouble<Format>(std::log(x));
        case Function::Log2: return fromLongDouble<Format>(std::log2(x));
        case Function::Log10: return fromLongDouble<Format>(std::log10(x));
        // sin and cos of ±infinity are NaN.
        case Function::Sin: return fromLongDouble<Format>(std::sin(x));
        case Function::Cos: return fromLongDouble<Format>(std::cos(x));
        case Function::Tanh: return fromLongDouble<Format>(std::tanh(x));
        case Function::Rsqrt:
            // 1/sqrt(±0) is ±infinity; of a negative number NaN; of +infinity +0.
            if (x == 0) {
                return signedInfinity<Format>(std::signbit(x));
            }
            return fromLongDouble<Format>(x < 0 ? std::nanl("") : 1.0L / std::sqrt(x));
    }
    return Layout<Format>::kCanonicalNaN;
}

}  // namespace half
}  // namespace warp_emulator
