// exercise.cu: the harness for the page's exercise, argmax[row] in reduceRowsPadded.
//
// Runs the reduceRowsPadded of your shuffles.cu on two cases and compares its
// argmax column with reference.hpp, which gives a tie to the lowest column.
// What each check can catch, and what it cannot:
//   the report     ./shuffles checks argmax on its 8205 rows, which have no
//                  ties: it catches an argmax that is off by one, never
//                  written, or a lane without the max, but any tie rule
//                  passes it, the highest holding lane's included.
//   standard case  the same 8205 rows, here, so the same mistakes.
//   tie case       1024 rows built to tie (lanes 0 and 19, adjacent lanes, all
//                  equal, negative maxima, +0.0 against -0.0, the max only in
//                  lane 0 or lane 19, +inf and -inf, twenty -inf): a tie that
//                  goes to any lane but the lowest, and a max identity that is
//                  no identity (-FLT_MAX fails the row of twenty -inf).
//   findings       on the CPU warp emulator only: a shuffle or vote that
//                  breaks a rule of the _sync intrinsics, or reads a lane not
//                  taking part in it. Such code can give every right answer
//                  (a read of an absent lane gives NaN there, which loses every
//                  comparison), and no GPU run can show it: a GPU returns
//                  something for the absent lane and says nothing.
// For each failing case it prints the smallest failing row, your value, the
// reference value and that row's twenty values, then the emulator's first finding.
//
// One command builds it fresh and runs it, on the GPU or, with none, on the emulator:
//   cmake --build build --target check-exercise
// Or without CMake, from the repository root:
//   nvcc -std=c++17 -O3 -arch=sm_75 -o exercise tests/exercise.cu && ./exercise
// or, with no GPU, on the CPU warp emulator (emulator/warp_emulator.hpp):
//   g++ -std=c++17 -O2 -x c++ -I emulator -o exercise tests/exercise.cu && ./exercise
// SHUFFLES_SOURCE names another shuffles.cu to check (the planted-mistake tests use it).
// Exit: 0 both cases right (and, on the emulator, no finding), 1 a wrong argmax
// or a finding, 77 no GPU (Skipped; Failed under SHUFFLES_REQUIRE_GPU=1).

#define SHUFFLES_NO_MAIN
#ifdef SHUFFLES_SOURCE
#include SHUFFLES_SOURCE
#else
#include "../shuffles.cu"
#endif
#include "../reference.hpp"
#include "gpu_gate.cuh"

#include <algorithm>
#include <string>

// What one launch of your reduceRowsPadded gave: its argmax column and, on
// the emulator, what the emulator found wrong in it.
struct LearnerRun {
    std::vector<int> argmax;
    long long findings = 0;
    std::string firstFinding;
};

// Launches only reduceRowsPadded, on poisoned outputs. A launch that broke a
// warp rule is an error on the emulator (cudaErrorWarpRuleBroken); it is
// collected here rather than exited on, so the rows are still reported and
// the finding printed under them.
LearnerRun runLearnerKernel(const std::vector<float>& input) {
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
    launchKernel(reduceRowsPadded, blocksFor(rows), in, rows, sums, maxes, normalised, liveCounts, anyHigh,
                 allPositive, argmax);
    cudaError_t error = cudaGetLastError();
    const cudaError_t finished = cudaDeviceSynchronize();
    if (error == cudaSuccess) {
        error = finished;
    }

    LearnerRun run;
#ifdef WARP_EMULATOR
    const warp_emulator::LaunchReport& report = warp_emulator::lastLaunchReport();
    run.findings = report.findingCount();
    run.firstFinding = report.firstFinding();
    if (error == cudaErrorWarpRuleBroken) {
        error = cudaSuccess;  // counted in run.findings, and reported after the rows
    }
#endif
    CUDA_CHECK(error);
    run.argmax = copyBackAndFree(argmax, rowCount);
    for (void* pointer : {static_cast<void*>(in), static_cast<void*>(sums), static_cast<void*>(maxes),
                          static_cast<void*>(normalised), static_cast<void*>(liveCounts),
                          static_cast<void*>(anyHigh), static_cast<void*>(allPositive)}) {
        CUDA_CHECK(cudaFree(pointer));
    }
    return run;
}

struct CaseVerdict {
    bool rowsRight;
    bool notWritten;  // every row still kArgmaxNotWritten
    long long findings;
};

CaseVerdict checkArgmax(const std::string& caseName, const std::vector<float>& input) {
    const LearnerRun run = runLearnerKernel(input);
    const long rows = static_cast<long>(run.argmax.size());
    reference::Check check("argmax");
    for (long row = 0; row < rows; ++row) {
        const int expected = reference::reduceRow(&input[static_cast<size_t>(row) * kStride]).argmax;
        check.record(run.argmax[row] == expected, row, std::to_string(expected), std::to_string(run.argmax[row]));
    }
    check.report(stdout, caseName, rows, input);
    if (run.findings != 0) {
        std::printf("%s, the emulator's findings in your reduceRowsPadded: %lld (rules broken, reads of lanes "
                    "not taking part, races); the first:\n  %s\n",
                    caseName.c_str(), run.findings, run.firstFinding.c_str());
    }
    const bool notWritten = std::all_of(run.argmax.begin(), run.argmax.end(),
                                        [](int lane) { return lane == kArgmaxNotWritten; });
    return {check.passed(), notWritten, run.findings};
}

int main() {
    requireDeviceOrSkip("exercise",
                        "with no GPU, run the same harness on the CPU warp emulator:\n"
                        "  g++ -std=c++17 -O2 -x c++ -I emulator -o exercise tests/exercise.cu && ./exercise");
    std::printf("exercise: argmax[row] from your reduceRowsPadded, against reference.hpp (a tie goes to the lowest lane)\n");
    const CaseVerdict standard = checkArgmax("standard case", makeInput(kDefaultRows));
    const CaseVerdict ties = checkArgmax("tie case", reference::makeTieCase());

    if (standard.notWritten && ties.notWritten) {
        std::printf("exercise: FAILED: argmax is %d on every row: the exercise is not written yet\n"
                    "  (write it in reduceRowsPadded, where the solution block was, and set argmaxLane)\n",
                    kArgmaxNotWritten);
        return 1;
    }
    const bool noFindings = standard.findings == 0 && ties.findings == 0;
    if (standard.rowsRight && ties.rowsRight && noFindings) {
#ifdef WARP_EMULATOR
        std::printf("exercise: PASSED, both cases, and the emulator found nothing wrong in your shuffles and votes\n");
#else
        std::printf("exercise: PASSED, both cases (on a GPU, which cannot show a read of a lane not taking part;\n"
                    "  the same harness on the CPU warp emulator checks that too)\n");
#endif
        return 0;
    }
    if (!standard.rowsRight) {
        std::printf("exercise: FAILED on the standard case: the report's own rows, so ./shuffles fails too\n");
    } else if (!ties.rowsRight) {
        std::printf("exercise: FAILED on the tie case only: the report's rows have no ties, so ./shuffles passes\n"
                    "  this argmax; the tie case above shows the first row it gets wrong\n");
    }
    if (!noFindings) {
        std::printf("exercise: FAILED: the emulator found %lld problems in your reduceRowsPadded (the first is above).\n"
                    "  A shuffle that reads a lane not taking part returns whatever a GPU has there, so answers\n"
                    "  that come out right are luck: every lane a shuffle reads must be in its mask and reach the call\n",
                    standard.findings + ties.findings);
    }
    return 1;
}
