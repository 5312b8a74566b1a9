// embed.cu: the page's short embed: one correct warp max and the faulty kernel, 4 all-negative rows.
// Compiler Explorer: language CUDA C++, compiler "NVCC 12.6.1" (pinned, not
// trunk), flags -std=c++17 -O3 -arch=sm_75, with the execution pane open.
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>

constexpr unsigned int kFullMask = 0xffffffffu;
constexpr int kLiveColumns = 20, kStride = 32, kRows = 4;
#define CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) { \
    std::printf("%s failed: %s\n", #call, cudaGetErrorString(e)); return 1; } } while (0)

// Correct: all 32 lanes take part; dead lanes carry the max's identity: -inf, as no finite float is one.
__global__ void maxPadded(const float* in, float* out) {
    const int lane = threadIdx.x, row = blockIdx.x;
    float best = lane < kLiveColumns ? in[row * kStride + lane] : -INFINITY;
    for (int laneMask = 16; laneMask > 0; laneMask /= 2) {
        const float other = __shfl_xor_sync(kFullMask, best, laneMask);
        best = other > best ? other : best;
    }
    if (lane == 0) out[row] = best;
}

// Faulty: a legal ballot mask and an undefined read. At offset 16 lane 4
// reads lane 20, which is not taking part, so lane 4 gets no defined value.
__global__ void maxBallotDown(const float* in, float* out) {
    const int lane = threadIdx.x, row = blockIdx.x;
    const unsigned int liveMask = __ballot_sync(kFullMask, lane < kLiveColumns);
    if (lane < kLiveColumns) {
        float best = in[row * kStride + lane];
        for (int offset = 16; offset > 0; offset /= 2) {
            const float other = __shfl_down_sync(liveMask, best, offset);
            best = other > best ? other : best;
        }
        if (lane == 0) out[row] = best;
    }
}

int main() {
    float host[kRows * kStride], padded[kRows], faulty[kRows], *in, *out;
    for (int i = 0; i < kRows * kStride; ++i) host[i] = -1.0f - 0.25f * (i % kStride) - (i / kStride);
    CHECK(cudaMalloc(&in, sizeof host));
    CHECK(cudaMalloc(&out, 2 * sizeof padded));
    CHECK(cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice));
    maxPadded<<<kRows, 32>>>(in, out);
    maxBallotDown<<<kRows, 32>>>(in, out + kRows);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(padded, out, sizeof padded, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(faulty, out + kRows, sizeof faulty, cudaMemcpyDeviceToHost));
    int wrong = 0;
    std::printf("row  CPU max  maxPadded  maxBallotDown (undefined: whatever this GPU returned)\n");
    for (int row = 0; row < kRows; ++row) {
        const float expected = host[row * kStride];  // lane 0 holds each row's max
        wrong += padded[row] != expected;
        std::printf("%3d  %7g  %9g  %13g%s\n", row, expected, padded[row], faulty[row],
                    faulty[row] != expected ? "  <- not the max" : "");
    }
    std::printf(wrong ? "maxPadded is WRONG\n" : "maxPadded matches the CPU on every row\n");
    return wrong ? 1 : 0;
}
