// reference.hpp: the harness's independent CPU oracle for shuffles.cu.
//
// Host-only C++17. shuffles.cu never includes this file, and this file copies
// nothing from shuffles.cu: it restates the row contract from the page and
// computes every output the slow, obvious way, so a mistake in the program's
// own self-check cannot hide a mistake in a kernel.
//
// The contract, for one row of kLiveColumns values inside a kStride stride:
//   sum          the sum of the live values, here in double
//   max          the largest live value
//   normalised   value / sum for live columns, exactly 0 for dead columns
//   liveCount    kLiveColumns
//   anyHigh      1 if any live value is above kHighWater, else 0
//   allPositive  1 if every live value is above 0, else 0
//   argmax       the lowest column holding the max. Ties go to the lowest
//                column; +0.0 and -0.0 compare equal, so they tie too.
//
// Infinities follow IEEE 754, as the kernels' float arithmetic does:
//   sum          +inf when a value is +inf and none is -inf, -inf the other
//                way round, NaN when both occur (inf + -inf is NaN)
//   normalised   with an infinite sum, a finite value gives 0 (of either
//                sign) and an infinite one NaN (inf / inf); with a NaN sum
//                every live column is NaN; dead columns stay exactly 0
//   max, argmax  +inf is the largest value and -inf the smallest, so a row
//                of twenty -inf has max -inf and argmax 0: every column
//                holds the max, and the lowest wins
// So a sum or a normalised value that is not finite matches only its like:
// the same infinity, or a NaN for a NaN. The harnesses fill every output with
// 0xff bytes before a launch, a NaN with all 32 bits set. inf - inf and
// inf / inf make a default NaN with fewer bits set (0xffc00000 on x86), so an
// output with all 32 was never written and matches nothing, not even a NaN;
// the oracle's rows with NaN sums show that on each machine it runs on.
//
// NaN policy: rows handed to the oracle must not contain NaN. With a NaN in a
// row, every `>` and `==` involving it is false, so the max and argmax depend
// on the order the comparisons happen in and have no single right answer.
// reduceRow() throws std::invalid_argument for such a row rather than pick one,
// and the generators here never produce one.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace reference {

constexpr int kLiveColumns = 20;
constexpr int kStride = 32;
constexpr float kHighWater = 0.95f;
constexpr double kRelativeTolerance = 1e-5;

struct Row {
    double sum = 0.0;
    double sumOfMagnitudes = 0.0;  // float rounding grows with the magnitudes added, so it scales the sum tolerance
    float max = 0.0f;
    int argmax = 0;
    int liveCount = 0;
    int anyHigh = 0;
    int allPositive = 1;
};

inline Row reduceRow(const float* values) {
    Row row;
    for (int column = 0; column < kLiveColumns; ++column) {
        const float value = values[column];
        if (std::isnan(value)) {
            throw std::invalid_argument("reference::reduceRow: a row holds NaN, which has no argmax (see the NaN policy)");
        }
        row.sum += value;
        row.sumOfMagnitudes += std::fabs(value);
        if (column == 0 || value > row.max) {  // strictly greater: a tie keeps the lower column
            row.max = value;
            row.argmax = column;
        }
        ++row.liveCount;
        if (value > kHighWater) {
            row.anyHigh = 1;
        }
        if (!(value > 0.0f)) {
            row.allPositive = 0;
        }
    }
    return row;
}

inline double normalisedValue(const float* values, const Row& row, int column) {
    return column < kLiveColumns ? values[column] / row.sum : 0.0;
}

// True for the 0xff-filled poison the harnesses write before each launch.
inline bool neverWritten(float got) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &got, sizeof bits);
    return bits == 0xffffffffu;
}

// For an expected value that is not finite: the same infinity, or any NaN
// that some arithmetic made. No tolerance helps here (inf - inf is NaN).
inline bool matchesNonFinite(float got, double expected) {
    if (std::isnan(expected)) {
        return std::isnan(got) && !neverWritten(got);
    }
    return static_cast<double>(got) == expected;
}

inline bool sumMatches(float got, const Row& row) {
    if (!std::isfinite(row.sum)) {
        return matchesNonFinite(got, row.sum);
    }
    return std::fabs(static_cast<double>(got) - row.sum) <= kRelativeTolerance * row.sumOfMagnitudes;
}

inline bool normalisedMatches(float got, const float* values, const Row& row, int column) {
    const double expected = normalisedValue(values, row, column);
    if (column >= kLiveColumns) {
        return got == 0.0f;
    }
    if (!std::isfinite(expected)) {
        return matchesNonFinite(got, expected);
    }
    // A finite value over an infinite sum expects 0, and this asks for exactly 0.
    return std::fabs(static_cast<double>(got) - expected) <= kRelativeTolerance * std::fabs(expected);
}

// True when two or more live columns hold the row's max.
inline bool hasTiedMax(const float* values) {
    const Row row = reduceRow(values);
    int holders = 0;
    for (int column = 0; column < kLiveColumns; ++column) {
        holders += values[column] == row.max;
    }
    return holders > 1;
}

// ---------------------------------------------------------------------------
// The tie case the exercise needs
// ---------------------------------------------------------------------------

// Row indices of the hand-made rows at the top of makeTieCase(). The planted-
// mistake tests name these rows as the smallest failing row they expect.
enum TieRow : int {
    kTieLanes0And19 = 0,      // the max at lanes 0 and 19: the highest-lane mistake fails here first
    kTieAdjacentLanes = 1,    // the max at lanes 7 and 8
    kTieAllEqual = 2,         // all twenty values equal
    kTieNegativeMax = 3,      // every value negative, the max tied at lanes 5 and 12
    kTieSignedZeros = 4,      // -0.0 at lane 3 and +0.0 at lane 11, the rest negative: argmax 3
    kTieSignedZerosSwapped = 5,  // +0.0 at lane 2 and -0.0 at lane 9, the rest negative: argmax 2
    kMaxOnlyInLane19 = 6,
    kMaxOnlyInLane0 = 7,
    kNegativeMaxNoTie = 8,    // every value negative, one max at lane 10
    kPlusInfinityLane6 = 9,   // +inf at lane 6, the rest 0.5: max +inf, sum +inf, normalised[6] NaN
    kTiedPlusInfinities = 10,  // +inf at lanes 4 and 17: argmax 4
    kMinusInfinityLane0 = 11,  // -inf at lane 0, the max -0.25 at lane 13: argmax 13, sum -inf
    kBothInfinities = 12,     // +inf at lane 9, -inf at lane 2: argmax 9, sum NaN, every normalised NaN
    kAllMinusInfinity = 13,   // twenty -inf (a fully masked softmax row): max -inf, argmax 0, sum -inf;
                              // a max identity of -FLT_MAX instead of -inf fails here first
    kFirstGeneratedTieRow = 14,
};

constexpr int kTieCaseRows = 1024;

// A small deterministic generator of its own (not shared with shuffles.cu).
struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    int below(int bound) { return static_cast<int>(next() % static_cast<std::uint64_t>(bound)); }
};

// kTieCaseRows rows of kStride floats (padding columns hold NaN, which no
// kernel may read). The first rows are the hand-made cases named in TieRow;
// the rest draw each value from a handful of levels, so most rows tie, with a
// sign chosen per row so negative maxima tie too. Every finite row sum is at
// least 1 away from zero, because normalising divides by it.
inline std::vector<float> makeTieCase() {
    std::vector<float> rows(static_cast<size_t>(kTieCaseRows) * kStride, std::numeric_limits<float>::quiet_NaN());
    auto rowAt = [&rows](int row) { return &rows[static_cast<size_t>(row) * kStride]; };
    auto fill = [&](int row, float value) {
        for (int column = 0; column < kLiveColumns; ++column) {
            rowAt(row)[column] = value;
        }
    };

    fill(kTieLanes0And19, 0.5f);
    rowAt(kTieLanes0And19)[0] = 2.0f;
    rowAt(kTieLanes0And19)[19] = 2.0f;

    fill(kTieAdjacentLanes, 0.25f);
    rowAt(kTieAdjacentLanes)[7] = 3.0f;
    rowAt(kTieAdjacentLanes)[8] = 3.0f;

    fill(kTieAllEqual, 0.75f);

    fill(kTieNegativeMax, -2.0f);
    rowAt(kTieNegativeMax)[5] = -0.5f;
    rowAt(kTieNegativeMax)[12] = -0.5f;

    fill(kTieSignedZeros, -1.0f);
    rowAt(kTieSignedZeros)[3] = -0.0f;
    rowAt(kTieSignedZeros)[11] = 0.0f;

    fill(kTieSignedZerosSwapped, -1.0f);
    rowAt(kTieSignedZerosSwapped)[2] = 0.0f;
    rowAt(kTieSignedZerosSwapped)[9] = -0.0f;

    fill(kMaxOnlyInLane19, 0.5f);
    rowAt(kMaxOnlyInLane19)[19] = 1.5f;

    fill(kMaxOnlyInLane0, 0.5f);
    rowAt(kMaxOnlyInLane0)[0] = 1.5f;

    fill(kNegativeMaxNoTie, -1.5f);
    rowAt(kNegativeMaxNoTie)[10] = -0.25f;

    constexpr float kInfinity = std::numeric_limits<float>::infinity();
    fill(kPlusInfinityLane6, 0.5f);
    rowAt(kPlusInfinityLane6)[6] = kInfinity;

    fill(kTiedPlusInfinities, 0.5f);
    rowAt(kTiedPlusInfinities)[4] = kInfinity;
    rowAt(kTiedPlusInfinities)[17] = kInfinity;

    fill(kMinusInfinityLane0, -1.0f);
    rowAt(kMinusInfinityLane0)[0] = -kInfinity;
    rowAt(kMinusInfinityLane0)[13] = -0.25f;

    fill(kBothInfinities, 0.5f);
    rowAt(kBothInfinities)[9] = kInfinity;
    rowAt(kBothInfinities)[2] = -kInfinity;

    fill(kAllMinusInfinity, -kInfinity);

    SplitMix64 generator{0x7469657321ull};  // "ties!"
    const float levels[] = {0.25f, 0.5f, 0.75f, 1.0f};
    for (int row = kFirstGeneratedTieRow; row < kTieCaseRows; ++row) {
        const float sign = generator.below(3) == 0 ? -1.0f : 1.0f;
        for (int column = 0; column < kLiveColumns; ++column) {
            rowAt(row)[column] = sign * levels[generator.below(4)];
        }
    }
    return rows;
}

// ---------------------------------------------------------------------------
// Comparison helpers
// ---------------------------------------------------------------------------

// Counts the wrong rows of one output and remembers the smallest failing row
// (the smallest row number, whatever order rows are checked in), so a report
// always points at the same row.
class Check {
public:
    explicit Check(std::string what) : what_(std::move(what)) {}

    // `expected` and `got` are already formatted for the report.
    void record(bool right, long row, const std::string& expected, const std::string& got) {
        if (!right) {
            fail(row, expected, got);
        }
    }

    // The same, with the formatting put off until a row is wrong:
    // `describe()` returns {expected, got}. Checking millions of right
    // elements then costs no string work.
    template <typename Describe>
    void recordLazily(bool right, long row, Describe describe) {
        if (!right) {
            const auto [expected, got] = describe();
            fail(row, expected, got);
        }
    }

    void fail(long row, const std::string& expected, const std::string& got) {
        ++wrong_;
        if (smallestRow_ < 0 || row < smallestRow_) {
            smallestRow_ = row;
            expected_ = expected;
            got_ = got;
        }
    }

    bool passed() const { return wrong_ == 0; }
    long wrongRows() const { return wrong_; }
    long smallestFailingRow() const { return smallestRow_; }
    const std::string& what() const { return what_; }
    const std::string& expected() const { return expected_; }
    const std::string& got() const { return got_; }

    // One line of counts, then for a failure the smallest failing row with
    // expected, got and the row's live values. `rows` is the whole input.
    void report(std::FILE* stream, const std::string& caseName, long rowCount, const std::vector<float>& rows) const {
        std::fprintf(stream, "%s, %s: %ld of %ld rows wrong\n", caseName.c_str(), what_.c_str(), wrong_, rowCount);
        if (wrong_ == 0) {
            return;
        }
        std::fprintf(stream, "  smallest failing row: %ld\n  expected: %s\n  got:      %s\n  row values:",
                     smallestRow_, expected_.c_str(), got_.c_str());
        const float* values = &rows[static_cast<size_t>(smallestRow_) * kStride];
        for (int column = 0; column < kLiveColumns; ++column) {
            std::fprintf(stream, "%s[%d] %s", column % 5 == 0 ? "\n    " : "  ", column,
                         formatFloat(values[column]).c_str());
        }
        std::fprintf(stream, "\n");
    }

    // Enough digits to tell any two floats apart, and the sign of a zero.
    static std::string formatFloat(float value) {
        char text[32];
        std::snprintf(text, sizeof text, "%.9g", static_cast<double>(value));
        return text;
    }
    static std::string formatInt(long value) { return std::to_string(value); }

private:
    std::string what_;
    long wrong_ = 0;
    long smallestRow_ = -1;
    std::string expected_;
    std::string got_;
};

}  // namespace reference
