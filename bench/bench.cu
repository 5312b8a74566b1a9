// bench.cu: what the kernels cost in time, against a device-to-device copy.
//
// Times every kernel of shuffles.cu, the width-8 variant in
// reduce_rows_width8.cuh, and cub::WarpReduce with reduceRowsPadded's
// one-row-per-warp mapping (the production baseline), on an input several
// times the L2 (2^23 rows by default: 1 GiB), so every run streams from DRAM.
// For each kernel it prints the median of the timed runs (CUDA events, after
// warm-up), the bytes its outputs require it to move, the resulting GB/s and
// that as a share of a device-to-device copy timed in the same run, the
// occupancy and the registers. Then it checks every kernel's sums and maxes
// against the CPU reference, so no figure belongs to a kernel that is wrong.
// The kernels are included, not copied.
//
// Build and run from the repository root (CMake builds it as `bench`; not
// `-o bench`, which is the folder this file is in):
//   nvcc -std=c++17 -O3 -arch=sm_90 -o shuffles-bench bench/bench.cu && ./shuffles-bench
// Usage: bench [--rows N] [--runs N]   (defaults 8388608 rows, 25 runs)
// Exit: 0 every kernel but reduceRowsBallotDown matched the CPU reference,
//       1 one did not, 2 bad arguments, 3 no usable GPU, 4 a CUDA error.

#include <cub/warp/warp_reduce.cuh>
#include <cuda/functional>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>
// shuffles.cu's main() renamed, so that this file's is the program's.
#define main shufflesMain
#include "../shuffles.cu"
#undef main
#ifdef WIDTH8_SOURCE  // another reduce_rows_width8.cuh to time (the evidence capture's experiment uses it)
#include WIDTH8_SOURCE
#else
#include "reduce_rows_width8.cuh"
#endif

// reduceRowsPadded's mapping and its sum, max and normalised row, with CUB's
// WarpReduce in place of the hand-written ladder and butterfly. The dead
// lanes carry the identities, as in reduceRowsPadded, so all 32 take part.
__global__ void reduceRowsCub(const float* __restrict__ in, int rows, float* __restrict__ sums,
                              float* __restrict__ maxes, float* __restrict__ normalised) {
    using WarpReduce = cub::WarpReduce<float>;
    __shared__ WarpReduce::TempStorage storage[kWarpsPerBlock];
    const int warp = threadIdx.x / kWarpSize;
    const int lane = threadIdx.x % kWarpSize;
    const int row = blockIdx.x * kWarpsPerBlock + warp;
    if (row >= rows) {
        return;  // the whole warp leaves together
    }
    const bool live = lane < kLiveColumns;
    const size_t element = static_cast<size_t>(row) * kStride + lane;
    const float value = live ? in[element] : kSumIdentity;
    const float sum = WarpReduce(storage[warp]).Sum(value);  // valid in lane 0 only
    const float rowSum = __shfl_sync(kFullMask, sum, 0);
    __syncwarp();  // the temporary storage is used again below
    const float best = WarpReduce(storage[warp]).Reduce(live ? value : kMaxIdentity, cuda::maximum<float>{});
    normalised[element] = live ? value / rowSum : 0.0f;
    if (lane == 0) {
        sums[row] = rowSum;
        maxes[row] = best;
    }
}

// The bytes a kernel's contract makes it move per row: it reads the 20 live
// values (80 B) and writes its outputs. Padding columns are never read.
constexpr double kReadBytes = kLiveColumns * sizeof(float);                    // 80
constexpr double kNormalisedBytes = kStride * sizeof(float);                   // 128: dead columns are written as 0
constexpr double kSumAndMaxBytes = 2 * sizeof(float);                          // 8
constexpr double kVoteAndArgmaxBytes = 4 * sizeof(int);                        // 16

struct Outputs {
    float *sums, *maxes, *normalised;
    int *liveCounts, *anyHigh, *allPositive, *argmax;
};

struct Kernel {
    const char* name;
    const char* note;
    double bytesPerRow;
    const void* function;
    void (*launch)(const float* in, int rows, const Outputs& out);
    bool gated;
};

const Kernel kKernels[] = {
    {"reduceRowsPadded", "reads 80, writes 128 + 8 + 16 (votes, argmax)",
     kReadBytes + kNormalisedBytes + kSumAndMaxBytes + kVoteAndArgmaxBytes,
     reinterpret_cast<const void*>(reduceRowsPadded),
     [](const float* in, int rows, const Outputs& out) {
         reduceRowsPadded<<<blocksFor(rows), kThreadsPerBlock>>>(in, rows, out.sums, out.maxes, out.normalised,
                                                                 out.liveCounts, out.anyHigh, out.allPositive,
                                                                 out.argmax);
     },
     true},
    {"reduceRowsShared", "reads 80, writes 8", kReadBytes + kSumAndMaxBytes,
     reinterpret_cast<const void*>(reduceRowsShared),
     [](const float* in, int rows, const Outputs& out) {
         reduceRowsShared<<<blocksFor(rows), kThreadsPerBlock>>>(in, rows, out.sums, out.maxes);
     },
     true},
    {"reduceRowsBallotDown", "reads 80, writes 4; wrong on purpose", kReadBytes + sizeof(float),
     reinterpret_cast<const void*>(reduceRowsBallotDown),
     [](const float* in, int rows, const Outputs& out) {
         reduceRowsBallotDown<<<blocksFor(rows), kThreadsPerBlock>>>(in, rows, out.sums);
     },
     false},
    {"reduceRowsWidth8", "reads 80, writes 128 + 8", kReadBytes + kNormalisedBytes + kSumAndMaxBytes,
     reinterpret_cast<const void*>(reduceRowsWidth8),
     [](const float* in, int rows, const Outputs& out) {
         reduceRowsWidth8<<<blocksForWidth8(rows), kThreadsPerBlock>>>(in, rows, out.sums, out.maxes,
                                                                       out.normalised);
     },
     true},
    {"reduceRowsCub", "reads 80, writes 128 + 8", kReadBytes + kNormalisedBytes + kSumAndMaxBytes,
     reinterpret_cast<const void*>(reduceRowsCub),
     [](const float* in, int rows, const Outputs& out) {
         reduceRowsCub<<<blocksFor(rows), kThreadsPerBlock>>>(in, rows, out.sums, out.maxes, out.normalised);
     },
     true},
};

constexpr int kWarmUpRuns = 3;

// The median of `runs` timed calls of `work`, in milliseconds, after warm-up.
template <typename Work>
float medianMilliseconds(int runs, Work work) {
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    for (int i = 0; i < kWarmUpRuns; ++i) {
        work();
    }
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<float> times;
    for (int i = 0; i < runs; ++i) {
        CUDA_CHECK(cudaEventRecord(start));
        work();
        CUDA_CHECK(cudaEventRecord(stop));
        CUDA_CHECK(cudaEventSynchronize(stop));
        CUDA_CHECK(cudaGetLastError());
        float milliseconds = 0.0f;
        CUDA_CHECK(cudaEventElapsedTime(&milliseconds, start, stop));
        times.push_back(milliseconds);
    }
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    std::sort(times.begin(), times.end());
    return runs % 2 == 1 ? times[runs / 2] : 0.5f * (times[runs / 2 - 1] + times[runs / 2]);
}

// A whole number from 1 up after argv[i], or exit 2.
int parseCount(int argc, char** argv, int& i) {
    const char* flag = argv[i];
    char* end = nullptr;
    const long value = i + 1 < argc ? std::strtol(argv[++i], &end, 10) : 0;
    if (end == nullptr || *end != '\0' || value < 1 || value > std::numeric_limits<int>::max()) {
        std::fprintf(stderr, "bench: %s needs a whole number from 1 up\nusage: bench [--rows N] [--runs N]\n", flag);
        std::exit(kExitBadArguments);
    }
    return static_cast<int>(value);
}

template <typename T>
std::vector<T> copyBack(const T* device, size_t count) {
    std::vector<T> host(count);
    CUDA_CHECK(cudaMemcpy(host.data(), device, count * sizeof(T), cudaMemcpyDeviceToHost));
    return host;
}

int main(int argc, char** argv) {
    int rows = 1 << 23;
    int runs = 25;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--rows") == 0) {
            rows = parseCount(argc, argv, i);
        } else if (std::strcmp(argv[i], "--runs") == 0) {
            runs = parseCount(argc, argv, i);
        } else {
            std::fprintf(stderr, "bench: unknown argument '%s'\nusage: bench [--rows N] [--runs N]\n", argv[i]);
            return kExitBadArguments;
        }
    }

    cudaDeviceProp properties;
    CUDA_CHECK(cudaGetDeviceProperties(&properties, 0));
    const size_t rowCount = static_cast<size_t>(rows);
    const size_t elementCount = rowCount * kStride;
    const size_t inputBytes = elementCount * sizeof(float);
    std::printf("bench: %s, %d SMs, L2 %d MiB\n", properties.name, properties.multiProcessorCount,
                properties.l2CacheSize >> 20);
    std::printf("rows = %d: input %.0f MiB (%.1f times the L2), %d threads per block\n", rows,
                inputBytes / 1048576.0, static_cast<double>(inputBytes) / properties.l2CacheSize, kThreadsPerBlock);
    std::printf("each figure: the median of %d runs timed with CUDA events, after %d warm-up runs\n\n", runs,
                kWarmUpRuns);

    const std::vector<float> input = makeInput(rows);
    float* in = nullptr;
    CUDA_CHECK(cudaMalloc(&in, inputBytes));
    CUDA_CHECK(cudaMemcpy(in, input.data(), inputBytes, cudaMemcpyHostToDevice));

    // The roofline: a copy of the input reads and writes every byte once.
    float* copy = nullptr;
    CUDA_CHECK(cudaMalloc(&copy, inputBytes));
    const float copyMs =
        medianMilliseconds(runs, [&] { CUDA_CHECK(cudaMemcpyAsync(copy, in, inputBytes, cudaMemcpyDeviceToDevice)); });
    CUDA_CHECK(cudaFree(copy));
    const double copyGBs = 2.0 * inputBytes / (copyMs * 1e6);
    std::printf("device-to-device copy of the input: %.3f ms, %.0f GB/s (bytes read + bytes written)\n\n", copyMs,
                copyGBs);

    Outputs out{deviceArray<float>(rowCount), deviceArray<float>(rowCount), deviceArray<float>(elementCount),
                deviceArray<int>(rowCount),   deviceArray<int>(rowCount),   deviceArray<int>(rowCount),
                deviceArray<int>(rowCount)};
    std::printf("%-21s%10s%11s%9s%11s%10s%11s%6s%11s  %s\n", "kernel", "bytes/row", "median ms", "GB/s", "% of copy",
                "Grows/s", "vs Padded", "regs", "warps/SM", "bytes per row");
    double paddedRowsPerSecond = 0.0;
    bool allRight = true;
    std::string verdicts;
    for (const Kernel& kernel : kKernels) {
        CUDA_CHECK(cudaMemset(out.sums, 0xff, rowCount * sizeof(float)));
        CUDA_CHECK(cudaMemset(out.maxes, 0xff, rowCount * sizeof(float)));
        const float ms = medianMilliseconds(runs, [&] { kernel.launch(in, rows, out); });
        const double rowsPerSecond = rows / (ms * 1e-3);
        if (kernel.function == reinterpret_cast<const void*>(reduceRowsPadded)) {
            paddedRowsPerSecond = rowsPerSecond;
        }
        const double gbs = kernel.bytesPerRow * rows / (ms * 1e6);
        cudaFuncAttributes attributes;
        CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel.function));
        int blocksPerSM = 0;
        CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSM, kernel.function, kThreadsPerBlock, 0));
        char warps[16];
        std::snprintf(warps, sizeof warps, "%d of %d", blocksPerSM * kWarpsPerBlock,
                      properties.maxThreadsPerMultiProcessor / kWarpSize);
        std::printf("%-21s%10.0f%11.3f%9.0f%10.1f%%%10.2f%10.2fx%6d%11s  %s\n", kernel.name, kernel.bytesPerRow, ms,
                    gbs, 100.0 * gbs / copyGBs, rowsPerSecond / 1e9, rowsPerSecond / paddedRowsPerSecond,
                    attributes.numRegs, warps, kernel.note);

        // The last timed run's sums and maxes, against the CPU reference.
        const std::vector<float> sums = copyBack(out.sums, rowCount);
        const std::vector<float> maxes = copyBack(out.maxes, rowCount);
        long sumsWrong = 0, maxesWrong = 0;
        for (size_t row = 0; row < rowCount; ++row) {
            const ReferenceRow reference = referenceRow(&input[row * kStride]);
            sumsWrong += !sumIsRight(sums[row], reference);
            maxesWrong += maxes[row] != reference.max;
        }
        const bool right = sumsWrong == 0 && (maxesWrong == 0 || !kernel.gated);
        allRight &= right || !kernel.gated;
        char verdict[200];
        std::snprintf(verdict, sizeof verdict, "  %-21s sums wrong %ld of %d, maxes wrong %s%s\n", kernel.name, sumsWrong,
                      rows, kernel.gated ? std::to_string(maxesWrong).c_str() : "- (no max)",
                      kernel.gated ? "" : "; wrong on purpose, never gated");
        verdicts += verdict;
    }
    for (void* pointer : {static_cast<void*>(in), static_cast<void*>(out.sums), static_cast<void*>(out.maxes),
                          static_cast<void*>(out.normalised), static_cast<void*>(out.liveCounts),
                          static_cast<void*>(out.anyHigh), static_cast<void*>(out.allPositive),
                          static_cast<void*>(out.argmax)}) {
        CUDA_CHECK(cudaFree(pointer));
    }
    std::printf("\nthe timed kernels' results, against the CPU reference:\n%s", verdicts.c_str());
    std::printf("%s\n", allRight ? "bench: every gated kernel was right" : "bench: FAILED, a gated kernel was wrong");
    return allRight ? 0 : 1;
}
