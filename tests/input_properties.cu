// input_properties.cu: the page's claims about its input, checked on the CPU.
// Includes shuffles.cu for makeInput() only; no kernel runs, no GPU needed.

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
#include "../reference.hpp"
#include "expect.hpp"

static_assert(kLiveColumns == reference::kLiveColumns && kStride == reference::kStride,
              "shuffles.cu and reference.hpp disagree on the row geometry");
static_assert(kHighWater == reference::kHighWater, "shuffles.cu and reference.hpp disagree on kHighWater");

int main() {
    const std::vector<float> input = makeInput(kDefaultRows);
    EXPECT(input.size() == static_cast<size_t>(kDefaultRows) * kStride);

    int ties = 0, anyHigh = 0, allPositive = 0, sumsNearZero = 0, paddingNotNan = 0;
    for (int row = 0; row < kDefaultRows; ++row) {
        const float* values = &input[static_cast<size_t>(row) * kStride];
        const reference::Row r = reference::reduceRow(values);
        ties += reference::hasTiedMax(values);
        anyHigh += r.anyHigh;
        allPositive += r.allPositive;
        sumsNearZero += std::fabs(r.sum) < 1.0;
        for (int column = kLiveColumns; column < kStride; ++column) {
            paddingNotNan += !std::isnan(values[column]);
        }
    }
    std::printf("standard input, %d rows: %d tied maxima, any-vote true on %d, all-vote true on %d, "
                "%d sums within 1 of zero\n", kDefaultRows, ties, anyHigh, allPositive, sumsNearZero);
    EXPECT(ties == 0);                                          // argmax is unambiguous, as the page says
    EXPECT(anyHigh > 0 && anyHigh < kDefaultRows);              // both outcomes of __any_sync occur
    EXPECT(allPositive > 0 && allPositive < kDefaultRows);      // both outcomes of __all_sync occur
    EXPECT(sumsNearZero == 0);
    EXPECT(paddingNotNan == 0);                                 // a kernel that reads padding gets NaN

    // Same rows on every run; and a prefix of a longer run is the shorter run.
    const std::vector<float> again = makeInput(kDefaultRows);
    EXPECT(std::memcmp(again.data(), input.data(), input.size() * sizeof(float)) == 0);
    const std::vector<float> shorter = makeInput(33);
    EXPECT(std::memcmp(shorter.data(), input.data(), shorter.size() * sizeof(float)) == 0);
    return expectFailures() == 0 ? 0 : 1;
}
