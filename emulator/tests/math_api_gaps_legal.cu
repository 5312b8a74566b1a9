// math_api_gaps_legal.cu: the Math API functions, intrinsics, address space
// functions, math_constants.h constants and vector atomics the emulator once
// lacked, each called in a kernel as nvcc takes it: rcbrt, normf and norm,
// rnormf and rnorm, norm4df/norm4d and their reciprocals, erfcxf/erfcx (out
// where exp(x*x)*erfc(x) underflows or overflows), cyl_bessel_i0(f) and
// cyl_bessel_i1(f); __dp2a_lo/__dp2a_hi and __dp4a on vectors; __uhadd,
// __urhadd, __fns, __fmaf_ieee_rn; __isGlobal, __isShared, __isLocal,
// __isConstant and __isGridConstant on memory a GPU agrees on, and the
// __cvta conversions there and back; CUDART_ constants; atomicAdd on float2
// and float4. The host compares each against its own reference, to a
// tolerance the Math API's error bounds allow, and prints one verdict a group.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include <math_constants.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include "case.cuh"

// The inputs of the floating-point functions, and the slots they fill.
constexpr int kInputs = 10;
constexpr int kResults = 16;  // per input

__global__ void floatingPoint(const double* x, double* results) {
    const int i = threadIdx.x;
    const double v = x[i];
    double* out = results + i * kResults;
    const float vf = static_cast<float>(v);
    out[0] = rcbrt(v);
    out[1] = erfcx(v);
    out[2] = erfcxf(vf);
    out[3] = cyl_bessel_i0(v);
    out[4] = cyl_bessel_i1(v);
    out[5] = cyl_bessel_i0f(vf);
    out[6] = cyl_bessel_i1f(vf);
    const double coordinates[5] = {v, 2.0 * v, -3.0, 0.25 * v, 7.0};
    const float coordinatesf[5] = {vf, 2.0f * vf, -3.0f, 0.25f * vf, 7.0f};
    out[7] = norm(5, coordinates);
    out[8] = rnorm(5, coordinates);
    out[9] = normf(5, coordinatesf);
    out[10] = rnormf(5, coordinatesf);
    out[11] = norm4d(v, -v, 1.0, 2.0);
    out[12] = rnorm4d(v, -v, 1.0, 2.0);
    out[13] = norm4df(vf, -vf, 1.0f, 2.0f);
    out[14] = rnorm4df(vf, -vf, 1.0f, 2.0f);
    out[15] = 0.0;
}

__global__ void integers(const unsigned int* words, unsigned int* results) {
    const unsigned int a = words[0], b = words[1], c = words[2];
    results[0] = static_cast<unsigned int>(__dp2a_lo(static_cast<int>(a), static_cast<int>(b), static_cast<int>(c)));
    results[1] = static_cast<unsigned int>(__dp2a_hi(static_cast<int>(a), static_cast<int>(b), static_cast<int>(c)));
    results[2] = __dp2a_lo(a, b, c);
    results[3] = __dp2a_hi(a, b, c);
    short2 halves;
    char4 bytes;
    ushort2 uhalves;
    uchar4 ubytes;
    memcpy(&halves, &a, 4);
    memcpy(&bytes, &b, 4);
    memcpy(&uhalves, &a, 4);
    memcpy(&ubytes, &b, 4);
    results[4] = static_cast<unsigned int>(__dp2a_lo(halves, bytes, static_cast<int>(c)));
    results[5] = static_cast<unsigned int>(__dp2a_hi(halves, bytes, static_cast<int>(c)));
    results[6] = __dp2a_lo(uhalves, ubytes, c);
    results[7] = __dp2a_hi(uhalves, ubytes, c);
    char4 other;
    memcpy(&other, &a, 4);
    uchar4 uother;
    memcpy(&uother, &a, 4);
    results[8] = static_cast<unsigned int>(__dp4a(other, bytes, static_cast<int>(c)));
    results[9] = __dp4a(uother, ubytes, c);
    results[10] = __uhadd(0xfffffffeu, 0xfffffffcu);
    results[11] = __urhadd(0xfffffffeu, 0xfffffffdu);
    results[12] = __fns(0xaaaaaaaau, 3, 1);
    results[13] = __fns(0xaaaaaaaau, 2, -1);
    results[14] = __fns(0xaaaaaaaau, 4, 3);
    results[15] = __fns(0x00000010u, 5, 2);
    results[16] = __float_as_uint(__fmaf_ieee_rn(__uint_as_float(words[3]), 3.0f, 1.0f));
}

__device__ int deviceVariable;

// 1 for each predicate or round trip that came out as a GPU gives it.
__global__ void addressSpaces(int* global, int* answers) {
    __shared__ int tile[8];
    extern __shared__ float dynamicBytes[];
    int local[4];
    local[threadIdx.x % 4] = 1;
    int n = 0;
    answers[n++] = __isGlobal(global) == 1;
    answers[n++] = __isGlobal(&deviceVariable) == 1;
    answers[n++] = __isShared(global) == 0;
    answers[n++] = __isLocal(global) == 0;
    answers[n++] = __isConstant(global) == 0;
    answers[n++] = __isGridConstant(global) == 0;
    answers[n++] = __isShared(&tile[3]) == 1;
    answers[n++] = __isGlobal(&tile[3]) == 0;
    answers[n++] = __isLocal(&tile[3]) == 0;
    answers[n++] = __isShared(&dynamicBytes[5]) == 1;
    answers[n++] = __isGlobal(&dynamicBytes[5]) == 0;
    answers[n++] = __isLocal(&local[1]) == 1;
    answers[n++] = __isShared(&local[1]) == 0;
    answers[n++] = __isGlobal(&local[1]) == 0;
    answers[n++] = __cvta_global_to_generic(__cvta_generic_to_global(global + 3)) == global + 3;
    answers[n++] = __cvta_shared_to_generic(__cvta_generic_to_shared(&tile[5])) == &tile[5];
    answers[n++] = __cvta_shared_to_generic(__cvta_generic_to_shared(&dynamicBytes[7])) == &dynamicBytes[7];
    answers[n++] = __cvta_local_to_generic(__cvta_generic_to_local(&local[2])) == &local[2];
    // The shared window's offsets are those of the variables' bytes.
    answers[n++] = __cvta_generic_to_shared(&tile[5]) - __cvta_generic_to_shared(&tile[1]) == 4 * sizeof(int);
    answers[n++] = __cvta_generic_to_shared(&dynamicBytes[9]) - __cvta_generic_to_shared(&dynamicBytes[0]) == 9 * sizeof(float);
    tile[0] = local[threadIdx.x % 4];
    global[0] = tile[0];
}

__global__ void constants(double* values) {
    values[0] = CUDART_PI_F;
    values[1] = CUDART_PI;
    values[2] = CUDART_SQRT_TWO;
    values[3] = CUDART_SQRT_TWO_F;
    values[4] = CUDART_L2E;
    values[5] = CUDART_LN2_F;
    values[6] = CUDART_PIO2 + CUDART_PIO2_LO;
    values[7] = CUDART_THIRD_F;
    values[8] = __uint_as_float(0) + CUDART_INF_F;
    values[9] = __int_as_float(__float_as_int(CUDART_NAN_F));
    values[10] = __float_as_uint(CUDART_NAN_F);
    values[11] = CUDART_MIN_DENORM;
    values[12] = CUDART_NEG_ZERO_F;
    values[13] = CUDART_SQRT_2PI;
    values[14] = CUDART_LNT;
    values[15] = CUDART_TWO_TO_M1022;
}

__global__ void vectorAtomics(float2* pair, float4* quad, float* olds) {
    const float t = static_cast<float>(threadIdx.x);
    const float2 old2 = atomicAdd(pair, make_float2(1.0f, t));
    const float4 old4 = atomicAdd(quad, make_float4(0.5f, 2.0f, t, -1.0f));
    // The old values of the elements each thread's add met.
    olds[threadIdx.x] = old2.x;
    olds[64 + threadIdx.x] = old4.x;
    olds[128 + threadIdx.x] = old4.y;
    olds[192 + threadIdx.x] = old4.w;
}

namespace {

bool close(double got, double want, double tolerance) {
    if (std::isnan(want)) {
        return std::isnan(got);
    }
    if (std::isinf(want)) {
        return got == want;
    }
    return std::fabs(got - want) <= tolerance * std::fabs(want);
}

std::string firstMismatch;
void expect(bool ok, const std::string& what) {
    if (!ok && firstMismatch.empty()) {
        firstMismatch = what;
    }
}
void verdict(const char* group) {
    std::printf("%s: %s\n", group, firstMismatch.empty() ? "ok" : ("MISMATCH " + firstMismatch).c_str());
    firstMismatch.clear();
}

// I0 and I1 by their integrals, (1/pi) times the integral over [0, pi] of
// exp(x cos t) cos(n t): the trapezoid rule, exact to rounding for this
// periodic integrand with enough points.
long double besselByIntegral(int n, long double x) {
    if (x == 0.0L) {
        return n == 0 ? 1.0L : 0.0L;
    }
    const int points = 4096;
    const long double pi = 3.141592653589793238462643383279502884L;
    long double sum = 0.0L;
    for (int k = 0; k <= points; ++k) {
        const long double t = pi * k / points;
        const long double weight = (k == 0 || k == points) ? 0.5L : 1.0L;
        sum += weight * std::exp(x * std::cos(t)) * std::cos(n * t);
    }
    return sum / points;
}

// exp(x^2) erfc(x): the product in long double to 30, then the asymptotic
// series 1/(x sqrt(pi)) * sum of (-1)^k (2k-1)!! / (2x^2)^k, cut at its smallest term.
long double erfcxReference(long double x) {
    if (x <= 30.0L) {
        return std::exp(x * x) * std::erfc(x);
    }
    long double term = 1.0L, sum = 1.0L;
    for (int k = 1; k < 100; ++k) {
        const long double next = -term * (2 * k - 1) / (2.0L * x * x);
        if (std::fabs(next) >= std::fabs(term)) {
            break;
        }
        term = next;
        sum += term;
    }
    return sum / (x * std::sqrt(3.141592653589793238462643383279502884L));
}

long double normReference(const long double* p, int n) {
    long double sum = 0.0L;
    for (int i = 0; i < n; ++i) {
        sum += p[i] * p[i];
    }
    return std::sqrt(sum);
}

}  // namespace

int main() {
    const double inputs[kInputs] = {-3.0, -0.5, 0.0, 0.5, 2.0, 7.5, 12.0, 35.0, 90.0, 1e4};
    DeviceArray<double> x(kInputs, 0.0);
    cudaMemcpy(x.device, inputs, sizeof inputs, cudaMemcpyHostToDevice);
    DeviceArray<double> results(kInputs * kResults, 0.0);
    floatingPoint<<<1, kInputs>>>(x.device, results.device);

    const unsigned int words[4] = {0x8001fffeu, 0x80ff7f02u, 0x00001000u, 0x3f800001u};
    DeviceArray<unsigned int> wordsIn(4, 0u);
    cudaMemcpy(wordsIn.device, words, sizeof words, cudaMemcpyHostToDevice);
    DeviceArray<unsigned int> integerResults(17, 0u);
    integers<<<1, 1>>>(wordsIn.device, integerResults.device);

    DeviceArray<int> global(4, 0);
    DeviceArray<int> answers(20, -1);
    addressSpaces<<<1, 1, 64 * sizeof(float)>>>(global.device, answers.device);

    DeviceArray<double> constantValues(16, 0.0);
    constants<<<1, 1>>>(constantValues.device);

    DeviceArray<float2> pair(1, make_float2(0.0f, 0.0f));
    DeviceArray<float4> quad(1, make_float4(0.0f, 0.0f, 0.0f, 0.0f));
    DeviceArray<float> olds(4 * 64, -1.0f);
    vectorAtomics<<<1, 64>>>(pair.device, quad.device, olds.device);

    const int launch = printLaunchVerdict();

    // rcbrt norm erfcx bessel: double to 1e-13, float to 2e-6, of the reference.
    const std::vector<double> r = results.read();
    for (int i = 0; i < kInputs; ++i) {
        const long double v = inputs[i];
        const float vf = static_cast<float>(inputs[i]);
        const double* out = &r[i * kResults];
        const std::string at = "at x = " + std::to_string(inputs[i]);
        expect(close(out[0], static_cast<double>(1.0L / std::cbrt(v)), 1e-13), "rcbrt " + at);
        expect(close(out[1], static_cast<double>(erfcxReference(v)), 1e-13), "erfcx " + at);
        expect(close(out[2], static_cast<double>(static_cast<float>(erfcxReference(vf))), 2e-6), "erfcxf " + at);
        const bool besselInRange = std::fabs(inputs[i]) < 700.0;
        expect(!besselInRange || close(out[3], static_cast<double>(besselByIntegral(0, v)), 1e-13), "cyl_bessel_i0 " + at);
        expect(!besselInRange || close(out[4], static_cast<double>(besselByIntegral(1, v)), 1e-13), "cyl_bessel_i1 " + at);
        expect(!besselInRange || close(out[5], static_cast<double>(static_cast<float>(besselByIntegral(0, vf))), 2e-6),
               "cyl_bessel_i0f " + at);
        expect(!besselInRange || close(out[6], static_cast<double>(static_cast<float>(besselByIntegral(1, vf))), 2e-6),
               "cyl_bessel_i1f " + at);
        if (!besselInRange) {  // e^10000 overflows: +inf, as the Math API says
            expect(out[3] == HUGE_VAL && out[4] == HUGE_VAL && std::isinf(out[5]) && std::isinf(out[6]),
                   "bessel overflow " + at);
        }
        const long double c[5] = {v, 2.0L * v, -3.0L, 0.25L * v, 7.0L};
        const long double cf[5] = {vf, 2.0L * vf, -3.0L, 0.25L * vf, 7.0L};
        const long double f[4] = {v, -v, 1.0L, 2.0L};
        const long double ff[4] = {vf, -vf, 1.0L, 2.0L};
        expect(close(out[7], static_cast<double>(normReference(c, 5)), 1e-13), "norm " + at);
        expect(close(out[8], static_cast<double>(1.0L / normReference(c, 5)), 1e-13), "rnorm " + at);
        expect(close(out[9], static_cast<double>(normReference(cf, 5)), 2e-6), "normf " + at);
        expect(close(out[10], static_cast<double>(1.0L / normReference(cf, 5)), 2e-6), "rnormf " + at);
        expect(close(out[11], static_cast<double>(normReference(f, 4)), 1e-13), "norm4d " + at);
        expect(close(out[12], static_cast<double>(1.0L / normReference(f, 4)), 1e-13), "rnorm4d " + at);
        expect(close(out[13], static_cast<double>(normReference(ff, 4)), 2e-6), "norm4df " + at);
        expect(close(out[14], static_cast<double>(1.0L / normReference(ff, 4)), 2e-6), "rnorm4df " + at);
    }
    verdict("rcbrt norm erfcx bessel");

    // dp2a dp4a and the integer intrinsics, bit for bit.
    {
        const std::vector<unsigned int> got = integerResults.read();
        auto signedDp2a = [&](int firstByte) {
            long long sum = static_cast<int>(words[2]);
            for (int k = 0; k < 2; ++k) {
                sum += static_cast<long long>(static_cast<std::int16_t>(words[0] >> (16 * k))) *
                       static_cast<std::int8_t>(words[1] >> (8 * (firstByte + k)));
            }
            return static_cast<unsigned int>(sum);
        };
        auto unsignedDp2a = [&](int firstByte) {
            unsigned long long sum = words[2];
            for (int k = 0; k < 2; ++k) {
                sum += static_cast<unsigned long long>((words[0] >> (16 * k)) & 0xffffu) * ((words[1] >> (8 * (firstByte + k))) & 0xffu);
            }
            return static_cast<unsigned int>(sum);
        };
        long long signedDp4a = static_cast<int>(words[2]);
        unsigned long long unsignedDp4a = words[2];
        for (int k = 0; k < 4; ++k) {
            signedDp4a += static_cast<long long>(static_cast<std::int8_t>(words[0] >> (8 * k))) * static_cast<std::int8_t>(words[1] >> (8 * k));
            unsignedDp4a += static_cast<unsigned long long>((words[0] >> (8 * k)) & 0xffu) * ((words[1] >> (8 * k)) & 0xffu);
        }
        const unsigned int want[9] = {signedDp2a(0), signedDp2a(2), unsignedDp2a(0), unsignedDp2a(2), signedDp2a(0),
                                      signedDp2a(2), unsignedDp2a(0), unsignedDp2a(2), static_cast<unsigned int>(signedDp4a)};
        for (int k = 0; k < 9; ++k) {
            expect(got[k] == want[k], "result " + std::to_string(k));
        }
        expect(got[9] == static_cast<unsigned int>(unsignedDp4a), "__dp4a(uchar4)");
        verdict("dp2a dp4a");
        expect(got[10] == 0xfffffffdu, "__uhadd");
        expect(got[11] == 0xfffffffeu, "__urhadd");
        // The PTX ISA's examples of fns, and a count past the last set bit.
        expect(got[12] == 3u && got[13] == 1u && got[14] == 9u && got[15] == 0xffffffffu, "__fns");
        float want16 = std::fma(1.00000012f, 3.0f, 1.0f);
        unsigned int want16Bits;
        std::memcpy(&want16Bits, &want16, 4);
        expect(got[16] == want16Bits, "__fmaf_ieee_rn");
        verdict("uhadd urhadd fns fmaf_ieee");
    }

    {
        const std::vector<int> got = answers.read();
        for (int k = 0; k < 20; ++k) {
            expect(got[k] == 1, "answer " + std::to_string(k));
        }
        verdict("address spaces");
    }

    {
        const std::vector<double> got = constantValues.read();
        const long double pi = 3.141592653589793238462643383279502884L;
        const double want[8] = {static_cast<double>(static_cast<float>(pi)), static_cast<double>(pi),
                                static_cast<double>(std::sqrt(2.0L)), static_cast<double>(static_cast<float>(std::sqrt(2.0L))),
                                static_cast<double>(1.0L / std::log(2.0L)), static_cast<double>(static_cast<float>(std::log(2.0L))),
                                static_cast<double>(pi / 2), static_cast<double>(static_cast<float>(1.0L / 3))};
        for (int k = 0; k < 8; ++k) {
            expect(got[k] == want[k], "constant " + std::to_string(k));
        }
        expect(got[8] == HUGE_VAL && std::isnan(got[9]) && got[10] == 2147483647.0, "CUDART_INF_F, CUDART_NAN_F");
        expect(got[11] == std::numeric_limits<double>::denorm_min() && got[12] == 0.0 && std::signbit(got[12]),
               "CUDART_MIN_DENORM, CUDART_NEG_ZERO_F");
        expect(got[13] == static_cast<double>(std::sqrt(2.0L * pi)) && got[14] == static_cast<double>(std::log(10.0L)) &&
                   got[15] == std::numeric_limits<double>::min(),
               "CUDART_SQRT_2PI, CUDART_LNT, CUDART_TWO_TO_M1022");
        verdict("math_constants.h");
    }

    {
        const float2 p = pair.read()[0];
        const float4 q = quad.read()[0];
        // 64 threads: 64 ones, 0 + 1 + ... + 63 = 2016, 32 halves, 128 twos, -64.
        expect(p.x == 64.0f && p.y == 2016.0f && q.x == 32.0f && q.y == 128.0f && q.z == 2016.0f && q.w == -64.0f, "sums");
        // Each element atomic: the old values one element gave the 64
        // threads are 0, 1, ..., 63 times its step, each once, in any order.
        const std::vector<float> o = olds.read();
        const float steps[4] = {1.0f, 0.5f, 2.0f, -1.0f};
        for (int element = 0; element < 4; ++element) {
            std::vector<int> seen(64, 0);
            for (int k = 0; k < 64; ++k) {
                const float adds = o[element * 64 + k] / steps[element];
                const int n = static_cast<int>(adds);
                if (adds == static_cast<float>(n) && n >= 0 && n < 64) {
                    ++seen[n];
                }
            }
            for (int n = 0; n < 64; ++n) {
                expect(seen[n] == 1, "old values of element " + std::to_string(element));
            }
        }
        verdict("atomicAdd float2 float4");
    }
    return launch;
}
