// cuda_pipeline_legal.cu: libcu++'s cuda::pipeline (<cuda/pipeline>). First a
// pipeline of the thread's own (cuda::make_pipeline()), two stages in flight
// over two buffers: each stage is produced (producer_acquire,
// cuda::memcpy_async, producer_commit) before the previous one is consumed
// (consumer_wait, reads, consumer_release), and __syncthreads() orders the
// stage's copies by every thread before any thread reads it. Then a pipeline
// of block scope over a pipeline_shared_state of 2 stages: warp 1 produces,
// warp 0 consumes, and the stages' barriers order each stage's copies before
// its consumers' reads and its consumers' release before its next copies.
// Every stage has its own buffer while in flight: no race, no report, exit 0.
// Each column's thread sums the 8 rows' values of its column (row r holds
// 100 r + column), which it reads from its neighbour's copy: 2800 + 8 x
// column (column 0: 2800, column 31: 3048), the same on an H200.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "own stages, columns 0 and 31: 2800 3048", "shared stages, columns 0 and 31: 2800 3048"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
// run: WARP_EMULATOR_LANE_ORDER=random:7
#include <cooperative_groups.h>
#include <cuda/pipeline>

#include "case.cuh"

namespace cg = cooperative_groups;

constexpr int kRows = 8;

__global__ void ownStages(const int* in, int* out) {
    __shared__ int buffers[2][32];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    const int column = static_cast<int>(threadIdx.x);
    int sum = 0;
    int produced = 0;
    for (int row = 0; row < kRows; ++row) {
        for (; produced < kRows && produced < row + 2; ++produced) {
            pipe.producer_acquire();
            cuda::memcpy_async(&buffers[produced % 2][column], &in[produced * 32 + column], sizeof(int), pipe);
            pipe.producer_commit();
        }
        pipe.consumer_wait();
        __syncthreads();
        sum += buffers[row % 2][(column + 1) % 32] - (column + 1) % 32 + column;
        __syncthreads();  // every thread is done with this buffer before the next stage fills it
        pipe.consumer_release();
    }
    out[column] = sum;
}

__global__ void sharedStages(const int* in, int* out) {
    __shared__ int buffers[2][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    const cg::thread_block block = cg::this_thread_block();
    const bool producer = threadIdx.x >= 32;
    auto pipe = cuda::make_pipeline(block, &state, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
    const int column = static_cast<int>(threadIdx.x % 32);
    int sum = 0;
    for (int row = 0; row < kRows; ++row) {
        if (producer) {
            pipe.producer_acquire();
            cuda::memcpy_async(&buffers[row % 2][column], &in[row * 32 + column], sizeof(int), pipe);
            pipe.producer_commit();
        } else {
            pipe.consumer_wait();
            sum += buffers[row % 2][(column + 1) % 32] - (column + 1) % 32 + column;
            pipe.consumer_release();
        }
    }
    if (!producer) {
        out[column] = sum;
    }
}

int main() {
    std::vector<int> values(kRows * 32);
    for (int i = 0; i < kRows * 32; ++i) {
        values[i] = 100 * (i / 32) + i % 32;
    }
    DeviceArray<int> in(kRows * 32, 0), out(32, 0);
    cudaMemcpy(in.device, values.data(), sizeof(int) * values.size(), cudaMemcpyHostToDevice);
    ownStages<<<1, 32>>>(in.device, out.device);
    int status = printLaunchVerdict();
    printValues("own stages, columns 0 and 31", {out.read()[0], out.read()[31]});
    sharedStages<<<1, 64>>>(in.device, out.device);
    status |= printLaunchVerdict();
    printValues("shared stages, columns 0 and 31", {out.read()[0], out.read()[31]});
    return status;
}
