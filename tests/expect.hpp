// expect.hpp: the smallest test helper that names the failing check.
// EXPECT(condition) prints the file, line and condition text on failure and
// counts it; a test's main returns expectFailures() != 0.
#pragma once

#include <cstdio>

inline int& expectFailures() {
    static int failures = 0;
    return failures;
}

#define EXPECT(condition)                                                                  \
    do {                                                                                   \
        if (!(condition)) {                                                                \
            std::fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #condition);  \
            ++expectFailures();                                                            \
        }                                                                                  \
    } while (0)

// The exit code CTest's SKIP_RETURN_CODE maps to Skipped.
constexpr int kSkipExitCode = 77;
