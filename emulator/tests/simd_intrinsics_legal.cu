// simd_intrinsics_legal.cu: CUDA's SIMD intrinsics (CUDA Math API, "SIMD
// Intrinsics"), on the two halfwords or the four bytes of a word, which a
// learner calls where stereoDisparity writes inline PTX: __vsadu4 is its
// vabsdiff4 with .add. Each one runs in a kernel on three pairs of words at
// the lanes' edges (0x7f, 0x80, 0xff; 0x7fff, 0x8000, 0xffff), and the host
// computes it again lane by lane from the API's sentence: wrapping,
// saturated (ss signed, us unsigned), the rounded average (vavrg's rounding,
// half away from zero), the halving add, comparisons giving all ones
// (__vcmp*) or 1 (__vset*) a lane, the sums of absolute differences. The API
// predicts that an H200 prints the same and "82 of 82 intrinsics as the CUDA
// Math API describes them".
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

constexpr int kPairs = 3;
constexpr int kIntrinsics = 82;

// The intrinsics, for 2 halfwords and then for 4 bytes, in this order.
const char* const kBaseNames[kIntrinsics / 2] = {
    "vabs", "vabsss", "vneg", "vnegss", "vadd", "vaddss", "vaddus", "vsub", "vsubss", "vsubus", "vabsdiffs",
    "vabsdiffu", "vsads", "vsadu", "vavgs", "vavgu", "vhaddu", "vmaxs", "vmaxu", "vmins", "vminu",
    "vcmpeq", "vcmpne", "vcmplts", "vcmpltu", "vcmples", "vcmpleu", "vcmpgts", "vcmpgtu", "vcmpges", "vcmpgeu",
    "vseteq", "vsetne", "vsetlts", "vsetltu", "vsetles", "vsetleu", "vsetgts", "vsetgtu", "vsetges", "vsetgeu"};

#define EVERY_INTRINSIC(N)                                                                                          \
    __vabs##N(a), __vabsss##N(a), __vneg##N(a), __vnegss##N(a), __vadd##N(a, b), __vaddss##N(a, b),                \
        __vaddus##N(a, b), __vsub##N(a, b), __vsubss##N(a, b), __vsubus##N(a, b), __vabsdiffs##N(a, b),            \
        __vabsdiffu##N(a, b), __vsads##N(a, b), __vsadu##N(a, b), __vavgs##N(a, b), __vavgu##N(a, b),              \
        __vhaddu##N(a, b), __vmaxs##N(a, b), __vmaxu##N(a, b), __vmins##N(a, b), __vminu##N(a, b),                 \
        __vcmpeq##N(a, b), __vcmpne##N(a, b), __vcmplts##N(a, b), __vcmpltu##N(a, b), __vcmples##N(a, b),          \
        __vcmpleu##N(a, b), __vcmpgts##N(a, b), __vcmpgtu##N(a, b), __vcmpges##N(a, b), __vcmpgeu##N(a, b),        \
        __vseteq##N(a, b), __vsetne##N(a, b), __vsetlts##N(a, b), __vsetltu##N(a, b), __vsetles##N(a, b),          \
        __vsetleu##N(a, b), __vsetgts##N(a, b), __vsetgtu##N(a, b), __vsetges##N(a, b), __vsetgeu##N(a, b)

__global__ void simdIntrinsics(const unsigned int* in, unsigned int* out) {
    const unsigned int a = in[2 * threadIdx.x], b = in[2 * threadIdx.x + 1];
    const unsigned int results[kIntrinsics] = {EVERY_INTRINSIC(2), EVERY_INTRINSIC(4)};
    for (int k = 0; k < kIntrinsics; ++k) {
        out[kIntrinsics * threadIdx.x + k] = results[k];
    }
}

// The host's reference: lane i of x, `bits` wide, signed or not.
long long lane(unsigned int x, int i, int bits, bool isSigned) {
    const long long field = (x >> (bits * i)) & ((1ll << bits) - 1);
    return isSigned && field >= (1ll << (bits - 1)) ? field - (1ll << bits) : field;
}
long long clamp(long long value, int bits, bool isSigned) {
    const long long low = isSigned ? -(1ll << (bits - 1)) : 0;
    const long long high = isSigned ? (1ll << (bits - 1)) - 1 : (1ll << bits) - 1;
    return value < low ? low : value > high ? high : value;
}

// Intrinsic k of kBaseNames on lanes `bits` wide.
unsigned int reference(int k, int bits, unsigned int a, unsigned int b) {
    const long long ones = (1ll << bits) - 1;
    unsigned int result = 0;
    long long sum = 0;
    for (int i = 0; i < 32 / bits; ++i) {
        const long long sa = lane(a, i, bits, true), sb = lane(b, i, bits, true);
        const long long ua = lane(a, i, bits, false), ub = lane(b, i, bits, false);
        long long value = 0;
        switch (k) {
            case 0: value = sa < 0 ? -sa : sa; break;                           // |a|, wrapping: |-128| = 0x80
            case 1: value = clamp(sa < 0 ? -sa : sa, bits, true); break;
            case 2: value = -sa; break;
            case 3: value = clamp(-sa, bits, true); break;
            case 4: value = ua + ub; break;
            case 5: value = clamp(sa + sb, bits, true); break;
            case 6: value = clamp(ua + ub, bits, false); break;
            case 7: value = ua - ub; break;
            case 8: value = clamp(sa - sb, bits, true); break;
            case 9: value = clamp(ua - ub, bits, false); break;
            case 10: value = sa > sb ? sa - sb : sb - sa; break;
            case 11: value = ua > ub ? ua - ub : ub - ua; break;
            case 12: sum += sa > sb ? sa - sb : sb - sa; break;
            case 13: sum += ua > ub ? ua - ub : ub - ua; break;
            case 14: value = sa + sb >= 0 ? (sa + sb + 1) / 2 : (sa + sb - 1) / 2; break;
            case 15: value = (ua + ub + 1) / 2; break;
            case 16: value = (ua + ub) / 2; break;
            case 17: value = sa > sb ? sa : sb; break;
            case 18: value = ua > ub ? ua : ub; break;
            case 19: value = sa < sb ? sa : sb; break;
            case 20: value = ua < ub ? ua : ub; break;
            default: {
                // The comparisons: eq ne lts ltu les leu gts gtu ges geu, as __vcmp (all ones) and __vset (1).
                const int comparison = (k - 21) % 10;
                const long long x = comparison >= 2 && comparison % 2 == 0 ? sa : ua;
                const long long y = comparison >= 2 && comparison % 2 == 0 ? sb : ub;
                const bool holds[] = {x == y, x != y, x < y, x < y, x <= y, x <= y, x > y, x > y, x >= y, x >= y};
                value = holds[comparison] ? (k < 31 ? ones : 1) : 0;
            }
        }
        result |= static_cast<unsigned int>(value & ones) << (bits * i);
    }
    return k == 12 || k == 13 ? static_cast<unsigned int>(sum) : result;
}

int main() {
    const std::vector<unsigned int> inputs = {
        0x807f01ffu, 0x7f80ff01u,  // bytes -128/128, 127, 1, -1/255 against their opposites
        0x80007fffu, 0xffff8000u,  // halfwords at the ends of both ranges
        0x00ff10f0u, 0xff0110f0u,  // a mixture, with equal lanes
    };
    DeviceArray<unsigned int> in(2 * kPairs, 0), out(kIntrinsics * kPairs, 0);
    cudaMemcpy(in.device, inputs.data(), inputs.size() * sizeof(unsigned int), cudaMemcpyHostToDevice);
    simdIntrinsics<<<1, kPairs>>>(in.device, out.device);
    const int verdict = printLaunchVerdict();
    const std::vector<unsigned int> results = out.read();
    int agreeing = 0;
    for (int k = 0; k < kIntrinsics; ++k) {
        const int bits = k < kIntrinsics / 2 ? 16 : 8;
        bool agrees = true;
        char name[32];
        std::snprintf(name, sizeof name, "__%s%d", kBaseNames[k % (kIntrinsics / 2)], 32 / bits);
        std::printf("%-14s", name);
        for (int t = 0; t < kPairs; ++t) {
            const unsigned int expected = reference(k % (kIntrinsics / 2), bits, inputs[2 * t], inputs[2 * t + 1]);
            const unsigned int got = results[kIntrinsics * t + k];
            agrees = agrees && got == expected;
            std::printf(" 0x%08x", got);
            if (got != expected) {
                std::printf(" (the API: 0x%08x)", expected);
            }
        }
        std::printf("\n");
        agreeing += agrees ? 1 : 0;
    }
    std::printf("%d of %d intrinsics as the CUDA Math API describes them\n", agreeing, kIntrinsics);
    return verdict != 0 || agreeing != kIntrinsics ? 1 : 0;
}
