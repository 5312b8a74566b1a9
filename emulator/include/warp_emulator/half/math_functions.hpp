// math_functions.hpp: hsqrt, hrsqrt, hrcp, hexp, hexp2, hexp10, hlog,
// hlog2, hlog10, hsin, hcos, htanh (and htanh_approx), htrunc, hceil,
// hfloor, hrint, and the pairs' h2 forms, for both 16-bit types (one macro,
// which cuda_fp16.h and cuda_bf16.h expand).
//
// hsqrt and hrcp are correctly rounded operations (exact_arithmetic.hpp), as
// are htrunc, hceil, hfloor and hrint (exact); the others are correctly
// rounded from the host's long double functions (transcendental.hpp, which
// says where a GPU's approximations may differ). htanh_approx is computed as
// htanh: tanh.approx.f16's own bits are not reproduced.
#pragma once

#include "transcendental.hpp"

namespace warp_emulator {
namespace half {

template <typename Scalar>
Scalar apply(Function function, Scalar a) {
    return make<Scalar>(evaluate<typename FormatOf<Scalar>::type>(function, bits(a)));
}
template <typename Scalar>
Scalar squareRootOf(Scalar a) {
    return make<Scalar>(squareRoot<typename FormatOf<Scalar>::type>(bits(a)));
}
template <typename Scalar>
Scalar reciprocalOf(Scalar a) {
    using F = typename FormatOf<Scalar>::type;
    return make<Scalar>(divide<F>(Layout<F>::kOne, bits(a)));
}
template <typename Scalar>
Scalar integralOf(Scalar a, Rounding mode) {
    return make<Scalar>(roundToIntegral<typename FormatOf<Scalar>::type>(bits(a), mode));
}

}  // namespace half
}  // namespace warp_emulator

#define WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, name, expression)                    \
    inline Scalar h##name(const Scalar a) {                                             \
        namespace core = warp_emulator::half;                                           \
        return expression;                                                              \
    }                                                                                   \
    inline Pair h2##name(const Pair a) { return Pair(h##name(a.x), h##name(a.y)); }

#define WARP_EMULATOR_HALF_MATH(Scalar, Pair)                                                                \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, sqrt, core::squareRootOf(a))                                   \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, rsqrt, core::apply(core::Function::Rsqrt, a))                  \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, rcp, core::reciprocalOf(a))                                    \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, exp, core::apply(core::Function::Exp, a))                      \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, exp2, core::apply(core::Function::Exp2, a))                    \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, exp10, core::apply(core::Function::Exp10, a))                  \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, log, core::apply(core::Function::Log, a))                      \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, log2, core::apply(core::Function::Log2, a))                    \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, log10, core::apply(core::Function::Log10, a))                  \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, sin, core::apply(core::Function::Sin, a))                      \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, cos, core::apply(core::Function::Cos, a))                      \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, tanh, core::apply(core::Function::Tanh, a))                    \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, tanh_approx, core::apply(core::Function::Tanh, a))             \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, trunc, core::integralOf(a, core::Rounding::TowardZero))        \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, ceil, core::integralOf(a, core::Rounding::Up))                 \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, floor, core::integralOf(a, core::Rounding::Down))              \
    WARP_EMULATOR_HALF_FUNCTION(Scalar, Pair, rint, core::integralOf(a, core::Rounding::NearestEven))
