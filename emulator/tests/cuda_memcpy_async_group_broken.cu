// cuda_memcpy_async_group_broken.cu: the block shares a copy with the group
// form cuda::memcpy_async(block, shared, global, bytes, barrier), then each
// thread reads another's share before the barrier's arrive_and_wait: the
// copy is still in flight, and may land before or after the read.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include <cooperative_groups.h>
#include <cuda/barrier>

#include "case.cuh"

namespace cg = cooperative_groups;

constexpr int kThreads = 64;

__global__ void readsTooSoon(const int* in, int* out) {
    cg::thread_block block = cg::this_thread_block();
    __shared__ int staged[kThreads];
    __shared__ cuda::barrier<cuda::thread_scope_block> copied;
    if (block.thread_rank() == 0) {
        init(&copied, block.size());
    }
    block.sync();
    cuda::memcpy_async(block, staged, in, sizeof(int) * kThreads, copied);
    out[block.thread_rank()] = staged[kThreads - 1 - block.thread_rank()];
    copied.arrive_and_wait();
}

int main() {
    DeviceArray<int> in(kThreads, 7);
    DeviceArray<int> out(kThreads, -1);
    readsTooSoon<<<1, kThreads>>>(in.device, out.device);
    printLaunchVerdict();
    return 0;
}
