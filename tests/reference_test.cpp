// reference_test.cpp: CPU unit tests of the oracle itself (no GPU needed).
// An oracle nobody tested is one more program that can be wrong.

#include "../reference.hpp"
#include "expect.hpp"

#include <cmath>
#include <cstring>
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

    // The planted-mistake tests rely on these rows being the first of their kind.
    int firstTie = -1;
    int firstNegativeMax = -1;
    int ties = 0;
    int negativeTies = 0;
    for (int row = 0; row < kTieCaseRows; ++row) {
        const Row r = reduceRow(rowOf(rows, row));
        EXPECT(std::fabs(r.sum) >= 1.0);
        for (int column = kLiveColumns; column < kStride; ++column) {
            EXPECT(std::isnan(rowOf(rows, row)[column]));
        }
        if (hasTiedMax(rowOf(rows, row))) {
            ++ties;
            negativeTies += r.max < 0.0f;
            if (firstTie < 0) firstTie = row;
        }
        if (r.max < 0.0f && firstNegativeMax < 0) firstNegativeMax = row;
    }
    EXPECT(firstTie == kTieLanes0And19);
    EXPECT(firstNegativeMax == kTieNegativeMax);
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
    testTieCaseLayout();
    testCheckReportsSmallestRow();
    if (expectFailures() == 0) {
        std::printf("reference.hpp: every check passed\n");
    }
    return expectFailures() == 0 ? 0 : 1;
}
