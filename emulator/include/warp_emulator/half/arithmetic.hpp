// arithmetic.hpp: __hadd, __hsub, __hmul, __hdiv, __hfma and their _rn,
// _sat and _relu forms, __hneg and __habs, the pairs' __h*2 forms, and the
// operators. The names are the same for __half and __nv_bfloat16 (the
// Toolkit overloads them), so one macro writes both types' functions;
// cuda_fp16.h and cuda_bf16.h expand it.
//
// Each operation is exact_arithmetic.hpp's: computed exactly and rounded
// once to nearest even, subnormals kept, NaN results canonical (0x7fff).
// A pair's operations work on its two halves apart. The _rn forms differ
// from the plain ones on a GPU only in that the compiler may not contract a
// plain multiply and add into an fma; the emulator contracts nothing. __hneg
// and __habs change the sign bit alone (PTX leaves a NaN's bits unspecified).
#pragma once

#include "exact_arithmetic.hpp"

namespace warp_emulator {
namespace half {

// Operations on the bits, by the argument's type.
template <typename Scalar>
Scalar one() {
    return make<Scalar>(Layout<typename FormatOf<Scalar>::type>::kOne);
}
template <typename Scalar>
Scalar fma(Scalar a, Scalar b, Scalar c) {
    using F = typename FormatOf<Scalar>::type;
    return make<Scalar>(fusedMultiplyAdd<F>(bits(a), bits(b), bits(c)));
}
template <typename Scalar>
Scalar sum(Scalar a, Scalar b) {
    return make<Scalar>(add<typename FormatOf<Scalar>::type>(bits(a), bits(b)));
}
template <typename Scalar>
Scalar difference(Scalar a, Scalar b) {
    return make<Scalar>(subtract<typename FormatOf<Scalar>::type>(bits(a), bits(b)));
}
template <typename Scalar>
Scalar product(Scalar a, Scalar b) {
    return make<Scalar>(multiply<typename FormatOf<Scalar>::type>(bits(a), bits(b)));
}
template <typename Scalar>
Scalar quotient(Scalar a, Scalar b) {
    return make<Scalar>(divide<typename FormatOf<Scalar>::type>(bits(a), bits(b)));
}
template <typename Scalar>
Scalar saturate(Scalar a) {
    return make<Scalar>(saturated<typename FormatOf<Scalar>::type>(bits(a)));
}
template <typename Scalar>
Scalar rectify(Scalar a) {
    return make<Scalar>(rectified<typename FormatOf<Scalar>::type>(bits(a)));
}
template <typename Scalar>
Scalar negate(Scalar a) {
    return make<Scalar>(static_cast<std::uint16_t>(bits(a) ^ 0x8000u));
}
template <typename Scalar>
Scalar absolute(Scalar a) {
    return make<Scalar>(static_cast<std::uint16_t>(bits(a) & 0x7fffu));
}

}  // namespace half
}  // namespace warp_emulator

#define WARP_EMULATOR_HALF_ARITHMETIC(Scalar, Pair)                                                                   \
    inline Scalar __hadd(const Scalar a, const Scalar b) { return warp_emulator::half::sum(a, b); }                 \
    inline Scalar __hsub(const Scalar a, const Scalar b) { return warp_emulator::half::difference(a, b); }          \
    inline Scalar __hmul(const Scalar a, const Scalar b) { return warp_emulator::half::product(a, b); }             \
    inline Scalar __hadd_rn(const Scalar a, const Scalar b) { return warp_emulator::half::sum(a, b); }              \
    inline Scalar __hsub_rn(const Scalar a, const Scalar b) { return warp_emulator::half::difference(a, b); }       \
    inline Scalar __hmul_rn(const Scalar a, const Scalar b) { return warp_emulator::half::product(a, b); }          \
    inline Scalar __hdiv(const Scalar a, const Scalar b) { return warp_emulator::half::quotient(a, b); }            \
    inline Scalar __hadd_sat(const Scalar a, const Scalar b) { return warp_emulator::half::saturate(__hadd(a, b)); } \
    inline Scalar __hsub_sat(const Scalar a, const Scalar b) { return warp_emulator::half::saturate(__hsub(a, b)); } \
    inline Scalar __hmul_sat(const Scalar a, const Scalar b) { return warp_emulator::half::saturate(__hmul(a, b)); } \
    inline Scalar __hfma(const Scalar a, const Scalar b, const Scalar c) { return warp_emulator::half::fma(a, b, c); } \
    inline Scalar __hfma_sat(const Scalar a, const Scalar b, const Scalar c) {                                      \
        return warp_emulator::half::saturate(__hfma(a, b, c));                                                      \
    }                                                                                                               \
    inline Scalar __hfma_relu(const Scalar a, const Scalar b, const Scalar c) {                                     \
        return warp_emulator::half::rectify(__hfma(a, b, c));                                                       \
    }                                                                                                               \
    inline Scalar __hneg(const Scalar a) { return warp_emulator::half::negate(a); }                                 \
    inline Scalar __habs(const Scalar a) { return warp_emulator::half::absolute(a); }                               \
    /* pairs, half by half */                                                                                       \
    inline Pair __hadd2(const Pair a, const Pair b) { return Pair(__hadd(a.x, b.x), __hadd(a.y, b.y)); }           \
    inline Pair __hsub2(const Pair a, const Pair b) { return Pair(__hsub(a.x, b.x), __hsub(a.y, b.y)); }           \
    inline Pair __hmul2(const Pair a, const Pair b) { return Pair(__hmul(a.x, b.x), __hmul(a.y, b.y)); }           \
    inline Pair __hadd2_rn(const Pair a, const Pair b) { return __hadd2(a, b); }                                   \
    inline Pair __hsub2_rn(const Pair a, const Pair b) { return __hsub2(a, b); }                                   \
    inline Pair __hmul2_rn(const Pair a, const Pair b) { return __hmul2(a, b); }                                   \
    inline Pair __h2div(const Pair a, const Pair b) { return Pair(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }           \
    inline Pair __hadd2_sat(const Pair a, const Pair b) { return Pair(__hadd_sat(a.x, b.x), __hadd_sat(a.y, b.y)); } \
    inline Pair __hsub2_sat(const Pair a, const Pair b) { return Pair(__hsub_sat(a.x, b.x), __hsub_sat(a.y, b.y)); } \
    inline Pair __hmul2_sat(const Pair a, const Pair b) { return Pair(__hmul_sat(a.x, b.x), __hmul_sat(a.y, b.y)); } \
    inline Pair __hfma2(const Pair a, const Pair b, const Pair c) {                                                 \
        return Pair(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));                                                  \
    }                                                                                                               \
    inline Pair __hfma2_sat(const Pair a, const Pair b, const Pair c) {                                             \
        return Pair(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));                                          \
    }                                                                                                               \
    inline Pair __hfma2_relu(const Pair a, const Pair b, const Pair c) {                                            \
        return Pair(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y));                                        \
    }                                                                                                               \
    inline Pair __hneg2(const Pair a) { return Pair(__hneg(a.x), __hneg(a.y)); }                                    \
    inline Pair __habs2(const Pair a) { return Pair(__habs(a.x), __habs(a.y)); }                                    \
    /* a complex multiply-accumulate, x the real part and y the imaginary, in four fmas: */                         \
    /* re = (c.re + a.re*b.re) - a.im*b.im, im = (c.im + a.re*b.im) + a.im*b.re */                                 \
    inline Pair __hcmadd(const Pair a, const Pair b, const Pair c) {                                                \
        return Pair(__hfma(__hneg(a.y), b.y, __hfma(a.x, b.x, c.x)), __hfma(a.y, b.x, __hfma(a.x, b.y, c.y)));      \
    }

// The operators a built-in type would have (the Toolkit's, and as it has them).
#define WARP_EMULATOR_HALF_OPERATORS(Scalar)                                                                          \
    inline Scalar operator+(const Scalar& lh, const Scalar& rh) { return __hadd(lh, rh); }                          \
    inline Scalar operator-(const Scalar& lh, const Scalar& rh) { return __hsub(lh, rh); }                          \
    inline Scalar operator*(const Scalar& lh, const Scalar& rh) { return __hmul(lh, rh); }                          \
    inline Scalar operator/(const Scalar& lh, const Scalar& rh) { return __hdiv(lh, rh); }                          \
    inline Scalar& operator+=(Scalar& lh, const Scalar& rh) { return lh = __hadd(lh, rh); }                         \
    inline Scalar& operator-=(Scalar& lh, const Scalar& rh) { return lh = __hsub(lh, rh); }                         \
    inline Scalar& operator*=(Scalar& lh, const Scalar& rh) { return lh = __hmul(lh, rh); }                         \
    inline Scalar& operator/=(Scalar& lh, const Scalar& rh) { return lh = __hdiv(lh, rh); }                         \
    inline Scalar& operator++(Scalar& h) { return h = __hadd(h, warp_emulator::half::one<Scalar>()); }              \
    inline Scalar& operator--(Scalar& h) { return h = __hsub(h, warp_emulator::half::one<Scalar>()); }              \
    inline Scalar operator++(Scalar& h, const int) {                                                                \
        const Scalar before = h;                                                                                    \
        ++h;                                                                                                        \
        return before;                                                                                              \
    }                                                                                                               \
    inline Scalar operator--(Scalar& h, const int) {                                                                \
        const Scalar before = h;                                                                                    \
        --h;                                                                                                        \
        return before;                                                                                              \
    }                                                                                                               \
    inline Scalar operator+(const Scalar& h) { return h; }                                                          \
    inline Scalar operator-(const Scalar& h) { return __hneg(h); }

#define WARP_EMULATOR_HALF2_OPERATORS(Pair)                                                                           \
    inline Pair operator+(const Pair& lh, const Pair& rh) { return __hadd2(lh, rh); }                               \
    inline Pair operator-(const Pair& lh, const Pair& rh) { return __hsub2(lh, rh); }                               \
    inline Pair operator*(const Pair& lh, const Pair& rh) { return __hmul2(lh, rh); }                               \
    inline Pair operator/(const Pair& lh, const Pair& rh) { return __h2div(lh, rh); }                               \
    inline Pair& operator+=(Pair& lh, const Pair& rh) { return lh = __hadd2(lh, rh); }                              \
    inline Pair& operator-=(Pair& lh, const Pair& rh) { return lh = __hsub2(lh, rh); }                              \
    inline Pair& operator*=(Pair& lh, const Pair& rh) { return lh = __hmul2(lh, rh); }                              \
    inline Pair& operator/=(Pair& lh, const Pair& rh) { return lh = __h2div(lh, rh); }                              \
    inline Pair& operator++(Pair& h) {                                                                              \
        const auto one = warp_emulator::half::one<decltype(h.x)>();                                                 \
        return h = __hadd2(h, Pair(one, one));                                                                      \
    }                                                                                                               \
    inline Pair& operator--(Pair& h) {                                                                              \
        const auto one = warp_emulator::half::one<decltype(h.x)>();                                                 \
        return h = __hsub2(h, Pair(one, one));                                                                      \
    }                                                                                                               \
    inline Pair operator++(Pair& h, const int) {                                                                    \
        const Pair before = h;                                                                                      \
        ++h;                                                                                                        \
        return before;                                                                                              \
    }                                                                                                               \
    inline Pair operator--(Pair& h, const int) {                                                                    \
        const Pair before = h;                                                                                      \
        --h;                                                                                                        \
        return before;                                                                                              \
    }                                                                                                               \
    inline Pair operator+(const Pair& h) { return h; }                                                              \
    inline Pair operator-(const Pair& h) { return __hneg2(h); }
