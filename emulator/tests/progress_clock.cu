// progress_clock.cu: one launch that runs for about SECONDS (the argument; 3
// unless given) on the emulator, for progress_line.py to watch the clock on
// long launches (runtime/reporting/progress.hpp). A short launch first
// measures what a block costs here (the fastest of three), so that the long
// one lasts at least about as long on a fast machine as on a slow one. Not a
// regression case: its time is the machine's.
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

constexpr unsigned int kThreadsPerBlock = 64;
constexpr unsigned int kRows = 16;

__global__ void busyBlocks(const float* in, float* out, int rounds) {
    const unsigned int t = threadIdx.x;
    float sum = 0.0f;
    for (int r = 0; r < rounds; ++r) {
        sum += in[(blockIdx.x + r) % kRows * kThreadsPerBlock + t];
    }
    if (sum != 0.0f) {  // never (`in` is zeros): the sum is kept, and no two blocks write one element
        out[t] = sum;
    }
}

// The seconds a launch of `blocks` blocks takes.
double timedLaunch(const float* in, float* out, unsigned int blocks) {
    const auto start = std::chrono::steady_clock::now();
    busyBlocks<<<blocks, kThreadsPerBlock>>>(in, out, 16);
    cudaDeviceSynchronize();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int main(int argc, char** argv) {
    const double seconds = argc > 1 ? std::atof(argv[1]) : 3.0;
    float* in = nullptr;
    float* out = nullptr;
    cudaMalloc(&in, kRows * kThreadsPerBlock * sizeof(float));
    cudaMalloc(&out, kRows * kThreadsPerBlock * sizeof(float));
    cudaMemset(in, 0, kRows * kThreadsPerBlock * sizeof(float));
    unsigned int trial = 64;
    double took = timedLaunch(in, out, trial);
    while (took < 0.1) {
        trial *= 4;
        took = timedLaunch(in, out, trial);
    }
    // The fastest of three: on a busy machine the long launch then lasts at
    // least the seconds asked for, longer when the machine is slower.
    for (int again = 0; again < 2; ++again) {
        const double more = timedLaunch(in, out, trial);
        took = more < took ? more : took;
    }
    const unsigned int blocks = static_cast<unsigned int>(seconds / took * trial) + 1;
    const double ran = timedLaunch(in, out, blocks);
    std::printf("progress_clock: %u blocks in %.1f s\n", blocks, ran);
    cudaFree(in);
    cudaFree(out);
    return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
