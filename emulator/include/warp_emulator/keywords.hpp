// keywords.hpp: the CUDA keywords, built-in types and vector types, as the
// host compiler should read them.
#pragma once


#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __forceinline__ inline __attribute__((always_inline))
// Empty, not __attribute__((noinline)): newer libstdc++ headers write
// __attribute__((__noinline__)) themselves, which that would break; empty,
// both forms stay valid, and a kernel file loses only a hint.
#define __noinline__
#define __launch_bounds__(...)
// A kernel parameter a kernel reads where it lies, never copied: the
// parameter is a copy of the argument here, which the kernel may read the same.
#define __grid_constant__
// The GNU attribute, as the Toolkit's host_defines.h has it for GCC and
// clang: unlike alignas, it may stand among the decl-specifiers, as in
// `__shared__ __align__(32) float tile[256];`.
#define __align__(n) __attribute__((aligned(n)))

// __shared__: one copy per block, which the emulator refills with 0xff bytes
// when each block starts. thread_local gives block-scope arrays the static
// storage they need (one program thread runs every fiber, so one copy), and,
// unlike static, it also combines with `static __shared__` and
// `extern __shared__`. The section lets the emulator find every __shared__
// variable (to refill them, and to measure each kernel's bytes from the
// symbol table); `used` stops an optimiser from assuming one keeps its zero
// start (clang shrank such an int to a bool). `extern __shared__` (dynamic
// shared memory) is rewritten by emulator/emulate, because an extern
// declaration has no definition for the linker to find.
#define __shared__ __attribute__((section("warp_emulator_shared"), aligned(16), used)) thread_local
// __shared__ in an inline function, as emulator/emulate rewrites it: GCC puts
// that thread_local in a section group of its own whatever the attribute
// says, and refuses the shared section for it beside another __shared__
// ("section type conflict"); the symbol table finds it by its kind instead.
#define WARP_EMULATOR_INLINE_SHARED __attribute__((aligned(16), used)) thread_local

constexpr int warpSize = 32;

// The vector types, aligned as CUDA aligns them, and their make_ functions.
#define WARP_EMULATOR_VECTOR_TYPES(base, scalar)                                                         \
    struct base##1 { scalar x; };                                                                       \
    struct alignas(2 * sizeof(scalar) <= 16 ? 2 * sizeof(scalar) : 16) base##2 { scalar x, y; };       \
    struct base##3 { scalar x, y, z; };                                                                 \
    struct alignas(4 * sizeof(scalar) <= 16 ? 4 * sizeof(scalar) : 16) base##4 { scalar x, y, z, w; }; \
    inline base##1 make_##base##1(scalar x) { return {x}; }                                             \
    inline base##2 make_##base##2(scalar x, scalar y) { return {x, y}; }                                \
    inline base##3 make_##base##3(scalar x, scalar y, scalar z) { return {x, y, z}; }                   \
    inline base##4 make_##base##4(scalar x, scalar y, scalar z, scalar w) { return {x, y, z, w}; }
WARP_EMULATOR_VECTOR_TYPES(char, signed char)
WARP_EMULATOR_VECTOR_TYPES(uchar, unsigned char)
WARP_EMULATOR_VECTOR_TYPES(short, short)
WARP_EMULATOR_VECTOR_TYPES(ushort, unsigned short)
WARP_EMULATOR_VECTOR_TYPES(int, int)
WARP_EMULATOR_VECTOR_TYPES(uint, unsigned int)
WARP_EMULATOR_VECTOR_TYPES(long, long)
WARP_EMULATOR_VECTOR_TYPES(ulong, unsigned long)
WARP_EMULATOR_VECTOR_TYPES(longlong, long long)
WARP_EMULATOR_VECTOR_TYPES(ulonglong, unsigned long long)
WARP_EMULATOR_VECTOR_TYPES(float, float)
WARP_EMULATOR_VECTOR_TYPES(double, double)
#undef WARP_EMULATOR_VECTOR_TYPES

struct dim3 {
    unsigned int x, y, z;
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
    constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
