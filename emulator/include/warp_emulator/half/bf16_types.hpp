// bf16_types.hpp: __nv_bfloat16 and __nv_bfloat162 (and their _raw types),
// as the Toolkit's cuda_bf16.h declares them: the same shape as __half and
// __half2 (fp16_types.hpp says how they differ from the Toolkit's), with
// bfloat16's 8 exponent and 7 fraction bits. The conversions honour
// __CUDA_NO_BFLOAT16_CONVERSIONS__, the operators' headers
// __CUDA_NO_BFLOAT16_OPERATORS__ and __CUDA_NO_BFLOAT162_OPERATORS__.
#pragma once

#include <cstdint>

#include "fp16_types.hpp"
#include "formats.hpp"

// The bits of a __nv_bfloat16, for static initialisation.
typedef struct alignas(2) {
    unsigned short x;
} __nv_bfloat16_raw;

typedef struct alignas(4) {
    unsigned short x;  // the low __nv_bfloat16
    unsigned short y;  // the high __nv_bfloat16
} __nv_bfloat162_raw;

struct alignas(2) __nv_bfloat16 {
protected:
    unsigned short __x;

public:
    __nv_bfloat16() = default;  // uninitialised, as a float is
    constexpr __nv_bfloat16(const __nv_bfloat16_raw& raw) : __x(raw.x) {}
    __nv_bfloat16& operator=(const __nv_bfloat16_raw& raw) {
        __x = raw.x;
        return *this;
    }
    volatile __nv_bfloat16& operator=(const __nv_bfloat16_raw& raw) volatile {
        __x = raw.x;
        return *this;
    }
    volatile __nv_bfloat16& operator=(const volatile __nv_bfloat16_raw& raw) volatile {
        __x = raw.x;
        return *this;
    }
    operator __nv_bfloat16_raw() const { return __nv_bfloat16_raw{__x}; }
    operator __nv_bfloat16_raw() const volatile { return __nv_bfloat16_raw{__x}; }

#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
    // From and to the other types, rounding to nearest even, and to the
    // integers toward zero (saturating; NaN gives 0), as the Toolkit's do.
    explicit __nv_bfloat16(const __half value)
        : __x(warp_emulator::half::fromFloat<warp_emulator::half::BFloat16>(
              warp_emulator::half::toFloat<warp_emulator::half::Binary16>(warp_emulator::half::bits(value)))) {}
    __nv_bfloat16(const float value) : __x(warp_emulator::half::fromFloat<warp_emulator::half::BFloat16>(value)) {}
    __nv_bfloat16(const double value) : __x(warp_emulator::half::fromDouble<warp_emulator::half::BFloat16>(value)) {}
    __nv_bfloat16(const short value) : __x(fromInteger(value)) {}
    __nv_bfloat16(const unsigned short value) : __x(fromInteger(value)) {}
    __nv_bfloat16(const int value) : __x(fromInteger(value)) {}
    __nv_bfloat16(const unsigned int value) : __x(fromInteger(value)) {}
    __nv_bfloat16(const long value) : __x(fromInteger(value)) {}
    __nv_bfloat16(const unsigned long value) : __x(fromInteger(value)) {}
    __nv_bfloat16(const long long value) : __x(fromInteger(value)) {}
    __nv_bfloat16(const unsigned long long value) : __x(fromInteger(value)) {}
    __nv_bfloat16& operator=(const float value) { return *this = __nv_bfloat16(value); }
    __nv_bfloat16& operator=(const double value) { return *this = __nv_bfloat16(value); }
    __nv_bfloat16& operator=(const short value) { return *this = __nv_bfloat16(value); }
    __nv_bfloat16& operator=(const unsigned short value) { return *this = __nv_bfloat16(value); }
    __nv_bfloat16& operator=(const int value) { return *this = __nv_bfloat16(value); }
    __nv_bfloat16& operator=(const unsigned int value) { return *this = __nv_bfloat16(value); }
    __nv_bfloat16& operator=(const long long value) { return *this = __nv_bfloat16(value); }
    __nv_bfloat16& operator=(const unsigned long long value) { return *this = __nv_bfloat16(value); }
    operator float() const { return warp_emulator::half::toFloat<warp_emulator::half::BFloat16>(__x); }
    operator signed char() const { return toInteger<signed char>(); }
    operator unsigned char() const { return toInteger<unsigned char>(); }
    operator char() const { return toInteger<char>(); }
    operator short() const { return toInteger<short>(); }
    operator unsigned short() const { return toInteger<unsigned short>(); }
    operator int() const { return toInteger<int>(); }
    operator unsigned int() const { return toInteger<unsigned int>(); }
    operator long() const { return toInteger<long>(); }
    operator unsigned long() const { return toInteger<unsigned long>(); }
    operator long long() const { return toInteger<long long>(); }
    operator unsigned long long() const { return toInteger<unsigned long long>(); }
    // "+0 and -0 inputs convert to false. Non-zero inputs convert to true."
    constexpr operator bool() const { return (__x & 0x7fffu) != 0; }

private:
    template <typename Integer>
    static unsigned short fromInteger(Integer value) {
        return warp_emulator::half::fromInteger<warp_emulator::half::BFloat16>(value,
                                                                                warp_emulator::half::Rounding::NearestEven);
    }
    // NaN gives 0, or 0x8000000000000000 for the 64-bit types.
    template <typename Integer>
    Integer toInteger() const {
        const Integer nanValue = sizeof(Integer) == 8 ? static_cast<Integer>(0x8000000000000000ull) : Integer(0);
        return warp_emulator::half::toInteger<Integer, warp_emulator::half::BFloat16>(
            __x, warp_emulator::half::Rounding::TowardZero, nanValue);
    }
#endif
};

struct alignas(4) __nv_bfloat162 {
    __nv_bfloat16 x;  // the low 16 bits
    __nv_bfloat16 y;  // the high 16 bits

    __nv_bfloat162() = default;
    constexpr __nv_bfloat162(const __nv_bfloat16& low, const __nv_bfloat16& high) : x(low), y(high) {}
    __nv_bfloat162(const __nv_bfloat162_raw& raw) : x(__nv_bfloat16_raw{raw.x}), y(__nv_bfloat16_raw{raw.y}) {}
    __nv_bfloat162& operator=(const __nv_bfloat162_raw& raw) { return *this = __nv_bfloat162(raw); }
    operator __nv_bfloat162_raw() const {
        return __nv_bfloat162_raw{static_cast<__nv_bfloat16_raw>(x).x, static_cast<__nv_bfloat16_raw>(y).x};
    }
};

namespace warp_emulator {
namespace half {
template <>
struct FormatOf<__nv_bfloat16> {
    using type = BFloat16;
};
}  // namespace half
}  // namespace warp_emulator

// __half from __nv_bfloat16, declared with __half (fp16_types.hpp): through
// float, which holds a bfloat16 exactly, so rounded once.
#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
inline __half::__half(const __nv_bfloat16 value)
    : __x(warp_emulator::half::fromFloat<warp_emulator::half::Binary16>(
          warp_emulator::half::toFloat<warp_emulator::half::BFloat16>(warp_emulator::half::bits(value)))) {}
#endif

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
