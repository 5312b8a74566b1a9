// fp16_types.hpp: __half and __half2 (and __half_raw, __half2_raw), as the
// Toolkit's cuda_fp16.h declares them: 2 and 4 bytes, aligned to their size,
// __half's bits protected behind its conversions, __half2 two public __half
// members x (the low 16 bits) and y. They are host and device types alike.
//
// One difference: the Toolkit writes __half2's copy constructor and copy
// assignment out (so that a GPU copies the 32 bits at once); here they are
// the compiler's, so both types are trivially copyable, which the shuffles
// and atomics, moving bits, ask of them. The conversions honour the
// Toolkit's opt-out macros, __CUDA_NO_HALF_CONVERSIONS__ and (in the
// operators' headers) __CUDA_NO_HALF_OPERATORS__ and __CUDA_NO_HALF2_OPERATORS__.
#pragma once

#include <cstdint>

#include "formats.hpp"

// The bits of a __half, for static initialisation ("a bit-field
// representation of half, and not a conversion from short to half").
typedef struct alignas(2) {
    unsigned short x;
} __half_raw;

typedef struct alignas(4) {
    unsigned short x;  // the low __half
    unsigned short y;  // the high __half
} __half2_raw;

struct __nv_bfloat16;

struct alignas(2) __half {
protected:
    unsigned short __x;

public:
    __half() = default;  // uninitialised, as a float is
    constexpr __half(const __half_raw& raw) : __x(raw.x) {}
    __half& operator=(const __half_raw& raw) {
        __x = raw.x;
        return *this;
    }
    volatile __half& operator=(const __half_raw& raw) volatile {
        __x = raw.x;
        return *this;
    }
    volatile __half& operator=(const volatile __half_raw& raw) volatile {
        __x = raw.x;
        return *this;
    }
    operator __half_raw() const { return __half_raw{__x}; }
    operator __half_raw() const volatile { return __half_raw{__x}; }

#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
    // From and to the other types, rounding to nearest even, and to the
    // integers toward zero (saturating; NaN gives 0), as the Toolkit's do.
    explicit __half(const __nv_bfloat16 value);  // cuda_bf16.h defines it
    __half(const float value) : __x(warp_emulator::half::fromFloat<warp_emulator::half::Binary16>(value)) {}
    __half(const double value) : __x(warp_emulator::half::fromDouble<warp_emulator::half::Binary16>(value)) {}
    __half(const short value) : __x(fromInteger(value)) {}
    __half(const unsigned short value) : __x(fromInteger(value)) {}
    __half(const int value) : __x(fromInteger(value)) {}
    __half(const unsigned int value) : __x(fromInteger(value)) {}
    __half(const long value) : __x(fromInteger(value)) {}
    __half(const unsigned long value) : __x(fromInteger(value)) {}
    __half(const long long value) : __x(fromInteger(value)) {}
    __half(const unsigned long long value) : __x(fromInteger(value)) {}
    __half& operator=(const float value) { return *this = __half(value); }
    __half& operator=(const double value) { return *this = __half(value); }
    __half& operator=(const short value) { return *this = __half(value); }
    __half& operator=(const unsigned short value) { return *this = __half(value); }
    __half& operator=(const int value) { return *this = __half(value); }
    __half& operator=(const unsigned int value) { return *this = __half(value); }
    __half& operator=(const long long value) { return *this = __half(value); }
    __half& operator=(const unsigned long long value) { return *this = __half(value); }
    // No conversion to double: the Toolkit omits it, "so as to not be ambiguous about up-cast".
    operator float() const { return warp_emulator::half::toFloat<warp_emulator::half::Binary16>(__x); }
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
        return warp_emulator::half::fromInteger<warp_emulator::half::Binary16>(value,
                                                                                warp_emulator::half::Rounding::NearestEven);
    }
    // NaN gives 0, or 0x8000000000000000 for the 64-bit types (the Toolkit's __half2ll_rz).
    template <typename Integer>
    Integer toInteger() const {
        const Integer nanValue = sizeof(Integer) == 8 ? static_cast<Integer>(0x8000000000000000ull) : Integer(0);
        return warp_emulator::half::toInteger<Integer, warp_emulator::half::Binary16>(
            __x, warp_emulator::half::Rounding::TowardZero, nanValue);
    }
#endif
};

struct alignas(4) __half2 {
    __half x;  // the low 16 bits
    __half y;  // the high 16 bits

    __half2() = default;
    constexpr __half2(const __half& low, const __half& high) : x(low), y(high) {}
    __half2(const __half2_raw& raw) : x(__half_raw{raw.x}), y(__half_raw{raw.y}) {}
    __half2& operator=(const __half2_raw& raw) { return *this = __half2(raw); }
    operator __half2_raw() const {
        return __half2_raw{static_cast<__half_raw>(x).x, static_cast<__half_raw>(y).x};
    }
};

namespace warp_emulator {
namespace half {
template <>
struct FormatOf<__half> {
    using type = Binary16;
};
}  // namespace half
}  // namespace warp_emulator

// The Toolkit's other names, which CUDA_NO_HALF turns off.
#if !defined(CUDA_NO_HALF)
typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;
#endif
