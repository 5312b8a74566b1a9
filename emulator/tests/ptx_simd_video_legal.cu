// ptx_simd_video_legal.cu: inline PTX's video instructions (PTX ISA, "SIMD
// Video Instructions" and "Scalar Video Instructions"), as cuda-samples'
// stereoDisparity writes its sum of absolute differences:
// asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" ...). Each instruction runs
// in a kernel on four inputs, chosen at the edges (bytes 0x7f, 0x80, 0xff,
// halfwords 0x7fff, 0x8000, words INT_MAX and INT_MIN), and the host computes
// it again from the ISA's pseudocode, plainly: lanes sign- or zero-extended as
// .atype and .btype say, .sat clamping to .dtype's range, the mask merging
// with c or (.add) adding to it, the selectors picking from b:a, the scalar
// secondary operations and merges (of the scalar forms, those an H200
// computes as the ISA says: video_instructions.hpp). The PTX ISA predicts
// that an H200 prints the same results and "34 of 34 instructions as the PTX
// ISA computes them", and exits 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

constexpr int kInputs = 4;
constexpr int kInstructions = 34;

const char* const kNames[kInstructions] = {
    "vabsdiff4.u32.u32.u32.add", "vadd4.u32.u32.u32", "vadd4.u32.u32.u32.sat", "vadd4.s32.s32.s32.sat",
    "vsub4.u32.u32.u32.sat", "vsub4.s32.s32.s32.sat", "vavrg4.u32.u32.u32", "vavrg4.s32.s32.s32",
    "vabsdiff4.s32.s32.s32.sat", "vmin4.s32.s32.s32", "vmax4.u32.u32.u32", "vmax4.s32.s32.s32 d.b20",
    "vset4.s32.s32.lt", "vset4.u32.u32.ge.add", "vsub4.s32.s32.s32.add", "vadd4.u32.u32.u32 a.b4321 b.b0000",
    "vabsdiff2.u32.u32.u32.add", "vadd2.s32.s32.s32.sat", "vsub2.u32.u32.u32.sat", "vavrg2.s32.s32.s32",
    "vmin2.u32.u32.u32", "vmax2.s32.u32.s32", "vset2.u32.u32.ne d.h1", "vadd2.u32.u32.u32 d.h1 a.h32 b.h10",
    "vabsdiff.u32.u32.u32", "vsub.s32.s32.s32.sat", "vsub.u32.u32.u32.sat", "vmin.s32.s32.s32.add a.b0 b.b1",
    "vadd.s32.u32.u32 d.h0 a.h0 b.h1", "vsub.s32.s32.s32 d.b2 a.b0 b.b1", "vset.s32.s32.lt.add",
    "vadd.u32.s32.s32.sat", "vsub.s32.s32.s32.sat.max a.h1 b.h0", "vadd.s32.s32.s32.sat.min"};

__global__ void videoInstructions(const unsigned int* in, unsigned int* out) {
    const unsigned int a = in[3 * threadIdx.x], b = in[3 * threadIdx.x + 1], c = in[3 * threadIdx.x + 2];
    unsigned int* r = out + kInstructions * threadIdx.x;
    asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(r[0]) : "r"(a), "r"(b), "r"(c));
    asm("vadd4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(r[1]) : "r"(a), "r"(b), "r"(c));
    asm("vadd4.u32.u32.u32.sat %0, %1, %2, %3;" : "=r"(r[2]) : "r"(a), "r"(b), "r"(c));
    asm("vadd4.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(r[3]) : "r"(a), "r"(b), "r"(c));
    asm("vsub4.u32.u32.u32.sat %0, %1, %2, %3;" : "=r"(r[4]) : "r"(a), "r"(b), "r"(c));
    asm("vsub4.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(r[5]) : "r"(a), "r"(b), "r"(c));
    asm("vavrg4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(r[6]) : "r"(a), "r"(b), "r"(c));
    asm("vavrg4.s32.s32.s32 %0, %1, %2, %3;" : "=r"(r[7]) : "r"(a), "r"(b), "r"(c));
    asm("vabsdiff4.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(r[8]) : "r"(a), "r"(b), "r"(c));
    asm("vmin4.s32.s32.s32 %0, %1, %2, %3;" : "=r"(r[9]) : "r"(a), "r"(b), "r"(c));
    asm("vmax4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(r[10]) : "r"(a), "r"(b), "r"(c));
    asm("vmax4.s32.s32.s32 %0.b20, %1, %2, %3;" : "=r"(r[11]) : "r"(a), "r"(b), "r"(c));
    asm("vset4.s32.s32.lt %0, %1, %2, %3;" : "=r"(r[12]) : "r"(a), "r"(b), "r"(c));
    asm("vset4.u32.u32.ge.add %0, %1, %2, %3;" : "=r"(r[13]) : "r"(a), "r"(b), "r"(c));
    asm("vsub4.s32.s32.s32.add %0, %1, %2, %3;" : "=r"(r[14]) : "r"(a), "r"(b), "r"(c));
    asm("vadd4.u32.u32.u32 %0, %1.b4321, %2.b0000, %3;" : "=r"(r[15]) : "r"(a), "r"(b), "r"(c));
    asm("vabsdiff2.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(r[16]) : "r"(a), "r"(b), "r"(c));
    asm("vadd2.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(r[17]) : "r"(a), "r"(b), "r"(c));
    asm("vsub2.u32.u32.u32.sat %0, %1, %2, %3;" : "=r"(r[18]) : "r"(a), "r"(b), "r"(c));
    asm("vavrg2.s32.s32.s32 %0, %1, %2, %3;" : "=r"(r[19]) : "r"(a), "r"(b), "r"(c));
    asm("vmin2.u32.u32.u32 %0, %1, %2, %3;" : "=r"(r[20]) : "r"(a), "r"(b), "r"(c));
    asm("vmax2.s32.u32.s32 %0, %1, %2, %3;" : "=r"(r[21]) : "r"(a), "r"(b), "r"(c));
    asm("vset2.u32.u32.ne %0.h1, %1, %2, %3;" : "=r"(r[22]) : "r"(a), "r"(b), "r"(c));
    asm("vadd2.u32.u32.u32 %0.h1, %1.h32, %2.h10, %3;" : "=r"(r[23]) : "r"(a), "r"(b), "r"(c));
    asm("vabsdiff.u32.u32.u32 %0, %1, %2;" : "=r"(r[24]) : "r"(a), "r"(b));
    asm("vsub.s32.s32.s32.sat %0, %1, %2;" : "=r"(r[25]) : "r"(a), "r"(b));
    asm("vsub.u32.u32.u32.sat %0, %1, %2;" : "=r"(r[26]) : "r"(a), "r"(b));
    asm("vmin.s32.s32.s32.add %0, %1.b0, %2.b1, %3;" : "=r"(r[27]) : "r"(a), "r"(b), "r"(c));
    asm("vadd.s32.u32.u32 %0.h0, %1.h0, %2.h1, %3;" : "=r"(r[28]) : "r"(a), "r"(b), "r"(c));
    asm("vsub.s32.s32.s32 %0.b2, %1.b0, %2.b1, %3;" : "=r"(r[29]) : "r"(a), "r"(b), "r"(c));
    asm("vset.s32.s32.lt.add %0, %1, %2, %3;" : "=r"(r[30]) : "r"(a), "r"(b), "r"(c));
    asm("vadd.u32.s32.s32.sat %0, %1, %2;" : "=r"(r[31]) : "r"(a), "r"(b));
    asm("vsub.s32.s32.s32.sat.max %0, %1.h1, %2.h0, %3;" : "=r"(r[32]) : "r"(a), "r"(b), "r"(c));
    asm("vadd.s32.s32.s32.sat.min %0, %1, %2, %3;" : "=r"(r[33]) : "r"(a), "r"(b), "r"(c));
}

// The host's reference, from the ISA's pseudocode. Lane i of x, `bits` wide,
// sign- or zero-extended; a value clamped to a lane's range.
long long lane(unsigned int x, int i, int bits, bool isSigned) {
    const long long field = (x >> (bits * i)) & ((1ull << bits) - 1);
    return isSigned && field >= (1ll << (bits - 1)) ? field - (1ll << bits) : field;
}
long long clamp(long long value, int bits, bool isSigned) {
    const long long low = isSigned ? -(1ll << (bits - 1)) : 0;
    const long long high = isSigned ? (1ll << (bits - 1)) - 1 : (1ll << bits) - 1;
    return value < low ? low : value > high ? high : value;
}
// Lanes the mask names take t(i), the others c's lane.
template <typename T>
unsigned int merged(int bits, unsigned int mask, unsigned int c, T t) {
    unsigned int d = 0;
    for (int i = 0; i < 32 / bits; ++i) {
        const long long value = (mask >> i) & 1 ? t(i) : lane(c, i, bits, false);
        d |= static_cast<unsigned int>(value & ((1ll << bits) - 1)) << (bits * i);
    }
    return d;
}
// c plus the t(i) the mask names.
template <typename T>
unsigned int accumulated(int bits, unsigned int mask, unsigned int c, T t) {
    long long d = c;
    for (int i = 0; i < 32 / bits; ++i) {
        d += (mask >> i) & 1 ? t(i) : 0;
    }
    return static_cast<unsigned int>(d);
}
long long average(long long x, long long y) { return x + y >= 0 ? (x + y + 1) / 2 : (x + y - 1) / 2; }
long long absolute(long long x) { return x < 0 ? -x : x; }

void reference(unsigned int a, unsigned int b, unsigned int c, unsigned int* r) {
    const unsigned int all4 = 0xf, all2 = 0x3;
    auto ua = [&](int i) { return lane(a, i, 8, false); };
    auto ub = [&](int i) { return lane(b, i, 8, false); };
    auto sa = [&](int i) { return lane(a, i, 8, true); };
    auto sb = [&](int i) { return lane(b, i, 8, true); };
    r[0] = accumulated(8, all4, c, [&](int i) { return absolute(ua(i) - ub(i)); });
    r[1] = merged(8, all4, c, [&](int i) { return ua(i) + ub(i); });
    r[2] = merged(8, all4, c, [&](int i) { return clamp(ua(i) + ub(i), 8, false); });
    r[3] = merged(8, all4, c, [&](int i) { return clamp(sa(i) + sb(i), 8, true); });
    r[4] = merged(8, all4, c, [&](int i) { return clamp(ua(i) - ub(i), 8, false); });
    r[5] = merged(8, all4, c, [&](int i) { return clamp(sa(i) - sb(i), 8, true); });
    r[6] = merged(8, all4, c, [&](int i) { return average(ua(i), ub(i)); });
    r[7] = merged(8, all4, c, [&](int i) { return average(sa(i), sb(i)); });
    r[8] = merged(8, all4, c, [&](int i) { return clamp(absolute(sa(i) - sb(i)), 8, true); });
    r[9] = merged(8, all4, c, [&](int i) { return sa(i) < sb(i) ? sa(i) : sb(i); });
    r[10] = merged(8, all4, c, [&](int i) { return ua(i) > ub(i) ? ua(i) : ub(i); });
    r[11] = merged(8, 0x5, c, [&](int i) { return sa(i) > sb(i) ? sa(i) : sb(i); });  // lanes 2 and 0
    r[12] = merged(8, all4, c, [&](int i) { return sa(i) < sb(i) ? 1 : 0; });
    r[13] = accumulated(8, all4, c, [&](int i) { return ua(i) >= ub(i) ? 1 : 0; });
    r[14] = accumulated(8, all4, c, [&](int i) { return sa(i) - sb(i); });
    // .b4321: lanes 3 to 0 take bytes 4 to 1 of b:a; .b0000: every lane byte 0, a's.
    r[15] = merged(8, all4, c, [&](int i) { return (i == 3 ? ub(0) : ua(i + 1)) + ua(0); });
    auto uha = [&](int i) { return lane(a, i, 16, false); };
    auto uhb = [&](int i) { return lane(b, i, 16, false); };
    auto sha = [&](int i) { return lane(a, i, 16, true); };
    auto shb = [&](int i) { return lane(b, i, 16, true); };
    r[16] = accumulated(16, all2, c, [&](int i) { return absolute(uha(i) - uhb(i)); });
    r[17] = merged(16, all2, c, [&](int i) { return clamp(sha(i) + shb(i), 16, true); });
    r[18] = merged(16, all2, c, [&](int i) { return clamp(uha(i) - uhb(i), 16, false); });
    r[19] = merged(16, all2, c, [&](int i) { return average(sha(i), shb(i)); });
    r[20] = merged(16, all2, c, [&](int i) { return uha(i) < uhb(i) ? uha(i) : uhb(i); });
    r[21] = merged(16, all2, c, [&](int i) { return uha(i) > shb(i) ? uha(i) : shb(i); });
    r[22] = merged(16, 0x2, c, [&](int i) { return uha(i) != uhb(i) ? 1 : 0; });  // lane 1 only
    // .h32: lane 1 takes halfword 3 (b's high), lane 0 halfword 2; .h10: b's halfwords are a's here.
    r[23] = merged(16, 0x2, c, [&](int i) { return uhb(i) + uha(i); });
    // Scalar: a and b whole, or the part named; tmp clamped, then with c.
    const long long wa = lane(a, 0, 32, false), wb = lane(b, 0, 32, false);
    const long long swa = lane(a, 0, 32, true), swb = lane(b, 0, 32, true), swc = lane(c, 0, 32, true);
    r[24] = static_cast<unsigned int>(absolute(wa - wb));
    r[25] = static_cast<unsigned int>(clamp(swa - swb, 32, true));
    r[26] = static_cast<unsigned int>(clamp(wa - wb, 32, false));
    const long long lower = sa(0) < sb(1) ? sa(0) : sb(1);
    r[27] = static_cast<unsigned int>(lower + swc);
    const long long sum = uha(0) + uhb(1);  // its low 16 bits into d.h0
    r[28] = static_cast<unsigned int>(sum & 0xffff) | (c & 0xffff0000u);
    const long long difference = sa(0) - sb(1);  // its low 8 bits into d.b2
    r[29] = static_cast<unsigned int>((difference & 0xff) << 16) | (c & 0xff00ffffu);
    r[30] = static_cast<unsigned int>((swa < swb ? 1 : 0) + swc);
    r[31] = static_cast<unsigned int>(clamp(swa + swb, 32, false));  // below 0 gives 0
    const long long halves = sha(1) - shb(0);  // clamped (it fits), then the larger of it and c, signed
    r[32] = static_cast<unsigned int>(halves > swc ? halves : swc);
    const long long sum32 = clamp(swa + swb, 32, true);  // clamped, then the smaller of it and c
    r[33] = static_cast<unsigned int>(sum32 < swc ? sum32 : swc);
}

int main() {
    const std::vector<unsigned int> inputs = {
        0x807f01ffu, 0x7f80ff01u, 0x12345678u,  // bytes -128/128, 127, 1, -1/255 against their opposites
        0x80007fffu, 0x7fff8000u, 0xfffffff0u,  // halfwords at the ends of both ranges
        0x00ff10f0u, 0xff0120e0u, 0x00000100u,  // a mixture, carries between lanes
        0x7fffffffu, 0x80000001u, 0x80000000u,  // words INT_MAX and INT_MIN + 1, c INT_MIN
    };
    DeviceArray<unsigned int> in(3 * kInputs, 0), out(kInstructions * kInputs, 0);
    cudaMemcpy(in.device, inputs.data(), inputs.size() * sizeof(unsigned int), cudaMemcpyHostToDevice);
    videoInstructions<<<1, kInputs>>>(in.device, out.device);
    const int verdict = printLaunchVerdict();
    const std::vector<unsigned int> results = out.read();
    int agreeing = 0;
    for (int k = 0; k < kInstructions; ++k) {
        bool agrees = true;
        std::printf("%-36s", kNames[k]);
        for (int t = 0; t < kInputs; ++t) {
            unsigned int expected[kInstructions];
            reference(inputs[3 * t], inputs[3 * t + 1], inputs[3 * t + 2], expected);
            const unsigned int got = results[kInstructions * t + k];
            agrees = agrees && got == expected[k];
            std::printf(" 0x%08x", got);
            if (got != expected[k]) {
                std::printf(" (the ISA: 0x%08x)", expected[k]);
            }
        }
        std::printf("\n");
        agreeing += agrees ? 1 : 0;
    }
    std::printf("%d of %d instructions as the PTX ISA computes them\n", agreeing, kInstructions);
    return verdict != 0 || agreeing != kInstructions ? 1 : 0;
}
