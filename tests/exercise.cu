// exercise.cu: the harness for the page's exercise, argmax[row] in reduceRowsPadded.
//
// Runs the reduceRowsPadded of your shuffles.cu on two cases and compares its
// argmax column with reference.hpp, which gives a tie to the lowest column.
// What each check can catch, and what it cannot:
//   standard case  the report's own 8205 rows, which have no ties: an argmax
//                  that is off by one, never written, or a lane without the
//                  max. Any tie rule passes it.
//   tie case       1024 rows built to tie (lanes 0 and 19, adjacent lanes, all
//                  equal, negative maxima, +0.0 against -0.0, the max only in
//                  lane 0 or lane 19, +inf and -inf, twenty -inf): a tie that
//                  goes to any lane but the lowest, and a max identity that is
//                  no identity (-FLT_MAX fails the row of twenty -inf).
//   findings       on the CPU warp emulator only: a shuffle or vote that
//                  breaks a rule of the _sync intrinsics, reads a lane not
//                  taking part, or a bad memory access. Such code can give
//                  every right answer, and no GPU run can show it.
//   a hang         on a GPU, a launch that has not finished after
//                  kLaunchLimitSeconds is reported as the page's first pitfall,
//                  and the harness exits at once instead of waiting for ever.
//
// From the repository root, on a GPU:
//   nvcc -std=c++17 -O3 -arch=sm_75 -o exercise tests/exercise.cu && ./exercise
// with no GPU, on the CPU warp emulator:
//   emulator/emulate tests/exercise.cu
// Exit: 0 both cases right (and, on the emulator, no finding); 1 a wrong
// argmax or a finding; 3 no usable GPU; 4 a CUDA error; 5 a launch that did
// not finish in time.

// The system headers first, then shuffles.cu with its main() renamed, so that
// this file's main() is the program's.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <thread>
#include <vector>
#define main shufflesMain
#include "../shuffles.cu"
#undef main
#include "../reference.hpp"

// On an H200, reduceRowsPadded takes 1.3 ms for 2^23 rows (evidence/h200-bench.txt),
// so about 2 microseconds for these 8205, and the whole harness, its host work
// included, well under a second (evidence/h200-hang.txt). 5 s is a thousand
// times that on a GPU ten times slower, and short enough not to leave a
// learner waiting.
constexpr double kLaunchLimitSeconds = 5.0;
constexpr int kExitLaunchTooSlow = 5;

// The command that runs the report here: the messages below name it.
#ifdef WARP_EMULATOR
constexpr const char* kReportCommand = "emulator/emulate shuffles.cu (or the ./shuffles that emulator/nvcc builds)";
#else
constexpr const char* kReportCommand = "./shuffles";
#endif

// What one launch of your reduceRowsPadded gave: its argmax column and, on
// the emulator, what the emulator found wrong in it.
struct LearnerRun {
    std::vector<int> argmax;
    long long findings = 0;
    std::string firstFinding;
};

// Waits for the work already queued, polling an event rather than blocking in
// cudaDeviceSynchronize, which would wait for a hung kernel for ever. A kernel
// that does not finish in time cannot be stopped from here (cudaDeviceReset
// waits for it too): the harness says so and exits, and the driver ends the
// kernel with this process.
cudaError_t waitAtMost(double seconds) {
    cudaEvent_t done;
    CUDA_CHECK(cudaEventCreateWithFlags(&done, cudaEventDisableTiming));
    CUDA_CHECK(cudaEventRecord(done));
    const auto start = std::chrono::steady_clock::now();
    cudaError_t state = cudaEventQuery(done);
    while (state == cudaErrorNotReady) {
        const std::chrono::duration<double> waited = std::chrono::steady_clock::now() - start;
        if (waited.count() > seconds) {
            std::printf("exercise: FAILED: your reduceRowsPadded has not finished after %.0f s: it has most likely hung.\n"
                        "  The page's first pitfall: a mask that names lanes which never reach the call, such as\n"
                        "  0xffffffff passed from inside a branch that only some lanes take (if (live) {...}). The\n"
                        "  lanes it names wait for the others for ever. To see which lanes wait where, run the same\n"
                        "  harness on the CPU warp emulator, from the repository root:\n"
                        "    emulator/emulate tests/exercise.cu\n"
                        "  This program exits now; the kernel ends with it. If nvidia-smi still shows it running,\n"
                        "  end the process (on Colab: Runtime, Restart session).\n",
                        seconds);
            std::fflush(stdout);
            std::exit(kExitLaunchTooSlow);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        state = cudaEventQuery(done);
    }
    CUDA_CHECK(cudaEventDestroy(done));
    return state;
}

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
    reduceRowsPadded<<<blocksFor(rows), kThreadsPerBlock>>>(in, rows, sums, maxes, normalised, liveCounts, anyHigh,
                                                            allPositive, argmax);
    cudaError_t error = cudaGetLastError();
    const cudaError_t finished = waitAtMost(kLaunchLimitSeconds);
    if (error == cudaSuccess) {
        error = finished;
    }

    LearnerRun run;
#ifdef WARP_EMULATOR
    const warp_emulator::LaunchFindings found = warp_emulator::lastLaunchFindings();
    run.findings = found.count;
    run.firstFinding = found.first;
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
    std::string firstFinding;
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
        std::printf("%s, the emulator's findings in your reduceRowsPadded: %lld; the first:\n  %s\n",
                    caseName.c_str(), run.findings, run.firstFinding.c_str());
    }
    const bool notWritten = std::all_of(run.argmax.begin(), run.argmax.end(),
                                        [](int lane) { return lane == kArgmaxNotWritten; });
    return {check.passed(), notWritten, run.findings, run.firstFinding};
}

int main() {
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        std::printf("exercise: no usable GPU here. Run the same harness on the CPU warp emulator, from the\n"
                    "repository root:\n  emulator/emulate tests/exercise.cu\n");
        return kExitNoDevice;
    }
    std::printf("exercise: argmax[row] from your reduceRowsPadded, against reference.hpp (a tie goes to the lowest lane)\n");
    const CaseVerdict standard = checkArgmax("standard case", makeInput(kDefaultRows));
    const CaseVerdict ties = checkArgmax("tie case", reference::makeTieCase());

    // The verdict comes last, in plain words, so nobody has to scroll up for it.
    if (standard.notWritten && ties.notWritten) {
        std::printf("exercise: FAILED: argmax is %d on every row: the exercise is not written yet.\n"
                    "  Write it in reduceRowsPadded, where the solution block was, and set argmaxLane.\n",
                    kArgmaxNotWritten);
        return kExitMismatch;
    }
    const bool noFindings = standard.findings == 0 && ties.findings == 0;
    if (standard.rowsRight && ties.rowsRight && noFindings) {
#ifdef WARP_EMULATOR
        std::printf("exercise: PASSED, both cases, and the emulator found nothing wrong in your shuffles and votes\n");
#else
        std::printf("exercise: PASSED, both cases (a GPU cannot show a read of a lane not taking part; the same\n"
                    "  harness on the CPU warp emulator checks that too: emulator/emulate tests/exercise.cu)\n");
#endif
        return kExitMatched;
    }
    if (!standard.rowsRight) {
        std::printf("exercise: FAILED on the standard case: wrong argmax on the report's own rows (the first is\n"
                    "  shown above), so %s fails too.\n", kReportCommand);
    } else if (!ties.rowsRight) {
        std::printf("exercise: FAILED on the tie case only: a tie must go to the lowest lane holding the max (the\n"
                    "  first wrong row is shown above). The report's rows have no ties, so %s\n"
                    "  passes this.\n", kReportCommand);
    }
    if (!noFindings) {
        // What to do depends on what the first finding is.
        const std::string& first = standard.findings != 0 ? standard.firstFinding : ties.firstFinding;
        const char* advice =
            first.find("never arrived") != std::string::npos || first.find("RULE BROKEN") != std::string::npos
                ? "A collective's mask names lanes that do not reach it (the page's first pitfall: on a GPU\n"
                  "  this can hang). Every lane a mask names must make the same call, unless it has exited:\n"
                  "  keep all 32 lanes in the call, or build the mask with __ballot_sync before the branch."
            : first.find("not taking part") != std::string::npos
                ? "A shuffle that reads a lane not taking part returns whatever a GPU has there, so right\n"
                  "  answers are luck: every lane a shuffle reads must be in its mask and reach the call."
                : "The finding names the line, the threads and the memory.";
        std::printf("exercise: FAILED: the emulator found %lld problems in your reduceRowsPadded, the first shown\n"
                    "  above. %s\n",
                    standard.findings + ties.findings, advice);
    }
    return kExitMismatch;
}
