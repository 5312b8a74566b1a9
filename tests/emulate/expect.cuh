// expect.cuh: the check every case of rewrites.cu prints. Included from
// launchers/fill.cuh as "../expect.cuh", so emulate must copy it beside the
// copy of launchers/, as it is beside the original.
#pragma once
#include <cstdio>

inline int failures = 0;

inline void expect(const char* what, long long got, long long want) {
    std::printf("%s: %lld%s\n", what, got, got == want ? "" : " (WRONG)");
    failures += got != want;
}
