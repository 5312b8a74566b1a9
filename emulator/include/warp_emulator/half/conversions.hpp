// conversions.hpp: the named conversions of the two 16-bit types, to and
// from float, double and the integer types in each rounding mode, the bit
// casts, and the functions that build and take apart a pair.
//
// The Toolkit names them after the type, __float2half_rn and
// __float2bfloat16_rn, __half2int_rz and __bfloat162int_rz, make_half2 and
// make_bfloat162: one macro writes each type's, given the stem of its names
// (half, bfloat16) and of its pair's (half2, bfloat162). cuda_fp16.h and
// cuda_bf16.h expand it.
//
// Every conversion rounds once (formats.hpp). To an integer: rounded as the
// suffix says, saturated at the type's ends; NaN gives 0, or
// 0x8000000000000000 for the 64-bit types ("NaN inputs return a long long int
// with hex value of 0x8000000000000000", the Toolkit's header).
#pragma once

#include "formats.hpp"

#define WARP_EMULATOR_HALF_TO_INTEGER(Scalar, stem, target, Integer, suffix, mode)                                 \
    inline Integer __##stem##2##target##_##suffix(const Scalar h) {                                                 \
        namespace core = warp_emulator::half;                                                                        \
        return core::toInteger<Integer, core::FormatOf<Scalar>::type>(                                               \
            core::bits(h), core::Rounding::mode,                                                                     \
            sizeof(Integer) == 8 ? static_cast<Integer>(0x8000000000000000ull) : static_cast<Integer>(0));                    \
    }
#define WARP_EMULATOR_INTEGER_TO_HALF(Scalar, stem, source, Integer, suffix, mode)                                  \
    inline Scalar __##source##2##stem##_##suffix(const Integer i) {                                                 \
        namespace core = warp_emulator::half;                                                                        \
        return core::make<Scalar>(core::fromInteger<core::FormatOf<Scalar>::type>(i, core::Rounding::mode));        \
    }
#define WARP_EMULATOR_INTEGER_CONVERSIONS(Scalar, stem, name, Integer)                   \
    WARP_EMULATOR_HALF_TO_INTEGER(Scalar, stem, name, Integer, rn, NearestEven)          \
    WARP_EMULATOR_HALF_TO_INTEGER(Scalar, stem, name, Integer, rz, TowardZero)           \
    WARP_EMULATOR_HALF_TO_INTEGER(Scalar, stem, name, Integer, rd, Down)                 \
    WARP_EMULATOR_HALF_TO_INTEGER(Scalar, stem, name, Integer, ru, Up)                   \
    WARP_EMULATOR_INTEGER_TO_HALF(Scalar, stem, name, Integer, rn, NearestEven)          \
    WARP_EMULATOR_INTEGER_TO_HALF(Scalar, stem, name, Integer, rz, TowardZero)           \
    WARP_EMULATOR_INTEGER_TO_HALF(Scalar, stem, name, Integer, rd, Down)                 \
    WARP_EMULATOR_INTEGER_TO_HALF(Scalar, stem, name, Integer, ru, Up)

#define WARP_EMULATOR_HALF_CONVERSIONS(Scalar, Pair, stem, pairStem)                                              \
    /* float and double */                                                                                         \
    inline Scalar __double2##stem(const double a) {                                                                \
        namespace core = warp_emulator::half;                                                                      \
        return core::make<Scalar>(core::fromDouble<core::FormatOf<Scalar>::type>(a));                             \
    }                                                                                                              \
    inline Scalar __float2##stem##_rn(const float a) {                                                             \
        namespace core = warp_emulator::half;                                                                      \
        return core::make<Scalar>(core::fromFloat<core::FormatOf<Scalar>::type>(a, core::Rounding::NearestEven)); \
    }                                                                                                              \
    inline Scalar __float2##stem##_rz(const float a) {                                                             \
        namespace core = warp_emulator::half;                                                                      \
        return core::make<Scalar>(core::fromFloat<core::FormatOf<Scalar>::type>(a, core::Rounding::TowardZero));  \
    }                                                                                                              \
    inline Scalar __float2##stem##_rd(const float a) {                                                             \
        namespace core = warp_emulator::half;                                                                      \
        return core::make<Scalar>(core::fromFloat<core::FormatOf<Scalar>::type>(a, core::Rounding::Down));        \
    }                                                                                                              \
    inline Scalar __float2##stem##_ru(const float a) {                                                             \
        namespace core = warp_emulator::half;                                                                      \
        return core::make<Scalar>(core::fromFloat<core::FormatOf<Scalar>::type>(a, core::Rounding::Up));          \
    }                                                                                                              \
    inline Scalar __float2##stem(const float a) { return __float2##stem##_rn(a); }                               \
    inline float __##stem##2float(const Scalar a) {                                                                \
        namespace core = warp_emulator::half;                                                                      \
        return core::toFloat<core::FormatOf<Scalar>::type>(core::bits(a));                                        \
    }                                                                                                              \
    inline Pair __float2##pairStem##_rn(const float a) {                                                           \
        const Scalar h = __float2##stem##_rn(a);                                                                   \
        return Pair(h, h);                                                                                         \
    }                                                                                                              \
    inline Pair __floats2##pairStem##_rn(const float a, const float b) {                                           \
        return Pair(__float2##stem##_rn(a), __float2##stem##_rn(b));                                               \
    }                                                                                                              \
    inline Pair __float22##pairStem##_rn(const float2 a) { return __floats2##pairStem##_rn(a.x, a.y); }          \
    inline float2 __##pairStem##2float2(const Pair a) { return make_float2(__##stem##2float(a.x), __##stem##2float(a.y)); } \
    inline float __low2float(const Pair a) { return __##stem##2float(a.x); }                                      \
    inline float __high2float(const Pair a) { return __##stem##2float(a.y); }                                     \
    /* the integers: rn, rz, rd and ru each way; to char only rz, as the Toolkit has it */                        \
    WARP_EMULATOR_INTEGER_CONVERSIONS(Scalar, stem, short, short)                                                  \
    WARP_EMULATOR_INTEGER_CONVERSIONS(Scalar, stem, ushort, unsigned short)                                        \
    WARP_EMULATOR_INTEGER_CONVERSIONS(Scalar, stem, int, int)                                                      \
    WARP_EMULATOR_INTEGER_CONVERSIONS(Scalar, stem, uint, unsigned int)                                            \
    WARP_EMULATOR_INTEGER_CONVERSIONS(Scalar, stem, ll, long long)                                                 \
    WARP_EMULATOR_INTEGER_CONVERSIONS(Scalar, stem, ull, unsigned long long)                                       \
    WARP_EMULATOR_HALF_TO_INTEGER(Scalar, stem, char, signed char, rz, TowardZero)                                 \
    WARP_EMULATOR_HALF_TO_INTEGER(Scalar, stem, uchar, unsigned char, rz, TowardZero)                              \
    /* the bits as they are */                                                                                     \
    inline short __##stem##_as_short(const Scalar h) { return static_cast<short>(warp_emulator::half::bits(h)); }  \
    inline unsigned short __##stem##_as_ushort(const Scalar h) { return warp_emulator::half::bits(h); }            \
    inline Scalar __short_as_##stem(const short i) {                                                              \
        return warp_emulator::half::make<Scalar>(static_cast<std::uint16_t>(i));                                   \
    }                                                                                                              \
    inline Scalar __ushort_as_##stem(const unsigned short i) { return warp_emulator::half::make<Scalar>(i); }     \
    /* pairs: x is the low half, y the high half */                                                                \
    inline Pair make_##pairStem(const Scalar x, const Scalar y) { return Pair(x, y); }                           \
    inline Pair __halves2##pairStem(const Scalar a, const Scalar b) { return Pair(a, b); }                       \
    inline Pair __##stem##2##pairStem(const Scalar a) { return Pair(a, a); }                                     \
    inline Pair __lowhigh2highlow(const Pair a) { return Pair(a.y, a.x); }                                        \
    inline Pair __lows2##pairStem(const Pair a, const Pair b) { return Pair(a.x, b.x); }                         \
    inline Pair __highs2##pairStem(const Pair a, const Pair b) { return Pair(a.y, b.y); }                        \
    inline Pair __low2##pairStem(const Pair a) { return Pair(a.x, a.x); }                                         \
    inline Pair __high2##pairStem(const Pair a) { return Pair(a.y, a.y); }                                        \
    inline Scalar __low2##stem(const Pair a) { return a.x; }                                                      \
    inline Scalar __high2##stem(const Pair a) { return a.y; }
