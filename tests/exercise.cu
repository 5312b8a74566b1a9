// exercise.cu: the harness for the page's exercise, argmax[row] in reduceRowsPadded.
//
// Runs the reduceRowsPadded of your shuffles.cu on two cases and compares its
// argmax column with reference.hpp, which gives a tie to the lowest column:
//   standard case  the program's 8205 rows, which have no ties;
//   tie case       1024 rows built to tie (lanes 0 and 19, adjacent lanes, all
//                  equal, negative maxima, +0.0 against -0.0, the max only in
//                  lane 0 or lane 19, +inf and -inf, twenty -inf), because ties
//                  are what separate a working answer from one that happens to pass.
// For each failing case it prints the smallest failing row, your value, the
// reference value and that row's twenty values.
//
// Build without CMake, from the repository root:
//   nvcc -std=c++17 -O3 -arch=sm_75 -o exercise tests/exercise.cu && ./exercise
// or, with no GPU, on the CPU warp emulator (emulator/warp_emulator.hpp):
//   g++ -std=c++17 -O2 -x c++ -I emulator -o exercise tests/exercise.cu && ./exercise
// SHUFFLES_SOURCE names another shuffles.cu to check (the planted-mistake tests use it).
// Exit: 0 both cases right, 1 a wrong argmax, 77 no GPU (Skipped; Failed under SHUFFLES_REQUIRE_GPU=1).

#define SHUFFLES_NO_MAIN
#ifdef SHUFFLES_SOURCE
#include SHUFFLES_SOURCE
#else
#include "../shuffles.cu"
#endif
#include "../reference.hpp"
#include "gpu_gate.cuh"

#include <string>

// Launches only reduceRowsPadded, on poisoned outputs, and returns its argmax column.
std::vector<int> learnerArgmax(const std::vector<float>& input) {
    const int rows = static_cast<int>(input.size() / kStride);
    const size_t rowCount = static_cast<size_t>(rows);
    float* in = nullptr;
    CUDA_CHECK(cudaMalloc(&in, input.size() * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(in, input.data(), input.size() * sizeof(float), cudaMemcpyHostToDevice));
    float* sums = deviceArray<float>(rowCount);
    float* maxes = deviceArray<float>(rowCount);
    float* normalised = deviceArray<float>(input.size());
    int* liveCounts = deviceArray<int>(rowCount);
    int* anyHigh = deviceArray<int>(rowCount);
    int* allPositive = deviceArray<int>(rowCount);
    int* argmax = deviceArray<int>(rowCount);
    launchAndWait(reduceRowsPadded, blocksFor(rows), in, rows, sums, maxes, normalised, liveCounts, anyHigh,
                  allPositive, argmax);
    std::vector<int> result = copyBackAndFree(argmax, rowCount);
    for (void* pointer : {static_cast<void*>(in), static_cast<void*>(sums), static_cast<void*>(maxes),
                          static_cast<void*>(normalised), static_cast<void*>(liveCounts),
                          static_cast<void*>(anyHigh), static_cast<void*>(allPositive)}) {
        CUDA_CHECK(cudaFree(pointer));
    }
    return result;
}

bool checkArgmax(const std::string& caseName, const std::vector<float>& input) {
    const std::vector<int> got = learnerArgmax(input);
    const long rows = static_cast<long>(got.size());
    reference::Check check("argmax");
    for (long row = 0; row < rows; ++row) {
        const int expected = reference::reduceRow(&input[static_cast<size_t>(row) * kStride]).argmax;
        check.record(got[row] == expected, row, std::to_string(expected), std::to_string(got[row]));
    }
    check.report(stdout, caseName, rows, input);
    return check.passed();
}

int main() {
    requireDeviceOrSkip("exercise");
    std::printf("exercise: argmax[row] from your reduceRowsPadded, against reference.hpp (a tie goes to the lowest lane)\n");
    const bool standard = checkArgmax("standard case", makeInput(kDefaultRows));
    const bool ties = checkArgmax("tie case", reference::makeTieCase());
    if (standard && ties) {
        std::printf("exercise: PASSED, both cases\n");
        return 0;
    }
    std::printf("exercise: FAILED%s\n", standard ? " (the standard case has no ties; the tie case shows which tie you lost)" : "");
    return 1;
}
