// cuda_memcpy_async_group_legal.cu: the Programming Guide's group forms of
// cuda::memcpy_async, cuda::memcpy_async(block, shared, global, bytes,
// barrier) and cuda::memcpy_async(block, shared, global, bytes, pipeline):
// the block's threads share each copy, which completes with the barrier's
// phase (arrive_and_wait) or with the pipeline's consumer_wait; only then
// does a thread read what another's share brought.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "barrier: out[0] 127, out[127] 0", "pipeline: out[0] 1127, out[127] 1000"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>

#include "case.cuh"

namespace cg = cooperative_groups;

constexpr int kThreads = 128;

__global__ void throughBarrier(const int* in, int* out) {
    cg::thread_block block = cg::this_thread_block();
    __shared__ int staged[kThreads];
    __shared__ cuda::barrier<cuda::thread_scope_block> copied;
    if (block.thread_rank() == 0) {
        init(&copied, block.size());
    }
    block.sync();
    cuda::memcpy_async(block, staged, in, sizeof(int) * kThreads, copied);
    copied.arrive_and_wait();
    out[block.thread_rank()] = staged[kThreads - 1 - block.thread_rank()];
}

__global__ void throughPipeline(const int* in, int* out) {
    cg::thread_block block = cg::this_thread_block();
    __shared__ int staged[kThreads];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> state;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state);
    pipe.producer_acquire();
    cuda::memcpy_async(block, staged, in, sizeof(int) * kThreads, pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    out[block.thread_rank()] = staged[kThreads - 1 - block.thread_rank()] + 1000;
    pipe.consumer_release();
}

int main() {
    std::vector<int> values(kThreads);
    for (int i = 0; i < kThreads; ++i) {
        values[static_cast<size_t>(i)] = i;
    }
    DeviceArray<int> in(kThreads, 0);
    cudaMemcpy(in.device, values.data(), kThreads * sizeof(int), cudaMemcpyHostToDevice);
    DeviceArray<int> out(kThreads, -1);
    throughBarrier<<<1, kThreads>>>(in.device, out.device);
    int verdict = printLaunchVerdict();
    const std::vector<int> reversed = out.read();
    std::printf("barrier: out[0] %d, out[127] %d\n", reversed[0], reversed[kThreads - 1]);
    throughPipeline<<<1, kThreads>>>(in.device, out.device);
    verdict |= printLaunchVerdict();
    const std::vector<int> shifted = out.read();
    std::printf("pipeline: out[0] %d, out[127] %d\n", shifted[0], shifted[kThreads - 1]);
    return verdict;
}
