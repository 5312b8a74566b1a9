// emulator_rules.cpp: the warp emulator's own tests, no GPU needed.
//
// For every rule the emulator enforces, a small planted kernel breaks it and
// the test asserts what the emulator reports: which lanes, which call, which
// mask. Then kernels that keep the rules check the documented semantics
// (segments, out-of-range sources, votes, __activemask, exited lanes, per-block
// __shared__) and that they produce no report at all.
//
// Built by the host compiler with emulator/ first on the include path, so
// <cuda_runtime.h> below is the emulator's.

#include <cuda_runtime.h>

#include <cmath>
#include <string>
#include <vector>

#include "expect.hpp"

using warp_emulator::LaunchReport;

constexpr unsigned int kFull = 0xffffffffu;

static bool mentions(const LaunchReport& report, std::initializer_list<const char*> phrases) {
    for (const std::string& text : report.ruleBreaks) {
        bool all = true;
        for (const char* phrase : phrases) {
            all &= text.find(phrase) != std::string::npos;
        }
        if (all) {
            return true;
        }
    }
    for (const std::string& text : report.ruleBreaks) {
        std::fprintf(stderr, "  (rule break reported: %s)\n", text.c_str());
    }
    return false;
}

static bool clean(const LaunchReport& report) {
    return report.ruleBreaks.empty() && report.undefinedReads == 0;
}

// ---------------------------------------------------------------------------
// Planted: each breaks one rule
// ---------------------------------------------------------------------------

// A full mask inside a branch that lanes 16-31 skip: they go on to the ballot.
__global__ void fullMaskInHalfBranch(float* out) {
    const int lane = threadIdx.x % 32;
    float value = static_cast<float>(lane);
    if (lane < 16) {
        value = __shfl_down_sync(kFull, value, 1);
    }
    const unsigned int everyone = __ballot_sync(kFull, 1);
    out[lane] = value + 0.0f * static_cast<float>(everyone);
}

static void testFullMaskInHalfBranch() {
    std::vector<float> out(32);
    const LaunchReport& report = warp_emulator::launch(fullMaskInHalfBranch, 1, 32, out.data());
    EXPECT(report.kernel == "fullMaskInHalfBranch");
    EXPECT(report.ruleBreaks.size() == 1);
    EXPECT(mentions(report, {"block (0,0,0), warp 0", "__shfl_down_sync(0xffffffff, ..., 1) at emulator_rules.cpp:",
                             "reached by lanes 0-15", "lanes 16-31, named in its mask, never arrived",
                             "lanes 16-31 wait at __ballot_sync(0xffffffff, ...) at emulator_rules.cpp:"}));
    // It went ahead with lanes 0-15: lane 15 read lane 16, which was not there.
    EXPECT(report.reads(15, 16, "__shfl_down_sync(0xffffffff, ..., 1)") == 1);
    EXPECT(report.undefinedReads == 1);
    EXPECT(out[0] == 1.0f && out[14] == 15.0f && std::isnan(out[15]) && out[16] == 16.0f);
}

// A legal mask (lanes 0-15 all arrive) and a read of lane 16, which does not take part.
__global__ void readOfInactiveLane(float* out, int* outInt) {
    const int lane = threadIdx.x % 32;
    if (lane < 16) {
        out[lane] = __shfl_down_sync(0x0000ffffu, static_cast<float>(lane), 8);
        outInt[lane] = __shfl_down_sync(0x0000ffffu, lane, 8);
    }
}

static void testReadOfInactiveLane() {
    std::vector<float> out(32, -1.0f);
    std::vector<int> outInt(32, -1);
    const LaunchReport& report = warp_emulator::launch(readOfInactiveLane, 1, 32, out.data(), outInt.data());
    EXPECT(report.ruleBreaks.empty());
    EXPECT(report.undefinedReads == 16);  // lanes 8-15, twice
    EXPECT(report.firstUndefinedRead.find("kernel readOfInactiveLane, block (0,0,0), warp 0: lane 8 read lane 16, "
                                          "which is not taking part, in __shfl_down_sync(0x0000ffff, ..., 8)") == 0);
    for (int lane = 8; lane < 16; ++lane) {
        EXPECT(report.reads(lane, lane + 8, "__shfl_down_sync(0x0000ffff, ..., 8)") == 2);
    }
    EXPECT(out[0] == 8.0f && out[7] == 15.0f && std::isnan(out[8]) && std::isnan(out[15]));
    EXPECT(outInt[7] == 15 && static_cast<unsigned int>(outInt[8]) == 0xBAADF00Du);
}

// Lane 0 passes 0x3, lanes 1 and 2 pass 0x7: two lanes, two masks, one intrinsic.
__global__ void differentMasks(unsigned int* out) {
    const int lane = threadIdx.x % 32;
    if (lane < 3) {
        out[lane] = __ballot_sync(lane == 0 ? 0x3u : 0x7u, 1);
    }
}

static void testDifferentMasks() {
    std::vector<unsigned int> out(32, 0);
    const LaunchReport& report = warp_emulator::launch(differentMasks, 1, 32, out.data());
    EXPECT(mentions(report, {"__ballot_sync(0x00000003, ...)", "reached by lane 0,", "lane 1, named in its mask",
                             "lane 1 waits at the same intrinsic with a different mask, __ballot_sync(0x00000007, ...)"}));
    // Once lane 0 has gone ahead and exited, lanes 1-2 have all their named
    // lanes (exited ones count as arrived): one report, no hang.
    EXPECT(report.ruleBreaks.size() == 1);
    EXPECT(out[0] == 0x1u && out[1] == 0x6u && out[2] == 0x6u);
}

// Lane 5 skips the __syncwarp() its full mask names and waits at __any_sync.
__global__ void syncwarpMissingLane(int* out) {
    const int lane = threadIdx.x % 32;
    if (lane != 5) {
        __syncwarp();
    }
    out[lane] = __any_sync(kFull, lane == 5);
}

static void testSyncwarpMissingLane() {
    std::vector<int> out(32, -1);
    const LaunchReport& report = warp_emulator::launch(syncwarpMissingLane, 1, 32, out.data());
    EXPECT(report.ruleBreaks.size() == 1);
    EXPECT(mentions(report, {"__syncwarp(0xffffffff) at emulator_rules.cpp:", "reached by lanes 0-4, 6-31",
                             "lane 5, named in its mask, never arrived", "lane 5 waits at __any_sync(0xffffffff, ...)"}));
    EXPECT(out[0] == 1 && out[5] == 1 && out[31] == 1);  // it did not hang, and the vote then completed
}

// Lane 0 calls with a mask that leaves out its own bit.
__global__ void ownBitMissing(unsigned int* out) {
    const int lane = threadIdx.x % 32;
    out[lane] = __ballot_sync(0xfffffffeu, 1);
}

static void testOwnBitMissing() {
    std::vector<unsigned int> out(32, 0);
    const LaunchReport& report = warp_emulator::launch(ownBitMissing, 1, 32, out.data());
    EXPECT(report.ruleBreaks.size() == 1);
    EXPECT(mentions(report, {"lane 0 called __ballot_sync(0xfffffffe, ...)", "does not name it"}));
    EXPECT(out[0] == 0xBAADF00Du && out[1] == 0xfffffffeu);
}

__global__ void widthNotAPowerOfTwo(int* out) {
    out[threadIdx.x] = __shfl_sync(kFull, static_cast<int>(threadIdx.x), 0, 3);
}

static void testWidthNotAPowerOfTwo() {
    std::vector<int> out(32, 0);
    const LaunchReport& report = warp_emulator::launch(widthNotAPowerOfTwo, 1, 32, out.data());
    EXPECT(report.ruleBreaks.size() == 32);
    EXPECT(mentions(report, {"lane 0 called __shfl_sync(0xffffffff, ..., 0, 3)", "not 1, 2, 4, 8, 16 or 32"}));
}

// ---------------------------------------------------------------------------
// Legal kernels: the documented semantics, and no report
// ---------------------------------------------------------------------------

// Each of the four shuffles, with width 8 and with the whole warp.
__global__ void shuffles(int* out) {
    const int lane = threadIdx.x;
    out[0 * 32 + lane] = __shfl_sync(kFull, lane, 3, 8);       // segment start + 3
    out[1 * 32 + lane] = __shfl_sync(kFull, lane, 11, 8);      // srcLane modulo width: + 3 again
    out[2 * 32 + lane] = __shfl_up_sync(kFull, lane, 2, 8);    // before the segment start: own value
    out[3 * 32 + lane] = __shfl_down_sync(kFull, lane, 4, 8);  // past the segment end: own value
    out[4 * 32 + lane] = __shfl_xor_sync(kFull, lane, 1, 8);
    out[5 * 32 + lane] = __shfl_xor_sync(kFull, lane, 8, 8);   // a later segment: own value; an earlier one: read
    out[6 * 32 + lane] = __shfl_down_sync(kFull, lane, 16);    // past lane 31: own value
    out[7 * 32 + lane] = __shfl_xor_sync(kFull, lane, 16);
    const double wide = __shfl_sync(kFull, 1.5 * lane, 31);    // 8 bytes move whole
    out[8 * 32 + lane] = static_cast<int>(wide * 2);
}

static void testShuffleSemantics() {
    std::vector<int> out(9 * 32, -1);
    const LaunchReport& report = warp_emulator::launch(shuffles, 1, 32, out.data());
    EXPECT(clean(report));
    for (int lane = 0; lane < 32; ++lane) {
        const int start = lane / 8 * 8;
        EXPECT(out[0 * 32 + lane] == start + 3);
        EXPECT(out[1 * 32 + lane] == start + 3);
        EXPECT(out[2 * 32 + lane] == (lane - 2 < start ? lane : lane - 2));
        EXPECT(out[3 * 32 + lane] == (lane + 4 >= start + 8 ? lane : lane + 4));
        EXPECT(out[4 * 32 + lane] == (lane ^ 1));
        EXPECT(out[5 * 32 + lane] == ((lane ^ 8) >= start + 8 ? lane : (lane ^ 8)));
        EXPECT(out[6 * 32 + lane] == (lane + 16 > 31 ? lane : lane + 16));
        EXPECT(out[7 * 32 + lane] == (lane ^ 16));
        EXPECT(out[8 * 32 + lane] == 93);
    }
}

__global__ void votes(unsigned int* out) {
    const int lane = threadIdx.x;
    const unsigned int third = __ballot_sync(kFull, lane % 3 == 0);
    out[0] = third;
    out[1] = static_cast<unsigned int>(__popc(third));
    out[2] = static_cast<unsigned int>(__ffs(static_cast<int>(third & 0xfffffff0u)));
    out[3] = static_cast<unsigned int>(__ffs(0));
    out[4] = static_cast<unsigned int>(__any_sync(kFull, lane == 31));
    out[5] = static_cast<unsigned int>(__any_sync(kFull, lane == 32));
    out[6] = static_cast<unsigned int>(__all_sync(kFull, lane < 32));
    out[7] = static_cast<unsigned int>(__all_sync(kFull, lane < 31));
    if (lane < 10) {
        out[8] = __activemask();
        out[9] = __ballot_sync(0x3ffu, 1);
    }
}

static void testVotes() {
    std::vector<unsigned int> out(10, 0);
    const LaunchReport& report = warp_emulator::launch(votes, 1, 32, out.data());
    EXPECT(clean(report));
    EXPECT(out[0] == 0x49249249u);
    EXPECT(out[1] == 11);
    EXPECT(out[2] == 7);  // lowest set bit of 0x49249240 is bit 6, and __ffs counts from 1
    EXPECT(out[3] == 0);
    EXPECT(out[4] == 1 && out[5] == 0);
    EXPECT(out[6] == 1 && out[7] == 0);
    EXPECT(out[8] == 0x3ffu);
    EXPECT(out[9] == 0x3ffu);
}

// __match_any_sync, __match_all_sync and the __reduce_*_sync family, over the
// lanes that take part: here lanes 0-19, as a ballot mask names them.
__global__ void matchesAndReductions(unsigned int* out, int* signedOut) {
    const int lane = threadIdx.x;
    const unsigned int live = __ballot_sync(kFull, lane < 20);
    if (lane < 20) {
        out[lane] = __match_any_sync(live, static_cast<float>(lane % 3));  // bits of equal floats
        int allSame = -1;
        out[20 + lane] = __match_all_sync(live, 7u, &allSame);
        signedOut[lane] = allSame;
        int notAllSame = -1;
        out[40 + lane] = __match_all_sync(live, lane, &notAllSame);
        signedOut[20 + lane] = notAllSame;
        out[60] = __reduce_add_sync(live, static_cast<unsigned int>(lane));
        out[61] = __reduce_min_sync(live, static_cast<unsigned int>(lane + 5));
        out[62] = __reduce_max_sync(live, static_cast<unsigned int>(lane));
        out[63] = __reduce_and_sync(live, 0xf0u | static_cast<unsigned int>(lane));
        out[64] = __reduce_or_sync(live, 1u << lane);
        out[65] = __reduce_xor_sync(live, 1u);
        signedOut[40] = __reduce_min_sync(live, lane - 10);  // signed: -10, not 0xfffffff6 as unsigned
        signedOut[41] = __reduce_max_sync(live, -lane);
    }
}

static void testMatchesAndReductions() {
    std::vector<unsigned int> out(66, 0);
    std::vector<int> signedOut(42, 0);
    const LaunchReport& report = warp_emulator::launch(matchesAndReductions, 1, 32, out.data(), signedOut.data());
    EXPECT(clean(report));
    unsigned int remainderZero = 0;
    for (int lane = 0; lane < 20; lane += 3) {
        remainderZero |= 1u << lane;
    }
    EXPECT(out[0] == remainderZero && out[3] == remainderZero && out[1] == (remainderZero << 1));
    EXPECT(out[20] == 0x000fffffu && out[39] == 0x000fffffu && signedOut[0] == 1 && signedOut[19] == 1);
    EXPECT(out[40] == 0 && out[59] == 0 && signedOut[20] == 0 && signedOut[39] == 0);
    EXPECT(out[60] == 190);
    EXPECT(out[61] == 5 && out[62] == 19);
    EXPECT(out[63] == 0xf0u && out[64] == 0x000fffffu && out[65] == 0);
    EXPECT(signedOut[40] == -10 && signedOut[41] == 0);
}

// Lanes 20-31 return first. Exited lanes count as arrived, so the full-mask
// __syncwarp is legal; a shuffle that reads one still reads nobody.
__global__ void exitedLanes(float* out, unsigned int* active) {
    const int lane = threadIdx.x;
    if (lane >= 20) {
        return;
    }
    __syncwarp();
    active[0] = __activemask();
    out[lane] = __shfl_down_sync(0x000fffffu, static_cast<float>(lane), 1);
}

static void testExitedLanes() {
    std::vector<float> out(32, -1.0f);
    std::vector<unsigned int> active(1, 0);
    const LaunchReport& report = warp_emulator::launch(exitedLanes, 1, 32, out.data(), active.data());
    EXPECT(report.ruleBreaks.empty());
    EXPECT(report.undefinedReads == 1);
    EXPECT(report.reads(19, 20, "__shfl_down_sync(0x000fffff, ..., 1)") == 1);
    EXPECT(active[0] == 0x000fffffu);
    EXPECT(out[18] == 19.0f && std::isnan(out[19]));
}

// A block of 48 threads: warp 1 has lanes 0-15 only, and a full mask is fine there.
__global__ void partialWarp(unsigned int* out) {
    out[threadIdx.x] = __ballot_sync(kFull, 1);
}

static void testPartialWarp() {
    std::vector<unsigned int> out(48, 0);
    const LaunchReport& report = warp_emulator::launch(partialWarp, 1, 48, out.data());
    EXPECT(clean(report));
    EXPECT(out[0] == kFull && out[40] == 0x0000ffffu);
}

// Two warps of a block trade values through __shared__ and __syncthreads();
// block 1 reads a slot before anyone in it wrote it and must not see block 0's.
__global__ void sharedPerBlock(float* out, int* unwritten) {
    __shared__ float tile[64];
    __shared__ int flag;
    const int t = threadIdx.x;
    if (blockIdx.x == 1 && t == 0) {
        unwritten[0] = flag;
    }
    __syncthreads();
    if (t == 0) {
        flag = 7;
    }
    tile[t] = static_cast<float>(100 * blockIdx.x + t);
    __syncthreads();
    out[blockIdx.x * 64 + t] = tile[63 - t];
}

static void testSharedPerBlock() {
    std::vector<float> out(128, -1.0f);
    std::vector<int> unwritten(1, 0);
    const LaunchReport& report = warp_emulator::launch(sharedPerBlock, 2, 64, out.data(), unwritten.data());
    EXPECT(clean(report));
    EXPECT(out[0] == 63.0f && out[63] == 0.0f && out[64] == 163.0f && out[127] == 100.0f);
    EXPECT(unwritten[0] == -1);  // 0xff bytes, not block 0's 7
    cudaFuncAttributes attributes;
    EXPECT(cudaFuncGetAttributes(&attributes, sharedPerBlock) == cudaSuccess);
    EXPECT(attributes.sharedSizeBytes == 64 * sizeof(float) + sizeof(int));
    EXPECT(cudaFuncGetAttributes(&attributes, votes) == cudaSuccess);
    EXPECT(attributes.sharedSizeBytes == 0);
}

static void testBadLaunch() {
    std::vector<unsigned int> out(32, 0);
    warp_emulator::launch(partialWarp, 1, 2048, out.data());
    EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration);
    EXPECT(cudaGetLastError() == cudaSuccess);
}

int main() {
    testFullMaskInHalfBranch();
    testReadOfInactiveLane();
    testDifferentMasks();
    testSyncwarpMissingLane();
    testOwnBitMissing();
    testWidthNotAPowerOfTwo();
    testShuffleSemantics();
    testVotes();
    testMatchesAndReductions();
    testExitedLanes();
    testPartialWarp();
    testSharedPerBlock();
    testBadLaunch();
    std::printf("emulator_rules: %s\n", expectFailures() == 0 ? "every check passed" : "FAILED");
    return expectFailures() != 0;
}
