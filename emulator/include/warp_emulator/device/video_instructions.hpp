// video_instructions.hpp: the PTX ISA's video instructions, which inline PTX
// names (cuda-samples' stereoDisparity sums absolute differences with
// `asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" ...)`), and CUDA's SIMD
// intrinsics (__vadd4, __vsadu4, __vcmpgtu2, ...), which are the same
// operations on the four bytes or the two halfwords of a word. emulate's
// rewriting (driver/rewrite.py) turns such an asm statement into a call of
// inlineVideo() with the instruction it names; runtime/device/
// video_instructions.cpp computes each one as the ISA's pseudocode says.
//
// The SIMD forms (PTX ISA, "SIMD Video Instructions"), on 2 halfwords or 4
// bytes, each lane sign- or zero-extended as its .atype and .btype say:
//   vop2.dtype.atype.btype{.sat}  d{.mask}, a{.asel}, b{.bsel}, c;   (merge)
//   vop2.dtype.atype.btype.add    d{.mask}, a{.asel}, b{.bsel}, c;   (accumulate)
//   vop2 = vadd2, vsub2, vavrg2, vabsdiff2, vmin2, vmax2; the same with 4;
//   vset2.atype.btype.cmp{.add}   d{.mask}, a{.asel}, b{.bsel}, c;   and vset4
// Lane i of a and of b is element asel[i] and bsel[i] of the eight bytes (four
// halfwords) of b:a; .sat clamps a lane's result to the lane's range as .dtype
// is signed or not; lanes the mask names take their result and the others c's
// lane (merge), or the results the mask names are added to c (accumulate).
// The scalar forms (PTX ISA, "Scalar Video Instructions"):
//   vop.dtype.atype.btype{.sat}        d, a{.asel}, b{.bsel};
//   vop.dtype.atype.btype{.sat}.secop  d, a{.asel}, b{.bsel}, c;   secop = .add, .min, .max
//   vop.dtype.atype.btype{.sat}        d.dsel, a{.asel}, b{.bsel}, c;
//   vop = vadd, vsub, vabsdiff, vmin, vmax; vset.atype.btype.cmp likewise
// a byte (.b0-.b3), a halfword (.h0, .h1) or the word of a and b, extended to
// 33 bits; .sat clamps to .dtype's range, of d's part under d.dsel; the
// result is then combined with c (.dtype's sign), or merged into c's part.
// An H200 computes every SIMD form as the ISA says (all of them, with 80
// masks and selectors, and the intrinsics, each on 64 inputs), and the scalar
// forms but these, whose inline PTX stops the build (driver/rewrite.py's
// scalar_as_on_the_gpu): .min and .max but with .sat and an .s32 .dtype;
// .sat with d.dsel; d.h1, which gets the result's upper halfword there;
// .sat with a .u32 .dtype where a result can pass U32_MAX (no clamp there)
// or a secondary operation follows. vshl, vshr and vmad are not emulated.
#pragma once

#include <cstdint>

namespace warp_emulator {

enum class VideoOperation : unsigned char { Add, Subtract, Average, AbsoluteDifference, Minimum, Maximum, Compare };
// vset's .cmp; None for the others.
enum class VideoComparison : unsigned char { None, Equal, NotEqual, Less, LessOrEqual, Greater, GreaterOrEqual };
// A scalar instruction's secondary operation on c (.add, .min, .max).
enum class VideoSecondary : unsigned char { None, Add, Minimum, Maximum };
// A scalar instruction's operand part: the word, a byte (.b0-.b3) or a halfword (.h0, .h1).
enum class VideoPart : unsigned char { Word, Byte0, Byte1, Byte2, Byte3, Half0, Half1 };

// One SIMD video instruction. Selectors hold a nibble per lane, lane 0
// lowest, so that .b3210 is 0x3210 and .h32 is 0x32; mask holds a bit per
// lane, so that .b320 is 0xd and .h10 is 0x3.
struct SimdVideo {
    VideoOperation operation;
    VideoComparison comparison;
    unsigned char lanes;  // 2 (halfwords) or 4 (bytes)
    bool destinationSigned, aSigned, bSigned;
    bool saturate;
    bool accumulate;  // .add: the results the mask names are added to c
    unsigned char mask;
    std::uint16_t aSelect, bSelect;
};

// One scalar video instruction.
struct ScalarVideo {
    VideoOperation operation;
    VideoComparison comparison;
    bool destinationSigned, aSigned, bSigned;
    bool saturate;
    VideoSecondary secondary;
    VideoPart aPart, bPart, destinationPart;  // destinationPart: d.dsel, merged into c
};

// Both travel by value, as everything between a kernel and the runtime does
// (kernel_calls.hpp).
std::uint32_t simdVideo(SimdVideo instruction, std::uint32_t a, std::uint32_t b, std::uint32_t c);
std::uint32_t scalarVideo(ScalarVideo instruction, std::uint32_t a, std::uint32_t b, std::uint32_t c);

// What an asm statement becomes: its operands in their order (%0, %1, ...),
// each evaluated once as the asm statement evaluates it, and the numbers of
// those that are a, b and c (c: -1 when the instruction has none).
template <typename... Operands>
std::uint32_t inlineVideo(SimdVideo instruction, int a, int b, int c, Operands... operands) {
    const std::uint32_t values[] = {static_cast<std::uint32_t>(operands)...};
    return simdVideo(instruction, values[a], values[b], values[c]);
}
template <typename... Operands>
std::uint32_t inlineVideo(ScalarVideo instruction, int a, int b, int c, Operands... operands) {
    const std::uint32_t values[] = {static_cast<std::uint32_t>(operands)...};
    return scalarVideo(instruction, values[a], values[b], c < 0 ? 0u : values[c]);
}

namespace video {
// CUDA's SIMD intrinsics as the instructions they are (CUDA Math API, "SIMD
// Intrinsics"): each lane of a with the same lane of b, all lanes taking the
// result.
constexpr std::uint16_t kOwnLanes[] = {0, 0, 0x10, 0, 0x3210};   // asel: a's lanes
constexpr std::uint16_t kOtherLanes[] = {0, 0, 0x32, 0, 0x7654}; // bsel: b's lanes
inline std::uint32_t lanewise(VideoOperation operation, int lanes, bool isSigned, bool saturate, std::uint32_t a,
                              std::uint32_t b) {
    const SimdVideo instruction{operation, VideoComparison::None, static_cast<unsigned char>(lanes), isSigned, isSigned,
                                isSigned, saturate, false, static_cast<unsigned char>((1u << lanes) - 1),
                                kOwnLanes[lanes], kOtherLanes[lanes]};
    return simdVideo(instruction, a, b, 0);
}
// Each lane 1 where the comparison holds, else 0 (vset2, vset4).
inline std::uint32_t compared(VideoComparison comparison, int lanes, bool isSigned, std::uint32_t a, std::uint32_t b) {
    const SimdVideo instruction{VideoOperation::Compare, comparison, static_cast<unsigned char>(lanes), false, isSigned,
                                isSigned, false, false, static_cast<unsigned char>((1u << lanes) - 1),
                                kOwnLanes[lanes], kOtherLanes[lanes]};
    return simdVideo(instruction, a, b, 0);
}
// The sum of the lanes' absolute differences (vabsdiff2, vabsdiff4 with .add).
inline std::uint32_t summedDifferences(int lanes, bool isSigned, std::uint32_t a, std::uint32_t b) {
    const SimdVideo instruction{VideoOperation::AbsoluteDifference, VideoComparison::None,
                                static_cast<unsigned char>(lanes), false, isSigned, isSigned, false, true,
                                static_cast<unsigned char>((1u << lanes) - 1), kOwnLanes[lanes], kOtherLanes[lanes]};
    return simdVideo(instruction, a, b, 0);
}
// Each lane's (a + b) / 2 rounded down, unsigned: no video instruction.
inline std::uint32_t halvedSums(int lanes, std::uint32_t a, std::uint32_t b) {
    const int bits = 32 / lanes;
    const std::uint32_t laneMask = (1u << bits) - 1u;  // bits is 8 or 16
    std::uint32_t result = 0;
    for (int i = 0; i < lanes; ++i) {
        const std::uint32_t x = (a >> (bits * i)) & laneMask, y = (b >> (bits * i)) & laneMask;
        result |= ((x + y) >> 1) << (bits * i);
    }
    return result;
}
}  // namespace video

}  // namespace warp_emulator

// The intrinsics, for 2 halfwords (N 2, a lane all ones 0xffff) and 4 bytes
// (N 4, 0xff): the s and u of a name say signed or unsigned lanes; ss and us,
// saturated to that range; __vcmp* give a lane all ones where __vset* give 1.
#define WARP_EMULATOR_LANEWISE(NAME, PARAMETERS, OPERATION, N, SIGNED, SATURATE, X, Y)                               \
    inline unsigned int NAME PARAMETERS {                                                                            \
        return warp_emulator::video::lanewise(warp_emulator::VideoOperation::OPERATION, N, SIGNED, SATURATE, X, Y); \
    }
#define WARP_EMULATOR_COMPARISON(NAME, N, ONES, COMPARISON, SIGNED)                                                  \
    inline unsigned int __vset##NAME##N(unsigned int a, unsigned int b) {                                            \
        return warp_emulator::video::compared(warp_emulator::VideoComparison::COMPARISON, N, SIGNED, a, b);          \
    }                                                                                                                \
    inline unsigned int __vcmp##NAME##N(unsigned int a, unsigned int b) {                                            \
        return warp_emulator::video::compared(warp_emulator::VideoComparison::COMPARISON, N, SIGNED, a, b) * ONES;   \
    }
#define WARP_EMULATOR_SIMD_INTRINSICS(N, ONES)                                                                       \
    WARP_EMULATOR_LANEWISE(__vadd##N, (unsigned int a, unsigned int b), Add, N, false, false, a, b)                  \
    WARP_EMULATOR_LANEWISE(__vaddss##N, (unsigned int a, unsigned int b), Add, N, true, true, a, b)                  \
    WARP_EMULATOR_LANEWISE(__vaddus##N, (unsigned int a, unsigned int b), Add, N, false, true, a, b)                 \
    WARP_EMULATOR_LANEWISE(__vsub##N, (unsigned int a, unsigned int b), Subtract, N, false, false, a, b)             \
    WARP_EMULATOR_LANEWISE(__vsubss##N, (unsigned int a, unsigned int b), Subtract, N, true, true, a, b)             \
    WARP_EMULATOR_LANEWISE(__vsubus##N, (unsigned int a, unsigned int b), Subtract, N, false, true, a, b)            \
    WARP_EMULATOR_LANEWISE(__vneg##N, (unsigned int a), Subtract, N, false, false, 0, a)                             \
    WARP_EMULATOR_LANEWISE(__vnegss##N, (unsigned int a), Subtract, N, true, true, 0, a)                             \
    WARP_EMULATOR_LANEWISE(__vabs##N, (unsigned int a), AbsoluteDifference, N, true, false, a, 0)                    \
    WARP_EMULATOR_LANEWISE(__vabsss##N, (unsigned int a), AbsoluteDifference, N, true, true, a, 0)                   \
    WARP_EMULATOR_LANEWISE(__vabsdiffs##N, (unsigned int a, unsigned int b), AbsoluteDifference, N, true, false, a,  \
                           b)                                                                                        \
    WARP_EMULATOR_LANEWISE(__vabsdiffu##N, (unsigned int a, unsigned int b), AbsoluteDifference, N, false, false, a, \
                           b)                                                                                        \
    WARP_EMULATOR_LANEWISE(__vavgs##N, (unsigned int a, unsigned int b), Average, N, true, false, a, b)              \
    WARP_EMULATOR_LANEWISE(__vavgu##N, (unsigned int a, unsigned int b), Average, N, false, false, a, b)             \
    WARP_EMULATOR_LANEWISE(__vmaxs##N, (unsigned int a, unsigned int b), Maximum, N, true, false, a, b)              \
    WARP_EMULATOR_LANEWISE(__vmaxu##N, (unsigned int a, unsigned int b), Maximum, N, false, false, a, b)             \
    WARP_EMULATOR_LANEWISE(__vmins##N, (unsigned int a, unsigned int b), Minimum, N, true, false, a, b)              \
    WARP_EMULATOR_LANEWISE(__vminu##N, (unsigned int a, unsigned int b), Minimum, N, false, false, a, b)             \
    inline unsigned int __vsads##N(unsigned int a, unsigned int b) {                                                 \
        return warp_emulator::video::summedDifferences(N, true, a, b);                                               \
    }                                                                                                                \
    inline unsigned int __vsadu##N(unsigned int a, unsigned int b) {                                                 \
        return warp_emulator::video::summedDifferences(N, false, a, b);                                              \
    }                                                                                                                \
    inline unsigned int __vhaddu##N(unsigned int a, unsigned int b) {                                                \
        return warp_emulator::video::halvedSums(N, a, b);                                                            \
    }                                                                                                                \
    WARP_EMULATOR_COMPARISON(eq, N, ONES, Equal, false)                                                              \
    WARP_EMULATOR_COMPARISON(ne, N, ONES, NotEqual, false)                                                           \
    WARP_EMULATOR_COMPARISON(lts, N, ONES, Less, true)                                                               \
    WARP_EMULATOR_COMPARISON(ltu, N, ONES, Less, false)                                                              \
    WARP_EMULATOR_COMPARISON(les, N, ONES, LessOrEqual, true)                                                        \
    WARP_EMULATOR_COMPARISON(leu, N, ONES, LessOrEqual, false)                                                       \
    WARP_EMULATOR_COMPARISON(gts, N, ONES, Greater, true)                                                            \
    WARP_EMULATOR_COMPARISON(gtu, N, ONES, Greater, false)                                                           \
    WARP_EMULATOR_COMPARISON(ges, N, ONES, GreaterOrEqual, true)                                                     \
    WARP_EMULATOR_COMPARISON(geu, N, ONES, GreaterOrEqual, false)
WARP_EMULATOR_SIMD_INTRINSICS(2, 0xffffu)
WARP_EMULATOR_SIMD_INTRINSICS(4, 0xffu)
#undef WARP_EMULATOR_SIMD_INTRINSICS
#undef WARP_EMULATOR_COMPARISON
#undef WARP_EMULATOR_LANEWISE
