// shuffles.cu: warp shuffles and votes, taught through three row reductions.
//
// One warp reduces one row of a matrix. A row holds 20 live values inside a
// 32-column stride, so the lanes that own data are fewer than the warp and are
// not a power of two: the only case where the mask argument of a _sync
// intrinsic really matters.
//
// Build and run (one file, nothing else needed but the CUDA Toolkit):
//
//   nvcc -std=c++17 -O3 -arch=sm_75 -o shuffles shuffles.cu   # T4, Colab, Compiler Explorer
//   nvcc -std=c++17 -O3 -arch=sm_90 -o shuffles shuffles.cu   # H100, H200
//   ./shuffles                # the report for the page's 8205 rows
//   ./shuffles --rows 1000    # the same report for another row count
//
// No GPU? From the project folder, the CPU warp emulator runs this file
// unchanged and names every lane that reads a lane not taking part:
//
//   emulator/emulate shuffles.cu
//
// The kernels: reduceRowsPadded, where all 32 lanes take part in every
// collective and the lanes with no data carry each operation's identity, which
// earns the full mask 0xffffffff (it also holds the exercise's solution);
// reduceRowsShared, the same through a per-warp shared tile and __syncwarp();
// and reduceRowsBallotDown, WRONG ON PURPOSE: a legal ballot mask and an
// undefined read (lane 4 reads lane 20), reported but never deciding the exit code.
//
// Exit codes: 0 every gated kernel matched the CPU reference, 1 a gated kernel
// (reduceRowsPadded or reduceRowsShared) did not, 2 bad arguments, 3 no usable
// CUDA device, 4 any other CUDA error. The emulator turns a 0 into 66 when it
// found something wrong, as it does in reduceRowsBallotDown.

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

// ---- The idea in constants ---------------------------------------------------

constexpr int kWarpSize = 32;                  // compiled against; the driver's warpSize is printed beside it
constexpr unsigned int kFullMask = 0xffffffffu;  // every lane of the warp: right only when all 32 arrive
constexpr int kLiveColumns = 20;               // values per row that hold data
constexpr int kStride = 32;                    // columns per row in memory, one per lane
constexpr int kThreadsPerBlock = 256;
constexpr int kWarpsPerBlock = kThreadsPerBlock / kWarpSize;  // one row per warp, so 8 rows per block
constexpr int kDefaultRows = 8205;             // not a multiple of 8: the last block has idle warps
constexpr int kMaxRows = 1 << 20;              // 1048576 rows: about 300 MiB of GPU and of host memory

// The identities the dead lanes carry: x + 0 == x, and max(x, -inf) == x for
// every x but NaN, infinities included. The page says "a large negative float", but
// no finite float is an identity: max(-inf, -FLT_MAX) is -FLT_MAX, not -inf.
// With -FLT_MAX here, a row of 20 -inf (a fully masked row of a softmax) gets
// max -3.40282e+38, which no live lane holds, so the argmax ballot is empty and
// argmax is -1.
constexpr float kSumIdentity = 0.0f;
constexpr float kMaxIdentity = -INFINITY;

constexpr int kArgmaxNotWritten = -1;         // argmax until the exercise sets it; also what 0xff poison reads as

constexpr float kHighWater = 0.95f;            // the any-vote asks: is any live value above this?
constexpr double kRelativeTolerance = 1e-5;    // for sums and normalised values against the double reference

enum ExitCode { kExitMatched = 0, kExitMismatch = 1, kExitBadArguments = 2, kExitNoDevice = 3, kExitCudaError = 4 };

// ---- GPU kernels -------------------------------------------------------------

// Geometry shared by all three: block b, warp w of that block owns row
// b * 8 + w, and lane L of that warp owns column L. Lanes 0-19 are live (they
// own a value), lanes 20-31 are dead (their columns are padding).
//
// The last block can hold warps with no row (8205 rows need 1026 blocks,
// which is 8208 warps, so 3 own nothing). Such a warp returns before any
// collective. `row` is the same for all 32 lanes of a warp, so that return is
// taken by the whole warp or by none of it: no lane is ever named in a mask
// and then missing, and a warp that has exited names nobody at all.

// Contract of reduceRowsPadded.
//   Who must arrive: all 32 lanes of a warp that owns a row reach every
//   collective, so every mask is kFullMask and every one of them is earned.
//   Dead lanes carry the identity: 0 for the sum, kMaxIdentity for the max,
//   false for __any_sync, true for __all_sync.
//   Who holds what: after the shuffle-down ladder only lane 0 holds the sum,
//   then a broadcast gives it to all 32; after the xor butterfly every lane
//   holds the max; every lane gets the votes. Lane 0 writes the per-row
//   outputs, every lane writes its own normalised column (0 for dead columns).
//   Example: a row of 20 values 1, 2, ..., 20 gives sum 210 (lane 0 after the
//   ladder, every lane after the broadcast), max 20 in every lane, live count
//   20, anyHigh 1 (20 > 0.95), allPositive 1, argmax 19, normalised[L] = (L + 1) / 210.
//   A row of 20 -inf gives max -inf (the dead lanes' -inf changes nothing),
//   argmax 0 (all twenty hold the max, and the lowest lane wins), sum -inf,
//   and NaN in every live normalised column (-inf / -inf). This program's own
//   check never meets such a row (makeInput makes finite values only);
//   reference.hpp holds rows with infinities, for the exercise's check.
__global__ void reduceRowsPadded(const float* __restrict__ in, int rows, float* __restrict__ sums,
                                 float* __restrict__ maxes, float* __restrict__ normalised,
                                 int* __restrict__ liveCounts, int* __restrict__ anyHigh,
                                 int* __restrict__ allPositive, int* __restrict__ argmax) {
    const int lane = threadIdx.x % kWarpSize;
    const int row = blockIdx.x * kWarpsPerBlock + threadIdx.x / kWarpSize;
    if (row >= rows) {
        return;  // the whole warp leaves together; see the geometry note above
    }

    const bool live = lane < kLiveColumns;
    const size_t element = static_cast<size_t>(row) * kStride + lane;
    // Guard the load, never the collective: a dead lane does not read its
    // padding column, it takes the sum's identity and stays in the warp.
    const float value = live ? in[element] : kSumIdentity;

    // Five steps, each halving the number of lanes that still hold a partial
    // sum. Lane L reads lane L + offset, so after the last step lane 0 holds
    // the total and no other lane does. Every lane runs every step: put the
    // loop inside `if (live)` and lanes 20-31 never arrive where kFullMask
    // says they will (on an H200 the program then hangs: the README shows it).
    float sum = value;
    for (unsigned int offset = kWarpSize / 2; offset > 0; offset /= 2) {
        sum += __shfl_down_sync(kFullMask, sum, offset);
    }

    // Every lane needs the total to normalise its own value, and only lane 0
    // has it, so one broadcast copies lane 0's register into all 32.
    const float rowSum = __shfl_sync(kFullMask, sum, 0);

    // The same five steps as a butterfly. Lane L swaps with lane L xor
    // laneMask, so every lane ends up holding the max and no broadcast is
    // needed. Same step count as the ladder above, different lane owns the
    // answer at the end, and that is the whole difference between the two.
    float best = live ? value : kMaxIdentity;
    for (int laneMask = kWarpSize / 2; laneMask > 0; laneMask /= 2) {
        const float other = __shfl_xor_sync(kFullMask, best, laneMask);
        best = (other > best) ? other : best;
    }

    normalised[element] = live ? value / rowSum : 0.0f;

    // Three questions about the whole warp, one instruction each. The lanes
    // with no data vote the identity of the question they are in, which is
    // how all 32 can stay named in the mask without changing an answer.
    const unsigned int liveMask = __ballot_sync(kFullMask, live);
    const int liveCount = __popc(liveMask);
    const int anyAboveHighWater = __any_sync(kFullMask, live && value > kHighWater);
    const int allAboveZero = __all_sync(kFullMask, !live || value > 0.0f);

    // The exercise: argmax[row], the lowest lane holding the max. To try it
    // yourself, delete the marked block below, its two ---- lines included:
    // argmaxLane then stays kArgmaxNotWritten, and the report and the
    // exercise's check fail until your own code in its place sets it.
    int argmaxLane = kArgmaxNotWritten;
    // ---- Exercise solution ----
    // Every lane already holds `best`, so one ballot marks the lanes whose own
    // value equals it, and __ffs finds the lowest set bit (1-based, hence - 1).
    const unsigned int holders = __ballot_sync(kFullMask, live && value == best);
    argmaxLane = __ffs(static_cast<int>(holders)) - 1;
    // ---- end of solution ----

    if (lane == 0) {
        sums[row] = rowSum;
        maxes[row] = best;
        liveCounts[row] = liveCount;
        anyHigh[row] = anyAboveHighWater;
        allPositive[row] = allAboveZero;
        argmax[row] = argmaxLane;
    }
}

// Contract of reduceRowsShared.
//   Who must arrive: all 32 lanes of a warp reach every __syncwarp(), which is
//   why it may be called with its default full mask. Each warp touches only
//   its own 32-float slice of each tile, so no other warp is waited for and
//   no __syncthreads() is needed.
//   Who holds what: lane 0's tile slots hold the sum and the max at the end;
//   lane 0 writes them. Dead lanes store 0 in the sum tile and kMaxIdentity
//   in the max tile.
//   Order: lane L < offset adds slot L + offset into slot L, offsets 16 to 1,
//   the same additions in the same order as the shuffle ladder, so the sums
//   equal reduceRowsPadded's bit for bit.
//   Example: values 1, 2, ..., 20 give sum 210 and max 20 in slot 0.
__global__ void reduceRowsShared(const float* __restrict__ in, int rows, float* __restrict__ sums,
                                 float* __restrict__ maxes) {
    // Two tiles of 8 warps x 32 floats: 2 x 8 x 32 x 4 = 2048 bytes per block,
    // the number cudaFuncGetAttributes reports and the report prints.
    __shared__ float sumTile[kWarpsPerBlock][kWarpSize];
    __shared__ float maxTile[kWarpsPerBlock][kWarpSize];

    const int warp = threadIdx.x / kWarpSize;
    const int lane = threadIdx.x % kWarpSize;
    const int row = blockIdx.x * kWarpsPerBlock + warp;
    if (row >= rows) {
        return;  // the whole warp leaves together, and no other warp waits for it
    }

    const bool live = lane < kLiveColumns;
    const float value = live ? in[static_cast<size_t>(row) * kStride + lane] : kSumIdentity;
    float* mySums = sumTile[warp];
    float* myMaxes = maxTile[warp];
    mySums[lane] = value;
    myMaxes[lane] = live ? value : kMaxIdentity;
    // Lanes are not guaranteed to run in step (independent thread scheduling,
    // compute capability 7.0 on), so without this a lane could read a slot
    // another lane has not stored yet.
    __syncwarp();

    for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
        if (lane < offset) {
            mySums[lane] += mySums[lane + offset];
            const float other = myMaxes[lane + offset];
            myMaxes[lane] = (other > myMaxes[lane]) ? other : myMaxes[lane];
        }
        // Outside the `if`, so all 32 lanes arrive: the next step reads slots
        // this step wrote, and this orders those writes before those reads.
        __syncwarp();
    }

    if (lane == 0) {
        sums[row] = mySums[0];
        maxes[row] = myMaxes[0];
    }
}

// Contract of reduceRowsBallotDown: WRONG ON PURPOSE, never gated.
//   Who must arrive: every lane reaches the ballot, so kFullMask is right
//   there. The ladder then runs inside `if (live)` with liveMask = 0x000fffff,
//   and exactly the lanes it names (0-19) arrive: every mask rule holds.
//   Who holds what: lane 0 should hold the sum, but it does not have to. A
//   shuffle may only read a lane that takes part in it, and at offset 16 lane 4
//   reads lane 20, which liveMask does not name and which is not running this
//   line. Lanes 4-15 read 20-31 at offset 16, lanes 12-19 read 20-27 at offset
//   8, and so on: each such value is undefined. Dead lanes carry nothing,
//   because they are not there.
//   Example: values 1, ..., 20 give 210 in lane 0 only if every undefined read
//   happens to return 0.0; a driver may return anything.
__global__ void reduceRowsBallotDown(const float* __restrict__ in, int rows, float* __restrict__ sums) {
    const int lane = threadIdx.x % kWarpSize;
    const int row = blockIdx.x * kWarpsPerBlock + threadIdx.x / kWarpSize;
    if (row >= rows) {
        return;
    }
    const bool live = lane < kLiveColumns;

    // Every lane reaches the ballot. liveMask comes back as 0x000fffff, lanes
    // 0 to 19: a legal mask, and what the canonical example tells you to pass.
    const unsigned int liveMask = __ballot_sync(kFullMask, live);
    if (live) {
        float sum = in[static_cast<size_t>(row) * kStride + lane];
        for (unsigned int offset = kWarpSize / 2; offset > 0; offset /= 2) {
            // Legal mask, undefined read: at offset 16 lane 4 asks for lane 20,
            // which is absent. The mask says who must turn up; it cannot make
            // an absent lane readable.
            sum += __shfl_down_sync(liveMask, sum, offset);
        }
        if (lane == 0) {
            sums[row] = sum;
        }
    }
}

// ---- Input: fixed, the same on every run and every machine -------------------

// A 64-bit linear congruential generator (Knuth's MMIX constants). Written out
// rather than taken from <random>, whose distributions the C++ standard leaves
// to each library, so the rows are identical under every compiler.
struct RowGenerator {
    std::uint64_t state;
    // A whole number in [low, high), from the generator's top bits.
    int nextInt(int low, int high) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        const std::uint64_t top = state >> 33;  // 31 well-mixed bits
        return low + static_cast<int>(top % static_cast<std::uint64_t>(high - low));
    }
};

constexpr std::uint64_t kSeed = 20260830;  // the page's capture date
constexpr int kSteps = 4096;               // values are multiples of 1/4096, so every one is exact in float

// Fills rows x 32 floats. Live columns hold multiples of 1/4096: in [-0.25, 1)
// for most rows, in (0, 1) for every fourth row, so both outcomes of the
// all-vote occur; about half the rows have a value above kHighWater, so both
// outcomes of the any-vote occur. A row is drawn again while its max is tied
// (argmax must be unambiguous) or its sum is within 1 of zero (normalising
// by a near-zero sum would turn rounding into nonsense). Padding columns hold
// NaN: a kernel that reads them instead of using the identity shows it.
std::vector<float> makeInput(int rows) {
    std::vector<float> in(static_cast<size_t>(rows) * kStride, std::numeric_limits<float>::quiet_NaN());
    RowGenerator generator{kSeed};
    for (int row = 0; row < rows; ++row) {
        const int lowest = (row % 4 == 0) ? 1 : -kSteps / 4;
        float* values = &in[static_cast<size_t>(row) * kStride];
        for (;;) {
            int steps[kLiveColumns];
            long sumOfSteps = 0;
            for (int column = 0; column < kLiveColumns; ++column) {
                steps[column] = generator.nextInt(lowest, kSteps);
                sumOfSteps += steps[column];
            }
            const int maxSteps = *std::max_element(steps, steps + kLiveColumns);
            if (std::count(steps, steps + kLiveColumns, maxSteps) == 1 && std::labs(sumOfSteps) >= kSteps) {
                for (int column = 0; column < kLiveColumns; ++column) {
                    values[column] = static_cast<float>(steps[column]) / kSteps;
                }
                break;
            }
        }
    }
    return in;
}

// ---- CPU reference: the sum in double, more exact than the float ladder it judges
struct ReferenceRow {
    double sum;
    float max;
    int argmax, liveCount, anyHigh, allPositive;
    double sumOfMagnitudes;  // scales the sum tolerance: float error grows with |values|, not with the sum
};

ReferenceRow referenceRow(const float* values) {
    ReferenceRow reference{0.0, values[0], 0, kLiveColumns, 0, 1, 0.0};
    for (int column = 0; column < kLiveColumns; ++column) {
        reference.sum += values[column];
        reference.sumOfMagnitudes += std::fabs(values[column]);
        if (values[column] > reference.max) {
            reference.max = values[column];
            reference.argmax = column;
        }
        reference.anyHigh |= values[column] > kHighWater;
        reference.allPositive &= values[column] > 0.0f;
    }
    return reference;
}

bool sumIsRight(float got, const ReferenceRow& reference) {
    // NaN fails this comparison, so a poisoned (never written) sum counts as wrong.
    return std::fabs(static_cast<double>(got) - reference.sum) <= kRelativeTolerance * reference.sumOfMagnitudes;
}

bool normalisedIsRight(float got, int column, const float* values, const ReferenceRow& reference) {
    if (column >= kLiveColumns) {
        return got == 0.0f;  // dead columns are written as 0
    }
    const double expected = values[column] / reference.sum;
    return std::fabs(static_cast<double>(got) - expected) <= kRelativeTolerance * std::fabs(expected);
}

bool sameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// ---- Checking every CUDA call ------------------------------------------------

// The compute capability of the device in use, so a "no kernel image" error
// can say exactly which -arch to rebuild with. Zero until a device is chosen.
static int gDeviceMajor = 0, gDeviceMinor = 0;

// Prints the failing call's text, file and line, then exits 3 (no usable
// device) or 4 (any other CUDA error). Every runtime call goes through CUDA_CHECK.
void failOnCudaError(cudaError_t error, const char* call, const char* file, int line) {
    std::fprintf(stderr, "CUDA error: %s\n  at %s:%d\n  %s: %s\n", call, file, line,
                 cudaGetErrorName(error), cudaGetErrorString(error));
    if (error == cudaErrorNoDevice || error == cudaErrorInsufficientDriver) {
        std::fprintf(stderr, "no usable CUDA device: no GPU, or a driver older than the CUDA this was built with.\n"
                             "With no GPU, run this file on the CPU warp emulator, from the project folder:\n"
                             "  emulator/emulate shuffles.cu\n");
        std::exit(kExitNoDevice);
    }
    if (error == cudaErrorNoKernelImageForDevice || error == cudaErrorInvalidDeviceFunction ||
        error == cudaErrorUnsupportedPtxVersion) {
        std::fprintf(stderr,
                     "this binary holds no code this GPU (compute capability %d.%d) can run with this driver;\n"
                     "rebuild for it: nvcc -std=c++17 -O3 -arch=sm_%d%d -o shuffles shuffles.cu\n",
                     gDeviceMajor, gDeviceMinor, gDeviceMajor, gDeviceMinor);
    }
    std::exit(kExitCudaError);
}

#define CUDA_CHECK(call)                                                                          \
    do {                                                                                          \
        const cudaError_t cudaCheckError = (call);                                                \
        if (cudaCheckError != cudaSuccess) failOnCudaError(cudaCheckError, #call, __FILE__, __LINE__); \
    } while (0)

// ---- Running the kernels -----------------------------------------------------

// Everything the three kernels write, copied back to the host.
struct Results {
    std::vector<float> paddedSums, paddedMaxes, normalised, sharedSums, sharedMaxes, ballotDownSums;
    std::vector<int> liveCounts, anyHigh, allPositive, argmax;
};

int blocksFor(int rows) { return (rows + kWarpsPerBlock - 1) / kWarpsPerBlock; }

template <typename T>
T* deviceArray(size_t count) {
    T* pointer = nullptr;
    CUDA_CHECK(cudaMalloc(&pointer, count * sizeof(T)));
    // Poison: every byte 0xff is NaN as a float and -1 as an int, so an
    // element the kernel never writes can never pass for a right answer.
    CUDA_CHECK(cudaMemset(pointer, 0xff, count * sizeof(T)));
    return pointer;
}

template <typename T>
std::vector<T> copyBackAndFree(T* device, size_t count) {
    std::vector<T> host(count);
    CUDA_CHECK(cudaMemcpy(host.data(), device, count * sizeof(T), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(device));
    return host;
}

// Checks the launch just made, then waits for the kernel and checks its run.
void waitForKernel() {
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
}

// Launches each kernel once on freshly poisoned outputs, and lets each finish
// before the next one starts.
Results runKernels(const std::vector<float>& input, int rows) {
    const size_t rowCount = static_cast<size_t>(rows);
    const size_t elementCount = rowCount * kStride;
    float* in = nullptr;
    CUDA_CHECK(cudaMalloc(&in, elementCount * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(in, input.data(), elementCount * sizeof(float), cudaMemcpyHostToDevice));
    const int blocks = blocksFor(rows);

    float* paddedSums = deviceArray<float>(rowCount);
    float* paddedMaxes = deviceArray<float>(rowCount);
    float* normalised = deviceArray<float>(elementCount);
    int* liveCounts = deviceArray<int>(rowCount);
    int* anyHigh = deviceArray<int>(rowCount);
    int* allPositive = deviceArray<int>(rowCount);
    int* argmax = deviceArray<int>(rowCount);
    reduceRowsPadded<<<blocks, kThreadsPerBlock>>>(in, rows, paddedSums, paddedMaxes, normalised, liveCounts,
                                                   anyHigh, allPositive, argmax);
    waitForKernel();

    float* sharedSums = deviceArray<float>(rowCount);
    float* sharedMaxes = deviceArray<float>(rowCount);
    reduceRowsShared<<<blocks, kThreadsPerBlock>>>(in, rows, sharedSums, sharedMaxes);
    waitForKernel();

    float* ballotDownSums = deviceArray<float>(rowCount);
    reduceRowsBallotDown<<<blocks, kThreadsPerBlock>>>(in, rows, ballotDownSums);
    waitForKernel();

    const Results results{copyBackAndFree(paddedSums, rowCount),  copyBackAndFree(paddedMaxes, rowCount),
                          copyBackAndFree(normalised, elementCount), copyBackAndFree(sharedSums, rowCount),
                          copyBackAndFree(sharedMaxes, rowCount), copyBackAndFree(ballotDownSums, rowCount),
                          copyBackAndFree(liveCounts, rowCount),  copyBackAndFree(anyHigh, rowCount),
                          copyBackAndFree(allPositive, rowCount), copyBackAndFree(argmax, rowCount)};
    CUDA_CHECK(cudaFree(in));
    return results;
}

// ---- Checking the results against the CPU reference --------------------------

struct Verdict {
    int paddedSumsWrong = 0, paddedMaxesWrong = 0, sharedSumsWrong = 0, sharedMaxesWrong = 0;
    int ballotDownSumsWrong = 0;  // reported, never gated
    int rowsDifferingBitForBit = 0;
    long normalisedWrong = 0;
    int liveCountsWrong = 0, votesWrong = 0, argmaxWrong = 0;
    int argmaxNotWritten = 0;  // rows whose argmax is still kArgmaxNotWritten

    bool gatedKernelsMatched() const {
        return paddedSumsWrong == 0 && paddedMaxesWrong == 0 && sharedSumsWrong == 0 && sharedMaxesWrong == 0 &&
               rowsDifferingBitForBit == 0 && normalisedWrong == 0 && liveCountsWrong == 0 && votesWrong == 0 &&
               argmaxWrong == 0;
    }
};

Verdict checkResults(const std::vector<float>& input, int rows, const Results& results) {
    Verdict verdict;
    for (int row = 0; row < rows; ++row) {
        const float* values = &input[static_cast<size_t>(row) * kStride];
        const ReferenceRow reference = referenceRow(values);
        verdict.paddedSumsWrong += !sumIsRight(results.paddedSums[row], reference);
        verdict.paddedMaxesWrong += results.paddedMaxes[row] != reference.max;
        verdict.sharedSumsWrong += !sumIsRight(results.sharedSums[row], reference);
        verdict.sharedMaxesWrong += results.sharedMaxes[row] != reference.max;
        verdict.ballotDownSumsWrong += !sumIsRight(results.ballotDownSums[row], reference);
        verdict.rowsDifferingBitForBit += !sameBits(results.paddedSums[row], results.sharedSums[row]) ||
                                          !sameBits(results.paddedMaxes[row], results.sharedMaxes[row]);
        for (int column = 0; column < kStride; ++column) {
            const float got = results.normalised[static_cast<size_t>(row) * kStride + column];
            verdict.normalisedWrong += !normalisedIsRight(got, column, values, reference);
        }
        verdict.liveCountsWrong += results.liveCounts[row] != reference.liveCount;
        verdict.votesWrong +=
            results.anyHigh[row] != reference.anyHigh || results.allPositive[row] != reference.allPositive;
        verdict.argmaxWrong += results.argmax[row] != reference.argmax;
        verdict.argmaxNotWritten += results.argmax[row] == kArgmaxNotWritten;
    }
    return verdict;
}

// ---- The report --------------------------------------------------------------

struct KernelAttributes { const char* name; cudaFuncAttributes attributes; };

void printReport(const cudaDeviceProp& properties, int rows, const KernelAttributes (&kernels)[3],
                 const Verdict& verdict) {
    const int blocks = blocksFor(rows);
    const long long warps = static_cast<long long>(blocks) * kWarpsPerBlock;
    std::printf("GPU: %s (compute capability %d.%d)\n", properties.name, properties.major, properties.minor);
    std::printf("warpSize from the driver: %d, compiled against: %d\n", properties.warpSize, kWarpSize);
    std::printf("rows = %d, %d live columns in a %d column stride, %d threads per block, %d blocks\n", rows,
                kLiveColumns, kStride, kThreadsPerBlock, blocks);
    std::printf("%lld warps launched, %lld of them own no row\n", warps, warps - rows);

    // The page's central claim is the shared/block column, and it is printed
    // rather than checked: a gate on the claim under test could not fail.
    std::printf("\nKernel attributes, from cudaFuncGetAttributes\n");
    std::printf("%-25s%12s%11s%15s\n", "kernel", "shared/block", "registers", "local/thread");
    for (const KernelAttributes& kernel : kernels) {
        std::printf("%-25s%12zu%11d%15zu\n", kernel.name, kernel.attributes.sharedSizeBytes,
                    kernel.attributes.numRegs, kernel.attributes.localSizeBytes);
    }

    std::printf("\nCorrectness against the CPU reference, %d rows\n", rows);
    std::printf("%-24s%10s%13s\n", "kernel", "sums wrong", "maxes wrong");
    std::printf("%-24s%10d%13d\n", "reduceRowsPadded", verdict.paddedSumsWrong, verdict.paddedMaxesWrong);
    std::printf("%-24s%10d%13d\n", "reduceRowsShared", verdict.sharedSumsWrong, verdict.sharedMaxesWrong);
    std::printf("%-24s%10d%13s\n", "reduceRowsBallotDown", verdict.ballotDownSumsWrong, "-");
    if (verdict.ballotDownSumsWrong == 0) {
        std::printf("  every row came out right, which is a fact about this driver and not about the code\n");
    } else {
        std::printf("  %d of %d rows came out wrong: their shuffles read lanes that were not taking part\n",
                    verdict.ballotDownSumsWrong, rows);
    }

    std::printf("\nreduceRowsPadded against reduceRowsShared: %d of %d rows differ bit for bit\n",
                verdict.rowsDifferingBitForBit, rows);
    std::printf("normalised elements outside a %g relative tolerance: %ld of %lld\n", kRelativeTolerance,
                verdict.normalisedWrong, static_cast<long long>(rows) * kStride);
    std::printf("__popc(__ballot_sync(...)) disagrees with %d on %d rows\n", kLiveColumns, verdict.liveCountsWrong);
    std::printf("__any_sync and __all_sync disagree with the reference on %d rows\n", verdict.votesWrong);
    // The page's transcript predates the exercise, so argmax gets a line only
    // when it is wrong (for example while you are writing your own).
    if (verdict.argmaxWrong != 0) {
        std::printf("argmax disagrees with the reference on %d rows\n", verdict.argmaxWrong);
    }
    if (verdict.argmaxNotWritten == rows) {
        std::printf("  argmax is %d on every row: the exercise is not written yet (see reduceRowsPadded)\n",
                    kArgmaxNotWritten);
    }

    std::printf(verdict.gatedKernelsMatched() ? "\nevery gated kernel matched the CPU reference\n"
                                              : "\na gated kernel disagreed with the CPU reference (see the counts above)\n");
}

// ---- main --------------------------------------------------------------------

// --rows N, or nothing: the row count. Anything else prints the usage and
// exits 2 (or 0 for --help), with nothing on stdout but the help.
int parseRows(int argc, char** argv) {
    const char* usage = "usage: shuffles [--rows N]   (N from 1 to %d; %d when not given)\n";
    if (argc == 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
        std::printf(usage, kMaxRows, kDefaultRows);
        std::exit(kExitMatched);
    }
    if (argc == 1) {
        return kDefaultRows;
    }
    char* end = nullptr;
    const long rows = argc == 3 && std::strcmp(argv[1], "--rows") == 0 ? std::strtol(argv[2], &end, 10) : 0;
    if (end == nullptr || end == argv[2] || *end != '\0' || rows < 1 || rows > kMaxRows) {
        std::fprintf(stderr, "shuffles: these arguments are not --rows N with N from 1 to %d\n", kMaxRows);
        std::fprintf(stderr, usage, kMaxRows, kDefaultRows);
        std::exit(kExitBadArguments);
    }
    return static_cast<int>(rows);
}

int main(int argc, char** argv) {
    const int rows = parseRows(argc, argv);

    int deviceCount = 0;
    CUDA_CHECK(cudaGetDeviceCount(&deviceCount));  // exits 3 when there is no device or driver
    cudaDeviceProp properties;
    CUDA_CHECK(cudaGetDeviceProperties(&properties, 0));
    gDeviceMajor = properties.major, gDeviceMinor = properties.minor;

    // Asking for the attributes is also the first moment the runtime looks for
    // code this GPU can run, so a wrong -arch is reported here, before any output.
    KernelAttributes kernels[3] = {{"reduceRowsPadded", {}}, {"reduceRowsShared", {}}, {"reduceRowsBallotDown", {}}};
    CUDA_CHECK(cudaFuncGetAttributes(&kernels[0].attributes, reduceRowsPadded));
    CUDA_CHECK(cudaFuncGetAttributes(&kernels[1].attributes, reduceRowsShared));
    CUDA_CHECK(cudaFuncGetAttributes(&kernels[2].attributes, reduceRowsBallotDown));

    const std::vector<float> input = makeInput(rows);
    const Results results = runKernels(input, rows);
    const Verdict verdict = checkResults(input, rows, results);
    printReport(properties, rows, kernels, verdict);
    // reduceRowsBallotDown is reported above but never decides the exit code:
    // its answer is undefined, so neither "right" nor "wrong" proves anything.
    return verdict.gatedKernelsMatched() ? kExitMatched : kExitMismatch;
}
