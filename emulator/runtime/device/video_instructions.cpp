// video_instructions.cpp: PTX's video instructions, each computed as the PTX
// ISA's pseudocode says ("Scalar Video Instructions", "SIMD Video
// Instructions"; warp_emulator/device/video_instructions.hpp lists the forms).
// Values are exact in 64 bits: the ISA's inputs are 33-bit, its intermediate
// results 34-bit, and only the end is cut to the destination's bits.
#include "warp_emulator/device/video_instructions.hpp"

namespace warp_emulator {

namespace {

// The low `bits` of raw, sign-extended when isSigned, else zero-extended.
long long extended(std::uint64_t raw, int bits, bool isSigned) {
    const std::uint64_t field = raw & ((std::uint64_t{1} << bits) - 1);
    const bool negative = isSigned && ((field >> (bits - 1)) & 1) != 0;
    return negative ? static_cast<long long>(field) - (1LL << bits) : static_cast<long long>(field);
}

long long clamped(long long value, int bits, bool isSigned) {
    const long long low = isSigned ? -(1LL << (bits - 1)) : 0;
    const long long high = isSigned ? (1LL << (bits - 1)) - 1 : (1LL << bits) - 1;
    return value < low ? low : value > high ? high : value;
}

bool holds(VideoComparison comparison, long long a, long long b) {
    switch (comparison) {
        case VideoComparison::Equal: return a == b;
        case VideoComparison::NotEqual: return a != b;
        case VideoComparison::Less: return a < b;
        case VideoComparison::LessOrEqual: return a <= b;
        case VideoComparison::Greater: return a > b;
        case VideoComparison::GreaterOrEqual: return a >= b;
        case VideoComparison::None: break;
    }
    return false;
}

// The primary operation on the extended inputs.
long long primary(VideoOperation operation, VideoComparison comparison, long long a, long long b) {
    switch (operation) {
        case VideoOperation::Add: return a + b;
        case VideoOperation::Subtract: return a - b;
        case VideoOperation::Average: {
            // "if ((Va + Vb) >= 0) t = (Va + Vb + 1) >> 1; else t = (Va + Vb) >> 1;", the shift
            // arithmetic: a negative sum's half rounded down, which (sum - 1) / 2 gives in C++.
            const long long sum = a + b;
            return sum >= 0 ? (sum + 1) / 2 : (sum - 1) / 2;
        }
        case VideoOperation::AbsoluteDifference: return a > b ? a - b : b - a;
        case VideoOperation::Minimum: return a < b ? a : b;
        case VideoOperation::Maximum: return a > b ? a : b;
        case VideoOperation::Compare: return holds(comparison, a, b) ? 1 : 0;
    }
    return 0;
}

// A scalar operand's part (partSelectSignExtend): its bits and where they start.
struct Part {
    int bits;
    int shift;
};

Part partOf(VideoPart part) {
    switch (part) {
        case VideoPart::Byte0: return {8, 0};
        case VideoPart::Byte1: return {8, 8};
        case VideoPart::Byte2: return {8, 16};
        case VideoPart::Byte3: return {8, 24};
        case VideoPart::Half0: return {16, 0};
        case VideoPart::Half1: return {16, 16};
        case VideoPart::Word: break;
    }
    return {32, 0};
}

}  // namespace

std::uint32_t simdVideo(SimdVideo instruction, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    const int lanes = instruction.lanes == 2 ? 2 : 4;
    const int bits = 32 / lanes;
    const std::uint64_t laneMask = (std::uint64_t{1} << bits) - 1;
    // asel and bsel pick from the eight bytes (four halfwords) of b:a, a's first.
    const std::uint64_t sources = (static_cast<std::uint64_t>(b) << 32) | a;
    std::uint32_t merged = 0;
    long long sum = 0;
    for (int lane = 0; lane < lanes; ++lane) {
        const int aElement = (instruction.aSelect >> (4 * lane)) & (2 * lanes - 1);
        const int bElement = (instruction.bSelect >> (4 * lane)) & (2 * lanes - 1);
        const long long va = extended(sources >> (bits * aElement), bits, instruction.aSigned);
        const long long vb = extended(sources >> (bits * bElement), bits, instruction.bSigned);
        long long t = primary(instruction.operation, instruction.comparison, va, vb);
        if (instruction.saturate) {
            t = clamped(t, bits, instruction.destinationSigned);
        }
        const bool named = ((instruction.mask >> lane) & 1) != 0;
        if (instruction.accumulate) {
            sum += named ? t : 0;
        } else {
            const std::uint64_t value = named ? static_cast<std::uint64_t>(t) : c >> (bits * lane);
            merged |= static_cast<std::uint32_t>((value & laneMask) << (bits * lane));
        }
    }
    // "d = c; d += mask[i] ? t[i] : 0": the sum's low 32 bits.
    return instruction.accumulate ? static_cast<std::uint32_t>(static_cast<std::uint64_t>(c) + static_cast<std::uint64_t>(sum))
                                  : merged;
}

std::uint32_t scalarVideo(ScalarVideo instruction, std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    const Part aPart = partOf(instruction.aPart), bPart = partOf(instruction.bPart);
    const long long ta = extended(a >> aPart.shift, aPart.bits, instruction.aSigned);
    const long long tb = extended(b >> bPart.shift, bPart.bits, instruction.bSigned);
    long long tmp = primary(instruction.operation, instruction.comparison, ta, tb);
    // optSaturate: to the destination type's range, of d's part when it merges.
    const Part destination = partOf(instruction.destinationPart);
    if (instruction.saturate) {
        tmp = clamped(tmp, destination.bits, instruction.destinationSigned);
    }
    // optSecOp, with c signed as .dtype is.
    const long long tc = extended(c, 32, instruction.destinationSigned);
    switch (instruction.secondary) {
        case VideoSecondary::Add: tmp += tc; break;
        case VideoSecondary::Minimum: tmp = tmp < tc ? tmp : tc; break;
        case VideoSecondary::Maximum: tmp = tmp > tc ? tmp : tc; break;
        case VideoSecondary::None: break;
    }
    const std::uint64_t result = static_cast<std::uint64_t>(tmp);
    if (destination.bits == 32) {
        return static_cast<std::uint32_t>(result);
    }
    // optMerge: tmp's low bits into d's part, the rest of c around them.
    const std::uint64_t field = ((std::uint64_t{1} << destination.bits) - 1) << destination.shift;
    return static_cast<std::uint32_t>(((result << destination.shift) & field) | (c & ~field));
}

}  // namespace warp_emulator
