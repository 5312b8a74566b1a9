// lanes_row0_sum.cu: prints sums[0], the row sum reduceRowsPadded writes for row 0
// of the program's own input (8205 rows), as %.9g, which round-trips a float.
// The lanes_sum_matches_program test runs it with the emulator's trace on and
// compares this with lane 0's sum after the last shuffle-down step of the same
// run's trace: the number a picture shows is the number the program computes.
//   emulator/emulate tests/lanes_row0_sum.cu

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>
// shuffles.cu's main() renamed, so that this file's is the program's.
#define main shufflesMain
#include "../shuffles.cu"
#undef main

int main() {
    const std::vector<float> input = makeInput(kDefaultRows);
    const Results results = runKernels(input, kDefaultRows);
    std::printf("%.9g\n", results.paddedSums[0]);
    return 0;
}
