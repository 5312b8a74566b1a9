// reference_test.cpp: CPU unit tests of the oracle itself (no GPU needed).
// An oracle nobody tested is one more program that can be wrong.

#include "../reference.hpp"
#include "expect.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <vector>

using namespace reference;

static std::vector<float> oneRow(std::initializer_list<float> live) {
    std::vector<float> row(kStride, std::nanf(""));
    int column = 0;
    for (float value : live) {
        row[column++] = value;
    }
    return row;
}

constexpr float kInfinity = std::numeric_limits<float>::infinity();

static float floatWithBits(std::uint32_t bits) {
    float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

static const float* rowOf(const std::vector<float>& rows, int row) {
    return &rows[static_cast<size_t>(row) * kStride];
}

static void testPlainRow() {
    std::vector<float> row(kStride, std::nanf(""));
    for (int column = 0; column < kLiveColumns; ++column) {
        row[column] = static_cast<float>(column + 1);
    }
    const Row r = reduceRow(row.data());
    EXPECT(r.sum == 210.0);
    EXPECT(r.max == 20.0f);
    EXPECT(r.argmax == 19);
    EXPECT(r.liveCount == 20);
    EXPECT(r.anyHigh == 1);
    EXPECT(r.allPositive == 1);
    EXPECT(normalisedValue(row.data(), r, 0) == 1.0 / 210.0);
    EXPECT(normalisedValue(row.data(), r, 25) == 0.0);
}

static void testVotes() {
    const std::vector<float> low = oneRow({0.5f, 0.95f, 0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f,
                                           0.9f, 0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f, 0.7f, 0.8f, -0.1f});
    const Row r = reduceRow(low.data());
    EXPECT(r.anyHigh == 0);      // 0.95 is not above the high-water mark
    EXPECT(r.allPositive == 0);  // the last value is negative
    std::vector<float> zero = low;
    zero[19] = 0.0f;
    EXPECT(reduceRow(zero.data()).allPositive == 0);  // 0 is not above 0
}

static void testNanIsRefused() {
    std::vector<float> row = oneRow({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20});
    row[7] = std::nanf("");
    bool threw = false;
    try {
        reduceRow(row.data());
    } catch (const std::invalid_argument&) {
        threw = true;
    }
    EXPECT(threw);
}

static void testMatchers() {
    const std::vector<float> row = oneRow({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20});
    const Row r = reduceRow(row.data());
    EXPECT(sumMatches(210.0f, r));
    EXPECT(!sumMatches(210.1f, r));
    EXPECT(!sumMatches(std::nanf(""), r));  // a poisoned output never passes
    EXPECT(normalisedMatches(static_cast<float>(5.0 / 210.0), row.data(), r, 4));
    EXPECT(!normalisedMatches(static_cast<float>(5.0 / 210.0) * 1.001f, row.data(), r, 4));
    EXPECT(normalisedMatches(0.0f, row.data(), r, 20));
    EXPECT(!normalisedMatches(1e-30f, row.data(), r, 20));
    EXPECT(!normalisedMatches(std::nanf(""), row.data(), r, 31));
}

static void testInfinities() {
    const float canonicalNan = floatWithBits(0x7fffffffu);  // a NaN some arithmetic made
    const float poison = floatWithBits(0xffffffffu);        // the harnesses' "never written"
    EXPECT(std::isnan(poison) && neverWritten(poison) && !neverWritten(canonicalNan));

    // +inf at lane 6: it is the max, the sum is +inf, the finite columns
    // normalise to 0 and the infinite one to NaN (inf / inf).
    std::vector<float> plus = oneRow({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20});
    plus[6] = kInfinity;
    Row r = reduceRow(plus.data());
    EXPECT(r.max == kInfinity && r.argmax == 6 && r.anyHigh == 1 && r.allPositive == 1);
    EXPECT(r.sum == static_cast<double>(kInfinity));
    EXPECT(sumMatches(kInfinity, r));
    EXPECT(!sumMatches(-kInfinity, r) && !sumMatches(FLT_MAX, r) && !sumMatches(canonicalNan, r));
    EXPECT(normalisedValue(plus.data(), r, 0) == 0.0 && std::isnan(normalisedValue(plus.data(), r, 6)));
    EXPECT(normalisedMatches(0.0f, plus.data(), r, 0) && normalisedMatches(-0.0f, plus.data(), r, 0));
    EXPECT(!normalisedMatches(1e-30f, plus.data(), r, 0));
    EXPECT(normalisedMatches(canonicalNan, plus.data(), r, 6));
    EXPECT(!normalisedMatches(poison, plus.data(), r, 6) && !normalisedMatches(0.0f, plus.data(), r, 6));

    // -inf at lane 0 never wins the max, and makes the sum -inf.
    std::vector<float> minus = plus;
    minus[6] = 7.0f;
    minus[0] = -kInfinity;
    r = reduceRow(minus.data());
    EXPECT(r.max == 20.0f && r.argmax == 19 && r.allPositive == 0);
    EXPECT(sumMatches(-kInfinity, r) && !sumMatches(kInfinity, r));

    // Both: inf + -inf is NaN, so the sum and every live normalised column are NaN.
    std::vector<float> both = plus;
    both[2] = -kInfinity;
    r = reduceRow(both.data());
    EXPECT(std::isnan(r.sum) && r.max == kInfinity && r.argmax == 6);
    EXPECT(sumMatches(canonicalNan, r) && !sumMatches(poison, r) && !sumMatches(kInfinity, r));
    EXPECT(normalisedMatches(canonicalNan, both.data(), r, 0) && !normalisedMatches(0.0f, both.data(), r, 0));
    EXPECT(normalisedMatches(0.0f, both.data(), r, 20) && !normalisedMatches(canonicalNan, both.data(), r, 20));

    // Twenty -inf, a fully masked softmax row: max -inf held by every column,
    // so argmax 0; sum -inf; every live normalised column -inf / -inf = NaN.
    std::vector<float> masked(kStride, std::nanf(""));
    std::fill(masked.begin(), masked.begin() + kLiveColumns, -kInfinity);
    r = reduceRow(masked.data());
    EXPECT(r.max == -kInfinity && r.argmax == 0 && r.anyHigh == 0 && r.allPositive == 0);
    EXPECT(r.sum == -static_cast<double>(kInfinity) && sumMatches(-kInfinity, r) && !sumMatches(-FLT_MAX, r));
    EXPECT(hasTiedMax(masked.data()));
    for (int column = 0; column < kLiveColumns; ++column) {
        EXPECT(std::isnan(normalisedValue(masked.data(), r, column)));
    }
    EXPECT(normalisedMatches(canonicalNan, masked.data(), r, 19) && !normalisedMatches(poison, masked.data(), r, 19));
    EXPECT(normalisedMatches(0.0f, masked.data(), r, 31));
}

static void testTieCaseLayout() {
    const std::vector<float> rows = makeTieCase();
    EXPECT(rows.size() == static_cast<size_t>(kTieCaseRows) * kStride);
    EXPECT(reduceRow(rowOf(rows, kTieLanes0And19)).argmax == 0);
    EXPECT(rowOf(rows, kTieLanes0And19)[19] == rowOf(rows, kTieLanes0And19)[0]);
    EXPECT(reduceRow(rowOf(rows, kTieAdjacentLanes)).argmax == 7);
    EXPECT(reduceRow(rowOf(rows, kTieAllEqual)).argmax == 0);
    EXPECT(reduceRow(rowOf(rows, kTieNegativeMax)).argmax == 5);
    EXPECT(reduceRow(rowOf(rows, kTieNegativeMax)).max < 0.0f);
    EXPECT(reduceRow(rowOf(rows, kTieSignedZeros)).argmax == 3);
    EXPECT(std::signbit(rowOf(rows, kTieSignedZeros)[3]) && !std::signbit(rowOf(rows, kTieSignedZeros)[11]));
    EXPECT(reduceRow(rowOf(rows, kTieSignedZerosSwapped)).argmax == 2);
    EXPECT(reduceRow(rowOf(rows, kMaxOnlyInLane19)).argmax == 19);
    EXPECT(reduceRow(rowOf(rows, kMaxOnlyInLane0)).argmax == 0);
    EXPECT(reduceRow(rowOf(rows, kNegativeMaxNoTie)).argmax == 10);

    const Row plusInfinity = reduceRow(rowOf(rows, kPlusInfinityLane6));
    EXPECT(plusInfinity.max == kInfinity && plusInfinity.argmax == 6 && plusInfinity.sum == kInfinity);
    const Row tiedInfinities = reduceRow(rowOf(rows, kTiedPlusInfinities));
    EXPECT(tiedInfinities.max == kInfinity && tiedInfinities.argmax == 4 && hasTiedMax(rowOf(rows, kTiedPlusInfinities)));
    const Row minusInfinity = reduceRow(rowOf(rows, kMinusInfinityLane0));
    EXPECT(minusInfinity.max == -0.25f && minusInfinity.argmax == 13 && minusInfinity.sum == -kInfinity);
    const Row both = reduceRow(rowOf(rows, kBothInfinities));
    EXPECT(both.max == kInfinity && both.argmax == 9 && std::isnan(both.sum));
    const Row masked = reduceRow(rowOf(rows, kAllMinusInfinity));
    EXPECT(masked.max == -kInfinity && masked.argmax == 0 && masked.sum == -kInfinity);

    // The planted-mistake tests rely on these rows being the first of their kind.
    int firstTie = -1;
    int firstNegativeMax = -1;
    int firstAllMinusInfinity = -1;
    int ties = 0;
    int negativeTies = 0;
    for (int row = 0; row < kTieCaseRows; ++row) {
        const Row r = reduceRow(rowOf(rows, row));
        EXPECT(row == kBothInfinities ? std::isnan(r.sum) : std::fabs(r.sum) >= 1.0);
        for (int column = kLiveColumns; column < kStride; ++column) {
            EXPECT(std::isnan(rowOf(rows, row)[column]));
        }
        if (hasTiedMax(rowOf(rows, row))) {
            ++ties;
            negativeTies += r.max < 0.0f;
            if (firstTie < 0) firstTie = row;
        }
        if (r.max < 0.0f && firstNegativeMax < 0) firstNegativeMax = row;
        if (r.max == -kInfinity && firstAllMinusInfinity < 0) firstAllMinusInfinity = row;
    }
    EXPECT(firstTie == kTieLanes0And19);
    EXPECT(firstNegativeMax == kTieNegativeMax);
    EXPECT(firstAllMinusInfinity == kAllMinusInfinity);
    EXPECT(ties > kTieCaseRows / 2);
    EXPECT(negativeTies > kTieCaseRows / 10);
    // Deterministic: compared bit for bit, since NaN padding never compares equal.
    const std::vector<float> again = makeTieCase();
    EXPECT(std::memcmp(again.data(), rows.data(), rows.size() * sizeof(float)) == 0);
}

static void testCheckReportsSmallestRow() {
    Check check("argmax");
    check.record(true, 1, "0", "0");
    check.record(false, 9, "9", "x9");
    check.record(false, 3, "3", "x3");
    check.record(false, 7, "7", "x7");
    EXPECT(!check.passed());
    EXPECT(check.wrongRows() == 3);
    EXPECT(check.smallestFailingRow() == 3);
    EXPECT(check.expected() == "3" && check.got() == "x3");
    Check clean("sums");
    clean.record(true, 0, "", "");
    EXPECT(clean.passed() && clean.smallestFailingRow() == -1);
    EXPECT(Check::formatFloat(-0.0f) == "-0");
}

int main() {
    testPlainRow();
    testVotes();
    testNanIsRefused();
    testMatchers();
    testInfinities();
    testTieCaseLayout();
    testCheckReportsSmallestRow();
    if (expectFailures() == 0) {
        std::printf("reference.hpp: every check passed\n");
    }
    return expectFailures() == 0 ? 0 : 1;
}
