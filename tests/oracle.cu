// oracle.cu: every output of the gated kernels, and of the width-8 variant in
// reduce_rows_width8.cuh, checked against reference.hpp.
//
// Includes shuffles.cu and runs its kernels, then judges every output with the independent
// oracle in reference.hpp, never with shuffles.cu's self-check. Inputs: the
// program's own rows at many sizes, the exercise's tie case (with its rows of
// infinities), general rows (wider range, negative maxima) and rows with
// infinities in every lane, none of which the program's generator makes.
//
// Usage: oracle [ROWS ...]   (no arguments: the sizes the CTest test names)
// Exit: 0 all matched, 1 a mismatch, 3 no usable GPU, 4 a CUDA error.

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>
// shuffles.cu's main() renamed, so that this file's is the program's.
#define main shufflesMain
#include "../shuffles.cu"
#undef main
#include "../bench/reduce_rows_width8.cuh"
#include "../reference.hpp"

static_assert(kLiveColumns == reference::kLiveColumns && kStride == reference::kStride,
              "shuffles.cu and reference.hpp disagree on the row geometry");
static_assert(kHighWater == reference::kHighWater, "shuffles.cu and reference.hpp disagree on kHighWater");

using reference::Check;

// Rows the program's generator never makes: values in [-1000, 1000) with
// about one row in five entirely negative, kept away from cancellation
// (|sum| >= sum of |values| / 10) so the float sum stays meaningful.
std::vector<float> makeGeneralRows(int rows) {
    std::vector<float> in(static_cast<size_t>(rows) * kStride, std::numeric_limits<float>::quiet_NaN());
    reference::SplitMix64 generator{0x6f7261636c65ull};  // "oracle"
    for (int row = 0; row < rows; ++row) {
        float* values = &in[static_cast<size_t>(row) * kStride];
        const bool allNegative = generator.below(5) == 0;
        for (;;) {
            double sum = 0.0, magnitude = 0.0;
            for (int column = 0; column < kLiveColumns; ++column) {
                const float unit = static_cast<float>(generator.next() >> 40) * 0x1.0p-24f;  // [0, 1), exact
                values[column] = allNegative ? -1000.0f * unit - 1.0f : 2000.0f * unit - 600.0f;
                sum += values[column];
                magnitude += std::fabs(values[column]);
            }
            if (std::fabs(sum) >= 1.0 && std::fabs(sum) >= magnitude / 10) {
                break;
            }
        }
    }
    return in;
}

// Rows with infinities, which IEEE 754 and reference.hpp's contract give
// exact answers: for every lane L, general finite values with +inf at L (max
// and argmax L, sum +inf), with -inf at L (sum -inf), with +inf at L and -inf
// at another lane (sum NaN), and with -inf everywhere but L (argmax L); then a
// row of twenty -inf (argmax 0) and one of twenty +inf (argmax 0). An
// infinity in every lane position puts it at every step of the butterfly.
std::vector<float> makeInfinityRows() {
    std::vector<float> in = makeGeneralRows(4 * kLiveColumns);
    const float infinity = std::numeric_limits<float>::infinity();
    for (int lane = 0; lane < kLiveColumns; ++lane) {
        auto row = [&](int kind) { return &in[static_cast<size_t>(4 * lane + kind) * kStride]; };
        row(0)[lane] = infinity;
        row(1)[lane] = -infinity;
        row(2)[lane] = infinity;
        row(2)[(lane + 7) % kLiveColumns] = -infinity;
        for (int column = 0; column < kLiveColumns; ++column) {
            if (column != lane) {
                row(3)[column] = -infinity;
            }
        }
    }
    for (const float value : {-infinity, infinity}) {
        in.resize(in.size() + kStride, std::numeric_limits<float>::quiet_NaN());
        std::fill(in.end() - kStride, in.end() - (kStride - kLiveColumns), value);
    }
    return in;
}

// reduceRowsWidth8's outputs, on freshly poisoned arrays.
struct Width8Results {
    std::vector<float> sums, maxes, normalised;
};

Width8Results runWidth8(const std::vector<float>& input, int rows) {
    const size_t rowCount = static_cast<size_t>(rows);
    float* in = nullptr;
    CUDA_CHECK(cudaMalloc(&in, input.size() * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(in, input.data(), input.size() * sizeof(float), cudaMemcpyHostToDevice));
    float* sums = deviceArray<float>(rowCount);
    float* maxes = deviceArray<float>(rowCount);
    float* normalised = deviceArray<float>(input.size());
    reduceRowsWidth8<<<blocksForWidth8(rows), kThreadsPerBlock>>>(in, rows, sums, maxes, normalised);
    waitForKernel();
    Width8Results results{copyBackAndFree(sums, rowCount), copyBackAndFree(maxes, rowCount),
                          copyBackAndFree(normalised, input.size())};
    CUDA_CHECK(cudaFree(in));
    return results;
}

// Runs the gated kernels and the width-8 variant on `input` and judges every
// output; returns true when all match.
bool checkCase(const std::string& name, const std::vector<float>& input) {
    const int rows = static_cast<int>(input.size() / kStride);
    const Results results = runKernels(input, rows);
    const Width8Results width8 = runWidth8(input, rows);

    Check paddedSums("reduceRowsPadded sums"), paddedMaxes("reduceRowsPadded maxes"),
        normalised("reduceRowsPadded normalised rows"), liveCounts("reduceRowsPadded live counts"),
        anyHigh("reduceRowsPadded __any_sync"), allPositive("reduceRowsPadded __all_sync"),
        argmax("reduceRowsPadded argmax"), sharedSums("reduceRowsShared sums"),
        sharedMaxes("reduceRowsShared maxes"), bitForBit("reduceRowsShared sums and maxes bit for bit"),
        width8Sums("reduceRowsWidth8 sums"), width8Maxes("reduceRowsWidth8 maxes"),
        width8Normalised("reduceRowsWidth8 normalised rows");
    auto f = Check::formatFloat;
    auto i = Check::formatInt;
    for (int row = 0; row < rows; ++row) {
        const float* values = &input[static_cast<size_t>(row) * kStride];
        const reference::Row r = reference::reduceRow(values);
        // Each description is formatted only when its row is wrong.
        auto pair = [](std::string expected, std::string got) { return std::make_pair(expected, got); };
        paddedSums.recordLazily(reference::sumMatches(results.paddedSums[row], r), row,
                                [&] { return pair(std::to_string(r.sum), f(results.paddedSums[row])); });
        paddedMaxes.recordLazily(results.paddedMaxes[row] == r.max, row,
                                 [&] { return pair(f(r.max), f(results.paddedMaxes[row])); });
        // A normalised row is wrong when any of its 32 columns is; the first such column describes it.
        auto checkNormalisedRow = [&](Check& check, const std::vector<float>& got) {
            const float* columns = &got[static_cast<size_t>(row) * kStride];
            int firstWrong = 0;
            while (firstWrong < kStride && reference::normalisedMatches(columns[firstWrong], values, r, firstWrong)) {
                ++firstWrong;
            }
            check.recordLazily(firstWrong == kStride, row, [&] {
                const std::string column = "column " + i(firstWrong) + " = ";
                return pair(column + std::to_string(reference::normalisedValue(values, r, firstWrong)),
                            column + f(columns[firstWrong]));
            });
        };
        checkNormalisedRow(normalised, results.normalised);
        checkNormalisedRow(width8Normalised, width8.normalised);
        width8Sums.recordLazily(reference::sumMatches(width8.sums[row], r), row,
                                [&] { return pair(std::to_string(r.sum), f(width8.sums[row])); });
        width8Maxes.recordLazily(width8.maxes[row] == r.max, row,
                                 [&] { return pair(f(r.max), f(width8.maxes[row])); });
        liveCounts.recordLazily(results.liveCounts[row] == r.liveCount, row,
                                [&] { return pair(i(r.liveCount), i(results.liveCounts[row])); });
        anyHigh.recordLazily(results.anyHigh[row] == r.anyHigh, row,
                             [&] { return pair(i(r.anyHigh), i(results.anyHigh[row])); });
        allPositive.recordLazily(results.allPositive[row] == r.allPositive, row,
                                 [&] { return pair(i(r.allPositive), i(results.allPositive[row])); });
        argmax.recordLazily(results.argmax[row] == r.argmax, row,
                            [&] { return pair(i(r.argmax), i(results.argmax[row])); });
        sharedSums.recordLazily(reference::sumMatches(results.sharedSums[row], r), row,
                                [&] { return pair(std::to_string(r.sum), f(results.sharedSums[row])); });
        sharedMaxes.recordLazily(results.sharedMaxes[row] == r.max, row,
                                 [&] { return pair(f(r.max), f(results.sharedMaxes[row])); });
        const bool same = std::memcmp(&results.paddedSums[row], &results.sharedSums[row], sizeof(float)) == 0 &&
                          std::memcmp(&results.paddedMaxes[row], &results.sharedMaxes[row], sizeof(float)) == 0;
        bitForBit.recordLazily(same, row, [&] {
            return pair(f(results.paddedSums[row]) + ", " + f(results.paddedMaxes[row]),
                        f(results.sharedSums[row]) + ", " + f(results.sharedMaxes[row]));
        });
    }

    bool passed = true;
    for (const Check* check : {&paddedSums, &paddedMaxes, &normalised, &liveCounts, &anyHigh, &allPositive, &argmax,
                               &sharedSums, &sharedMaxes, &bitForBit, &width8Sums, &width8Maxes, &width8Normalised}) {
        if (!check->passed()) {
            check->report(stdout, name, rows, input);
            passed = false;
        }
    }
    std::printf("%-36s %s\n", name.c_str(), passed ? "every gated output and reduceRowsWidth8 matched" : "MISMATCH (details above)");
    return passed;
}

int main(int argc, char** argv) {
#ifdef WARP_EMULATOR
    // reduceRowsBallotDown reads absent lanes on purpose and is never judged
    // here: its findings are expected. Any finding in another kernel still
    // makes the oracle fail (exit 66), whatever its values.
    warp_emulator::suppressFindingsIn("reduceRowsBallotDown");
#endif
    std::vector<int> sizes;
    for (int a = 1; a < argc; ++a) {
        sizes.push_back(std::atoi(argv[a]));
    }
    if (sizes.empty()) {
        sizes = {kDefaultRows, 1, 7, 31, 32, 33, 255, 256, 257, 1 << 20};
    }

    bool passed = true;
    for (int rows : sizes) {
        passed &= checkCase("program input, --rows " + std::to_string(rows), makeInput(rows));
    }
    passed &= checkCase("exercise tie case, " + std::to_string(reference::kTieCaseRows) + " rows",
                        reference::makeTieCase());
    passed &= checkCase("general rows, 4099 rows", makeGeneralRows(4099));
    const std::vector<float> infinityRows = makeInfinityRows();
    passed &= checkCase("rows with infinities, " + std::to_string(infinityRows.size() / kStride) + " rows",
                        infinityRows);
    std::printf(passed ? "oracle: every case matched reference.hpp\n" : "oracle: FAILED\n");
    return passed ? 0 : 1;
}
