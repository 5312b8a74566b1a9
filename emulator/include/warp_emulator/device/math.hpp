// device_functions.hpp: the integer and floating-point intrinsics a kernel
// calls, with the results the CUDA Math API documents (the fast approximate
// ones computed exactly here). Pure functions: they touch no memory.
#pragma once

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
// The C++ <math.h>, beside <cmath>: it names isnan, isinf, isfinite and
// signbit in the global namespace, where the Toolkit's math_functions.h
// declares them for device code (<cmath> alone keeps them in std::).
#include <math.h>

#include "kernel_calls.hpp"

// ---------------------------------------------------------------------------
// Integer intrinsics
// ---------------------------------------------------------------------------

inline int __popc(unsigned int x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned int>(x)); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x)); }
inline unsigned int __brev(unsigned int x) {
    unsigned int reversed = 0;
    for (int bit = 0; bit < 32; ++bit) {
        reversed |= ((x >> bit) & 1u) << (31 - bit);
    }
    return reversed;
}
inline unsigned long long __brevll(unsigned long long x) {
    return (static_cast<unsigned long long>(__brev(static_cast<unsigned int>(x))) << 32) | __brev(static_cast<unsigned int>(x >> 32));
}
inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int selector) {
    const unsigned long long bytes = (static_cast<unsigned long long>(y) << 32) | x;
    unsigned int result = 0;
    for (int i = 0; i < 4; ++i) {
        result |= static_cast<unsigned int>((bytes >> (8 * ((selector >> (4 * i)) & 7u))) & 0xffu) << (8 * i);
    }
    return result;
}
inline unsigned int __funnelshift_l(unsigned int low, unsigned int high, unsigned int shift) {
    const unsigned long long both = (static_cast<unsigned long long>(high) << 32) | low;
    return static_cast<unsigned int>((both << (shift & 31u)) >> 32);
}
inline unsigned int __funnelshift_r(unsigned int low, unsigned int high, unsigned int shift) {
    const unsigned long long both = (static_cast<unsigned long long>(high) << 32) | low;
    return static_cast<unsigned int>(both >> (shift & 31u));
}
// The _lc and _rc forms clamp the shift to 32 instead of taking it modulo 32.
inline unsigned int __funnelshift_lc(unsigned int low, unsigned int high, unsigned int shift) {
    const unsigned long long both = (static_cast<unsigned long long>(high) << 32) | low;
    return static_cast<unsigned int>((both << (shift < 32u ? shift : 32u)) >> 32);
}
inline unsigned int __funnelshift_rc(unsigned int low, unsigned int high, unsigned int shift) {
    const unsigned long long both = (static_cast<unsigned long long>(high) << 32) | low;
    return static_cast<unsigned int>(both >> (shift < 32u ? shift : 32u));
}
// The dot product of four bytes with an accumulator (the SIMD intrinsics,
// __vadd4 and its kin, are video_instructions.hpp's).
inline int __dp4a(int x, int y, int accumulator) {
    for (int i = 0; i < 4; ++i) {
        accumulator += static_cast<signed char>(x >> (8 * i)) * static_cast<signed char>(y >> (8 * i));
    }
    return accumulator;
}
inline unsigned int __dp4a(unsigned int x, unsigned int y, unsigned int accumulator) {
    for (int i = 0; i < 4; ++i) {
        accumulator += ((x >> (8 * i)) & 0xffu) * ((y >> (8 * i)) & 0xffu);
    }
    return accumulator;
}
// __dp4a on the bytes as vectors, and __dp2a: the two 16-bit halves of x
// times two bytes of y, bytes 0 and 1 for _lo, 2 and 3 for _hi (the PTX
// ISA's dp2a.lo and dp2a.hi), plus the accumulator.
namespace warp_emulator {
// Signed, summed as unsigned: the 32-bit sum wraps as the GPU's does.
inline int dp2a(int x, int y, int accumulator, int firstByte) {
    unsigned int sum = static_cast<unsigned int>(accumulator);
    for (int i = 0; i < 2; ++i) {
        sum += static_cast<unsigned int>(static_cast<short>(x >> (16 * i)) * static_cast<signed char>(y >> (8 * (firstByte + i))));
    }
    return static_cast<int>(sum);
}
inline unsigned int dp2a(unsigned int x, unsigned int y, unsigned int accumulator, int firstByte) {
    for (int i = 0; i < 2; ++i) {
        accumulator += ((x >> (16 * i)) & 0xffffu) * ((y >> (8 * (firstByte + i))) & 0xffu);
    }
    return accumulator;
}
template <typename Vector>
unsigned int packed(Vector v) {
    unsigned int bits = 0;
    static_assert(sizeof(Vector) == sizeof bits, "short2, ushort2, char4 and uchar4 are 4 bytes");
    std::memcpy(&bits, &v, sizeof bits);
    return bits;
}
}  // namespace warp_emulator
inline int __dp4a(char4 x, char4 y, int accumulator) {
    return __dp4a(static_cast<int>(warp_emulator::packed(x)), static_cast<int>(warp_emulator::packed(y)), accumulator);
}
inline unsigned int __dp4a(uchar4 x, uchar4 y, unsigned int accumulator) {
    return __dp4a(warp_emulator::packed(x), warp_emulator::packed(y), accumulator);
}
inline int __dp2a_lo(int x, int y, int accumulator) { return warp_emulator::dp2a(x, y, accumulator, 0); }
inline int __dp2a_hi(int x, int y, int accumulator) { return warp_emulator::dp2a(x, y, accumulator, 2); }
inline unsigned int __dp2a_lo(unsigned int x, unsigned int y, unsigned int accumulator) {
    return warp_emulator::dp2a(x, y, accumulator, 0);
}
inline unsigned int __dp2a_hi(unsigned int x, unsigned int y, unsigned int accumulator) {
    return warp_emulator::dp2a(x, y, accumulator, 2);
}
inline int __dp2a_lo(short2 x, char4 y, int accumulator) {
    return warp_emulator::dp2a(static_cast<int>(warp_emulator::packed(x)), static_cast<int>(warp_emulator::packed(y)),
                               accumulator, 0);
}
inline int __dp2a_hi(short2 x, char4 y, int accumulator) {
    return warp_emulator::dp2a(static_cast<int>(warp_emulator::packed(x)), static_cast<int>(warp_emulator::packed(y)),
                               accumulator, 2);
}
inline unsigned int __dp2a_lo(ushort2 x, uchar4 y, unsigned int accumulator) {
    return warp_emulator::dp2a(warp_emulator::packed(x), warp_emulator::packed(y), accumulator, 0);
}
inline unsigned int __dp2a_hi(ushort2 x, uchar4 y, unsigned int accumulator) {
    return warp_emulator::dp2a(warp_emulator::packed(x), warp_emulator::packed(y), accumulator, 2);
}
inline int __mul24(int x, int y) { return ((x << 8) >> 8) * ((y << 8) >> 8); }
inline unsigned int __umul24(unsigned int x, unsigned int y) { return (x & 0xffffffu) * (y & 0xffffffu); }
inline int __mulhi(int x, int y) { return static_cast<int>((static_cast<long long>(x) * y) >> 32); }
inline unsigned int __umulhi(unsigned int x, unsigned int y) {
    return static_cast<unsigned int>((static_cast<unsigned long long>(x) * y) >> 32);
}
inline long long __mul64hi(long long x, long long y) { return static_cast<long long>((static_cast<__int128>(x) * y) >> 64); }
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
    return static_cast<unsigned long long>((static_cast<unsigned __int128>(x) * y) >> 64);
}
inline int __hadd(int x, int y) { return static_cast<int>((static_cast<long long>(x) + y) >> 1); }
inline int __rhadd(int x, int y) { return static_cast<int>((static_cast<long long>(x) + y + 1) >> 1); }
inline unsigned int __uhadd(unsigned int x, unsigned int y) {
    return static_cast<unsigned int>((static_cast<unsigned long long>(x) + y) >> 1);
}
inline unsigned int __urhadd(unsigned int x, unsigned int y) {
    return static_cast<unsigned int>((static_cast<unsigned long long>(x) + y + 1) >> 1);
}
// The position of the offset-th set bit of mask from bit base, upward for a
// positive offset and downward for a negative one, base itself counted;
// offset 0 asks whether bit base is set. 0xffffffff where there is none
// (the PTX ISA's fns).
inline unsigned int __fns(unsigned int mask, unsigned int base, int offset) {
    if (offset == 0) {
        return base < 32u && ((mask >> base) & 1u) != 0 ? base : 0xffffffffu;
    }
    int remaining = offset > 0 ? offset : -offset;
    const int step = offset > 0 ? 1 : -1;
    for (int position = static_cast<int>(base); position >= 0 && position < 32; position += step) {
        if (((mask >> position) & 1u) != 0 && --remaining == 0) {
            return static_cast<unsigned int>(position);
        }
    }
    return 0xffffffffu;
}
inline unsigned int __sad(int x, int y, unsigned int z) { return static_cast<unsigned int>(x > y ? x - y : y - x) + z; }
inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) { return (x > y ? x - y : y - x) + z; }

// min and max as CUDA declares them for device code: integer pairs of mixed
// signedness compare as unsigned, as C++'s conversions would.
inline int min(int a, int b) { return a < b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }
inline unsigned int min(unsigned int a, unsigned int b) { return a < b ? a : b; }
inline unsigned int max(unsigned int a, unsigned int b) { return a > b ? a : b; }
inline unsigned int min(int a, unsigned int b) { return min(static_cast<unsigned int>(a), b); }
inline unsigned int max(int a, unsigned int b) { return max(static_cast<unsigned int>(a), b); }
inline unsigned int min(unsigned int a, int b) { return min(a, static_cast<unsigned int>(b)); }
inline unsigned int max(unsigned int a, int b) { return max(a, static_cast<unsigned int>(b)); }
inline long min(long a, long b) { return a < b ? a : b; }
inline long max(long a, long b) { return a > b ? a : b; }
inline unsigned long min(unsigned long a, unsigned long b) { return a < b ? a : b; }
inline unsigned long max(unsigned long a, unsigned long b) { return a > b ? a : b; }
inline long long min(long long a, long long b) { return a < b ? a : b; }
inline long long max(long long a, long long b) { return a > b ? a : b; }
inline unsigned long long min(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
inline unsigned long long max(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
inline float min(float a, float b) { return std::fmin(a, b); }
inline float max(float a, float b) { return std::fmax(a, b); }
inline double min(double a, double b) { return std::fmin(a, b); }
inline double max(double a, double b) { return std::fmax(a, b); }
// The integer ones of CUDA's math API by their own names.
inline unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
inline unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
inline long long llmin(long long a, long long b) { return a < b ? a : b; }
inline long long llmax(long long a, long long b) { return a > b ? a : b; }
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
inline double min(float a, double b) { return std::fmin(a, b); }
inline double max(float a, double b) { return std::fmax(a, b); }
inline double min(double a, float b) { return std::fmin(a, b); }
inline double max(double a, float b) { return std::fmax(a, b); }

// ---------------------------------------------------------------------------
// Floating-point intrinsics. The __ ones trade accuracy for speed on a GPU;
// here they are computed as accurately as the host's libm.
// ---------------------------------------------------------------------------

inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
inline float rcbrtf(float x) { return 1.0f / std::cbrt(x); }
inline float __fdividef(float x, float y) { return x / y; }
inline float fdividef(float x, float y) { return x / y; }
inline float __saturatef(float x) { return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f); }  // NaN gives 0
inline float __expf(float x) { return std::exp(x); }
inline float __exp10f(float x) { return std::pow(10.0f, x); }
inline float __logf(float x) { return std::log(x); }
inline float __log2f(float x) { return std::log2(x); }
inline float __log10f(float x) { return std::log10(x); }
inline float __sinf(float x) { return std::sin(x); }
inline float __cosf(float x) { return std::cos(x); }
inline float __tanf(float x) { return std::tan(x); }
inline void __sincosf(float x, float* s, float* c) { *s = std::sin(x); *c = std::cos(x); }
inline float __powf(float x, float y) { return std::pow(x, y); }
inline float __fadd_rn(float x, float y) { return x + y; }
inline float __fsub_rn(float x, float y) { return x - y; }
inline float __fmul_rn(float x, float y) { return x * y; }
inline float __fdiv_rn(float x, float y) { return x / y; }
inline float __fmaf_rn(float x, float y, float z) { return std::fma(x, y, z); }
inline float __frcp_rn(float x) { return 1.0f / x; }
inline float __fsqrt_rn(float x) { return std::sqrt(x); }
inline float __frsqrt_rn(float x) { return 1.0f / std::sqrt(x); }
inline double __dadd_rn(double x, double y) { return x + y; }
inline double __dsub_rn(double x, double y) { return x - y; }
inline double __dmul_rn(double x, double y) { return x * y; }
inline double __ddiv_rn(double x, double y) { return x / y; }
inline double __fma_rn(double x, double y, double z) { return std::fma(x, y, z); }
inline double __drcp_rn(double x) { return 1.0 / x; }
inline double __dsqrt_rn(double x) { return std::sqrt(x); }

// The other rounding modes: the operation done with the host's rounding set
// to toward zero (rz), down (rd) or up (ru), through volatile operands so
// that the compiler neither folds it nor moves it past the change.
namespace warp_emulator {
template <typename T, typename Operation>
T roundedAs(int mode, T x, T y, Operation operation) {
    const int saved = std::fegetround();
    std::fesetround(mode);
    volatile T a = x, b = y;
    volatile T result = operation(a, b);
    std::fesetround(saved);
    return result;
}
}  // namespace warp_emulator
#define WARP_EMULATOR_ROUNDED(suffix, mode)                                                                                \
    inline float __fadd_##suffix(float x, float y) { return warp_emulator::roundedAs(mode, x, y, [](float a, float b) { return a + b; }); } \
    inline float __fsub_##suffix(float x, float y) { return warp_emulator::roundedAs(mode, x, y, [](float a, float b) { return a - b; }); } \
    inline float __fmul_##suffix(float x, float y) { return warp_emulator::roundedAs(mode, x, y, [](float a, float b) { return a * b; }); } \
    inline float __fdiv_##suffix(float x, float y) { return warp_emulator::roundedAs(mode, x, y, [](float a, float b) { return a / b; }); } \
    inline double __dadd_##suffix(double x, double y) { return warp_emulator::roundedAs(mode, x, y, [](double a, double b) { return a + b; }); } \
    inline double __dsub_##suffix(double x, double y) { return warp_emulator::roundedAs(mode, x, y, [](double a, double b) { return a - b; }); } \
    inline double __dmul_##suffix(double x, double y) { return warp_emulator::roundedAs(mode, x, y, [](double a, double b) { return a * b; }); } \
    inline double __ddiv_##suffix(double x, double y) { return warp_emulator::roundedAs(mode, x, y, [](double a, double b) { return a / b; }); }
WARP_EMULATOR_ROUNDED(rz, FE_TOWARDZERO)
WARP_EMULATOR_ROUNDED(rd, FE_DOWNWARD)
WARP_EMULATOR_ROUNDED(ru, FE_UPWARD)
#undef WARP_EMULATOR_ROUNDED

// The square root, the reciprocal and the fused multiply-add in each rounding
// mode (the host's sqrt and fma round as its rounding mode says, as IEEE 754
// asks); fma's third operand through the same volatile.
namespace warp_emulator {
template <typename T>
T fmaRoundedAs(int mode, T x, T y, T z) {
    const int saved = std::fegetround();
    std::fesetround(mode);
    volatile T a = x, b = y, c = z;
    volatile T result = std::fma(a, b, c);
    std::fesetround(saved);
    return result;
}
}  // namespace warp_emulator
#define WARP_EMULATOR_ROUNDED_UNARY(suffix, mode)                                                                          \
    inline float __fsqrt_##suffix(float x) { return warp_emulator::roundedAs(mode, x, x, [](float a, float) { return std::sqrt(a); }); } \
    inline float __frcp_##suffix(float x) { return warp_emulator::roundedAs(mode, 1.0f, x, [](float a, float b) { return a / b; }); } \
    inline double __dsqrt_##suffix(double x) { return warp_emulator::roundedAs(mode, x, x, [](double a, double) { return std::sqrt(a); }); } \
    inline double __drcp_##suffix(double x) { return warp_emulator::roundedAs(mode, 1.0, x, [](double a, double b) { return a / b; }); } \
    inline float __fmaf_##suffix(float x, float y, float z) { return warp_emulator::fmaRoundedAs(mode, x, y, z); }           \
    inline double __fma_##suffix(double x, double y, double z) { return warp_emulator::fmaRoundedAs(mode, x, y, z); }
WARP_EMULATOR_ROUNDED_UNARY(rz, FE_TOWARDZERO)
WARP_EMULATOR_ROUNDED_UNARY(rd, FE_DOWNWARD)
WARP_EMULATOR_ROUNDED_UNARY(ru, FE_UPWARD)
#undef WARP_EMULATOR_ROUNDED_UNARY
// The _ieee forms of the fused multiply-add: the same, since neither flushes
// denormals here.
inline float __fmaf_ieee_rn(float x, float y, float z) { return std::fma(x, y, z); }
inline float __fmaf_ieee_rz(float x, float y, float z) { return __fmaf_rz(x, y, z); }
inline float __fmaf_ieee_rd(float x, float y, float z) { return __fmaf_rd(x, y, z); }
inline float __fmaf_ieee_ru(float x, float y, float z) { return __fmaf_ru(x, y, z); }

// CUDA's math functions the C library lacks.
inline float sinpif(float x) { return static_cast<float>(std::sin(M_PI * static_cast<double>(x))); }
inline float cospif(float x) { return static_cast<float>(std::cos(M_PI * static_cast<double>(x))); }
inline double sinpi(double x) { return std::sin(M_PI * x); }
inline double cospi(double x) { return std::cos(M_PI * x); }
inline void sincospif(float x, float* s, float* c) { *s = sinpif(x); *c = cospif(x); }
inline void sincospi(double x, double* s, double* c) { *s = sinpi(x); *c = cospi(x); }
inline float normcdff(float x) { return 0.5f * std::erfc(-x / std::sqrt(2.0f)); }
inline double normcdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }
inline double erfinv(double y) {
    if (y <= -1.0 || y >= 1.0) {
        return y == -1.0 ? -HUGE_VAL : y == 1.0 ? HUGE_VAL : std::nan("");
    }
    double x = 0.0;  // Newton's method on erf(x) - y
    for (int i = 0; i < 100; ++i) {
        const double step = (std::erf(x) - y) / (2.0 / std::sqrt(M_PI) * std::exp(-x * x));
        x -= step;
        if (std::fabs(step) <= 1e-17 * (1.0 + std::fabs(x))) {
            break;
        }
    }
    return x;
}
inline float erfinvf(float y) { return static_cast<float>(erfinv(y)); }
inline double erfcinv(double y) { return erfinv(1.0 - y); }
inline float erfcinvf(float y) { return static_cast<float>(erfcinv(y)); }
inline double normcdfinv(double y) { return -std::sqrt(2.0) * erfcinv(2.0 * y); }
inline float normcdfinvf(float y) { return static_cast<float>(normcdfinv(y)); }
inline float norm3df(float a, float b, float c) { return static_cast<float>(std::sqrt(double(a) * a + double(b) * b + double(c) * c)); }
inline float rnorm3df(float a, float b, float c) { return 1.0f / norm3df(a, b, c); }
inline double norm3d(double a, double b, double c) { return std::sqrt(a * a + b * b + c * c); }
inline double rnorm3d(double a, double b, double c) { return 1.0 / norm3d(a, b, c); }
inline float rhypotf(float a, float b) { return 1.0f / std::hypot(a, b); }
inline double rhypot(double a, double b) { return 1.0 / std::hypot(a, b); }
inline double rcbrt(double x) { return 1.0 / std::cbrt(x); }
// The length of a vector of any number of coordinates, scaled by the largest
// so that no square overflows or underflows: an infinite coordinate gives
// +inf even beside a NaN, as the Math API says; dim 0 (or less) gives 0.
namespace warp_emulator {
template <typename T>
double scaledNorm(int dim, const T* p) {
    double largest = 0.0;
    bool infinite = false, notANumber = false;
    for (int i = 0; i < dim; ++i) {
        const double magnitude = std::fabs(static_cast<double>(p[i]));
        infinite = infinite || std::isinf(magnitude);
        notANumber = notANumber || std::isnan(magnitude);
        largest = magnitude > largest ? magnitude : largest;
    }
    if (infinite) {
        return HUGE_VAL;
    }
    if (notANumber) {
        return std::nan("");
    }
    if (largest == 0.0) {
        return 0.0;
    }
    double sum = 0.0;
    for (int i = 0; i < dim; ++i) {
        const double scaled = static_cast<double>(p[i]) / largest;
        sum += scaled * scaled;
    }
    return largest * std::sqrt(sum);
}
}  // namespace warp_emulator
inline float normf(int dim, const float* p) { return static_cast<float>(warp_emulator::scaledNorm(dim, p)); }
inline double norm(int dim, const double* p) { return warp_emulator::scaledNorm(dim, p); }
inline float rnormf(int dim, const float* p) { return static_cast<float>(1.0 / warp_emulator::scaledNorm(dim, p)); }
inline double rnorm(int dim, const double* p) { return 1.0 / warp_emulator::scaledNorm(dim, p); }
inline float norm4df(float a, float b, float c, float d) {
    const float p[4] = {a, b, c, d};
    return normf(4, p);
}
inline double norm4d(double a, double b, double c, double d) {
    const double p[4] = {a, b, c, d};
    return norm(4, p);
}
inline float rnorm4df(float a, float b, float c, float d) {
    const float p[4] = {a, b, c, d};
    return rnormf(4, p);
}
inline double rnorm4d(double a, double b, double c, double d) {
    const double p[4] = {a, b, c, d};
    return rnorm(4, p);
}
// The scaled complementary error function, exp(x^2) erfc(x). Below 10, the
// product, with exp(x^2) taken of x^2's exact two parts (so its rounding is
// not magnified by exp); from 10, where erfc nears underflow, the continued
// fraction erfc(x) = exp(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))),
// summed from its 60th term; below 0, 2 exp(x^2) - erfcx(-x), which
// overflows to +inf below about -26.6.
inline double erfcx(double x) {
    if (std::isnan(x)) {
        return x;
    }
    if (x < 0.0) {
        const double square = x * x;
        const double squareError = std::fma(x, x, -square);
        return 2.0 * std::exp(square) * (1.0 + squareError) - erfcx(-x);
    }
    if (x < 10.0) {
        const double square = x * x;
        const double squareError = std::fma(x, x, -square);
        return std::exp(square) * (1.0 + squareError) * std::erfc(x);
    }
    if (std::isinf(x)) {
        return 0.0;
    }
    double fraction = x;
    for (int k = 60; k >= 1; --k) {
        fraction = x + (0.5 * k) / fraction;
    }
    return 1.0 / (std::sqrt(M_PI) * fraction);
}
inline float erfcxf(float x) { return static_cast<float>(erfcx(x)); }
// The modified Bessel functions of the first kind, of orders 0 and 1: their
// power series, sum of (x/2)^(2k+order) / (k! (k+order)!), below 30, whose
// terms are all of one sign; from 30 the asymptotic series
// e^x / sqrt(2 pi x) * (1 - (4 order^2 - 1)/(8x) + ...), cut at its smallest
// term, with e^x taken in two halves so that I0 and I1 stay finite up to
// about 713.9, past e^x's own overflow. I0 is even, I1 odd.
namespace warp_emulator {
inline double besselI(int order, double x) {
    const double magnitude = std::fabs(x);
    const double sign = order == 1 && x < 0.0 ? -1.0 : 1.0;
    if (std::isnan(x)) {
        return x;
    }
    if (std::isinf(x)) {
        return sign * HUGE_VAL;
    }
    if (magnitude < 30.0) {
        const double quarterSquare = 0.25 * magnitude * magnitude;
        double term = order == 0 ? 1.0 : 0.5 * magnitude;
        double sum = term;
        for (int k = 1; k < 500; ++k) {
            term *= quarterSquare / (static_cast<double>(k) * (k + order));
            sum += term;
            if (term <= 1e-17 * sum) {
                break;
            }
        }
        return sign * sum;
    }
    const double fourOrderSquared = 4.0 * order * order;
    double term = 1.0, sum = 1.0;
    for (int k = 1; k < 200; ++k) {
        const double odd = 2.0 * k - 1.0;
        const double next = -term * (fourOrderSquared - odd * odd) / (8.0 * k * magnitude);
        if (std::fabs(next) >= std::fabs(term)) {
            break;  // past the smallest term: the series diverges from here
        }
        term = next;
        sum += term;
        if (std::fabs(term) <= 1e-17 * std::fabs(sum)) {
            break;
        }
    }
    const double half = std::exp(0.5 * magnitude);
    return sign * half * (half / std::sqrt(2.0 * M_PI * magnitude) * sum);
}
}  // namespace warp_emulator
inline double cyl_bessel_i0(double x) { return warp_emulator::besselI(0, x); }
inline double cyl_bessel_i1(double x) { return warp_emulator::besselI(1, x); }
inline float cyl_bessel_i0f(float x) { return static_cast<float>(warp_emulator::besselI(0, x)); }
inline float cyl_bessel_i1f(float x) { return static_cast<float>(warp_emulator::besselI(1, x)); }

// Conversions, rounding as their suffix says (rn to nearest even, rz toward
// zero, rd down, ru up) and, as PTX's cvt does from floating point to an
// integer, saturating: past the range gives its end, NaN gives 0.
namespace warp_emulator {
template <typename Integer>
Integer saturated(double rounded) {
    if (std::isnan(rounded)) {
        return 0;
    }
    if (rounded <= static_cast<double>(std::numeric_limits<Integer>::min())) {
        return std::numeric_limits<Integer>::min();
    }
    if (rounded >= static_cast<double>(std::numeric_limits<Integer>::max())) {
        return std::numeric_limits<Integer>::max();
    }
    return static_cast<Integer>(rounded);
}
}  // namespace warp_emulator
inline int __float2int_rn(float x) { return warp_emulator::saturated<int>(std::nearbyint(x)); }
inline int __float2int_rz(float x) { return warp_emulator::saturated<int>(std::trunc(x)); }
inline int __float2int_rd(float x) { return warp_emulator::saturated<int>(std::floor(x)); }
inline int __float2int_ru(float x) { return warp_emulator::saturated<int>(std::ceil(x)); }
inline unsigned int __float2uint_rn(float x) { return warp_emulator::saturated<unsigned int>(std::nearbyint(x)); }
inline unsigned int __float2uint_rz(float x) { return warp_emulator::saturated<unsigned int>(std::trunc(x)); }
inline unsigned int __float2uint_rd(float x) { return warp_emulator::saturated<unsigned int>(std::floor(x)); }
inline unsigned int __float2uint_ru(float x) { return warp_emulator::saturated<unsigned int>(std::ceil(x)); }
inline long long __float2ll_rn(float x) { return warp_emulator::saturated<long long>(std::nearbyint(x)); }
inline long long __float2ll_rz(float x) { return warp_emulator::saturated<long long>(std::trunc(x)); }
inline long long __float2ll_rd(float x) { return warp_emulator::saturated<long long>(std::floor(x)); }
inline long long __float2ll_ru(float x) { return warp_emulator::saturated<long long>(std::ceil(x)); }
inline unsigned long long __float2ull_rn(float x) { return warp_emulator::saturated<unsigned long long>(std::nearbyint(x)); }
inline unsigned long long __float2ull_rz(float x) { return warp_emulator::saturated<unsigned long long>(std::trunc(x)); }
inline unsigned long long __float2ull_rd(float x) { return warp_emulator::saturated<unsigned long long>(std::floor(x)); }
inline unsigned long long __float2ull_ru(float x) { return warp_emulator::saturated<unsigned long long>(std::ceil(x)); }
inline int __double2int_rn(double x) { return warp_emulator::saturated<int>(std::nearbyint(x)); }
inline int __double2int_rz(double x) { return warp_emulator::saturated<int>(std::trunc(x)); }
inline int __double2int_rd(double x) { return warp_emulator::saturated<int>(std::floor(x)); }
inline int __double2int_ru(double x) { return warp_emulator::saturated<int>(std::ceil(x)); }
inline unsigned int __double2uint_rn(double x) { return warp_emulator::saturated<unsigned int>(std::nearbyint(x)); }
inline unsigned int __double2uint_rz(double x) { return warp_emulator::saturated<unsigned int>(std::trunc(x)); }
inline unsigned int __double2uint_rd(double x) { return warp_emulator::saturated<unsigned int>(std::floor(x)); }
inline unsigned int __double2uint_ru(double x) { return warp_emulator::saturated<unsigned int>(std::ceil(x)); }
inline long long __double2ll_rn(double x) { return warp_emulator::saturated<long long>(std::nearbyint(x)); }
inline long long __double2ll_rz(double x) { return warp_emulator::saturated<long long>(std::trunc(x)); }
inline long long __double2ll_rd(double x) { return warp_emulator::saturated<long long>(std::floor(x)); }
inline long long __double2ll_ru(double x) { return warp_emulator::saturated<long long>(std::ceil(x)); }
inline unsigned long long __double2ull_rn(double x) { return warp_emulator::saturated<unsigned long long>(std::nearbyint(x)); }
inline unsigned long long __double2ull_rz(double x) { return warp_emulator::saturated<unsigned long long>(std::trunc(x)); }
inline unsigned long long __double2ull_rd(double x) { return warp_emulator::saturated<unsigned long long>(std::floor(x)); }
inline unsigned long long __double2ull_ru(double x) { return warp_emulator::saturated<unsigned long long>(std::ceil(x)); }
// To floating point, rounding as the suffix says: the conversion made under that rounding mode.
namespace warp_emulator {
template <typename To, typename From>
To convertedAs(int mode, From x) {
    const int saved = std::fegetround();
    std::fesetround(mode);
    volatile From from = x;
    volatile To to = static_cast<To>(from);
    std::fesetround(saved);
    return to;
}
}  // namespace warp_emulator
inline float __int2float_rn(int x) { return warp_emulator::convertedAs<float>(FE_TONEAREST, x); }
inline float __int2float_rz(int x) { return warp_emulator::convertedAs<float>(FE_TOWARDZERO, x); }
inline float __int2float_rd(int x) { return warp_emulator::convertedAs<float>(FE_DOWNWARD, x); }
inline float __int2float_ru(int x) { return warp_emulator::convertedAs<float>(FE_UPWARD, x); }
inline double __int2double_rn(int x) { return warp_emulator::convertedAs<double>(FE_TONEAREST, x); }
inline double __int2double_rz(int x) { return warp_emulator::convertedAs<double>(FE_TOWARDZERO, x); }
inline double __int2double_rd(int x) { return warp_emulator::convertedAs<double>(FE_DOWNWARD, x); }
inline double __int2double_ru(int x) { return warp_emulator::convertedAs<double>(FE_UPWARD, x); }
inline float __uint2float_rn(unsigned int x) { return warp_emulator::convertedAs<float>(FE_TONEAREST, x); }
inline float __uint2float_rz(unsigned int x) { return warp_emulator::convertedAs<float>(FE_TOWARDZERO, x); }
inline float __uint2float_rd(unsigned int x) { return warp_emulator::convertedAs<float>(FE_DOWNWARD, x); }
inline float __uint2float_ru(unsigned int x) { return warp_emulator::convertedAs<float>(FE_UPWARD, x); }
inline double __uint2double_rn(unsigned int x) { return warp_emulator::convertedAs<double>(FE_TONEAREST, x); }
inline double __uint2double_rz(unsigned int x) { return warp_emulator::convertedAs<double>(FE_TOWARDZERO, x); }
inline double __uint2double_rd(unsigned int x) { return warp_emulator::convertedAs<double>(FE_DOWNWARD, x); }
inline double __uint2double_ru(unsigned int x) { return warp_emulator::convertedAs<double>(FE_UPWARD, x); }
inline float __ll2float_rn(long long x) { return warp_emulator::convertedAs<float>(FE_TONEAREST, x); }
inline float __ll2float_rz(long long x) { return warp_emulator::convertedAs<float>(FE_TOWARDZERO, x); }
inline float __ll2float_rd(long long x) { return warp_emulator::convertedAs<float>(FE_DOWNWARD, x); }
inline float __ll2float_ru(long long x) { return warp_emulator::convertedAs<float>(FE_UPWARD, x); }
inline double __ll2double_rn(long long x) { return warp_emulator::convertedAs<double>(FE_TONEAREST, x); }
inline double __ll2double_rz(long long x) { return warp_emulator::convertedAs<double>(FE_TOWARDZERO, x); }
inline double __ll2double_rd(long long x) { return warp_emulator::convertedAs<double>(FE_DOWNWARD, x); }
inline double __ll2double_ru(long long x) { return warp_emulator::convertedAs<double>(FE_UPWARD, x); }
inline float __ull2float_rn(unsigned long long x) { return warp_emulator::convertedAs<float>(FE_TONEAREST, x); }
inline float __ull2float_rz(unsigned long long x) { return warp_emulator::convertedAs<float>(FE_TOWARDZERO, x); }
inline float __ull2float_rd(unsigned long long x) { return warp_emulator::convertedAs<float>(FE_DOWNWARD, x); }
inline float __ull2float_ru(unsigned long long x) { return warp_emulator::convertedAs<float>(FE_UPWARD, x); }
inline double __ull2double_rn(unsigned long long x) { return warp_emulator::convertedAs<double>(FE_TONEAREST, x); }
inline double __ull2double_rz(unsigned long long x) { return warp_emulator::convertedAs<double>(FE_TOWARDZERO, x); }
inline double __ull2double_rd(unsigned long long x) { return warp_emulator::convertedAs<double>(FE_DOWNWARD, x); }
inline double __ull2double_ru(unsigned long long x) { return warp_emulator::convertedAs<double>(FE_UPWARD, x); }
inline float __double2float_rn(double x) { return warp_emulator::convertedAs<float>(FE_TONEAREST, x); }
inline float __double2float_rz(double x) { return warp_emulator::convertedAs<float>(FE_TOWARDZERO, x); }
inline float __double2float_rd(double x) { return warp_emulator::convertedAs<float>(FE_DOWNWARD, x); }
inline float __double2float_ru(double x) { return warp_emulator::convertedAs<float>(FE_UPWARD, x); }

// Reinterpreting bits.
inline int __float_as_int(float x) { int i; std::memcpy(&i, &x, sizeof i); return i; }
inline float __int_as_float(int i) { float x; std::memcpy(&x, &i, sizeof x); return x; }
inline unsigned int __float_as_uint(float x) { unsigned int i; std::memcpy(&i, &x, sizeof i); return i; }
inline float __uint_as_float(unsigned int i) { float x; std::memcpy(&x, &i, sizeof x); return x; }
inline long long __double_as_longlong(double x) { long long i; std::memcpy(&i, &x, sizeof i); return i; }
inline double __longlong_as_double(long long i) { double x; std::memcpy(&x, &i, sizeof x); return x; }
inline int __double2hiint(double x) { return static_cast<int>(__double_as_longlong(x) >> 32); }
inline int __double2loint(double x) { return static_cast<int>(__double_as_longlong(x)); }
inline double __hiloint2double(int high, int low) {
    return __longlong_as_double(static_cast<long long>((static_cast<unsigned long long>(static_cast<unsigned int>(high)) << 32) |
                                                       static_cast<unsigned int>(low)));
}
