// cuda_barrier_legal.cu: libcu++'s cuda::barrier<cuda::thread_scope_block>
// (<cuda/barrier>), the arrive-wait barrier. Thread 0 initializes it for the
// block's 64 threads, then __syncthreads(); each phase, every thread writes
// its slot of shared memory, arrives (arrive(), then wait(token), or
// arrive_and_wait()), and reads its neighbour's slot. libcu++: the arrivals
// of a phase happen before the waits that observe its completion, so each
// read comes after the write it reads: no race, no report, exit 0. A second
// kernel uses cuda::memcpy_async(dst, src, bytes, barrier), a copy that
// completes with the barrier's phase, and reads it after arrive_and_wait().
// Each thread prints its neighbour's value: the same on an H200.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
// run: WARP_EMULATOR_LANE_ORDER=random:7
#include <cuda/barrier>

#include "case.cuh"

__global__ void phases(int* out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> barrier;
    __shared__ int slots[64];
    if (threadIdx.x == 0) {
        init(&barrier, blockDim.x);
    }
    __syncthreads();
    int value = static_cast<int>(threadIdx.x);
    for (int phase = 0; phase < 3; ++phase) {
        slots[threadIdx.x] = value;
        barrier.wait(barrier.arrive());
        value = slots[(threadIdx.x + 1) % 64];
        barrier.arrive_and_wait();  // the reads are done before the next phase's writes
    }
    out[threadIdx.x] = value;
}

__global__ void copyWithTheBarrier(const int* in, int* out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> barrier;
    __shared__ alignas(16) int staged[64];
    if (threadIdx.x == 0) {
        init(&barrier, blockDim.x);
    }
    __syncthreads();
    if (threadIdx.x % 4 == 0) {
        cuda::memcpy_async(staged + threadIdx.x, in + threadIdx.x, cuda::aligned_size_t<16>(sizeof(int) * 4), barrier);
    }
    barrier.arrive_and_wait();
    out[threadIdx.x] = staged[(threadIdx.x + 1) % 64];
}

int main() {
    DeviceArray<int> out(64, -1);
    phases<<<1, 64>>>(out.device);
    int status = printLaunchVerdict();
    printValues("after 3 phases", out.read());
    std::vector<int> values(64);
    for (int i = 0; i < 64; ++i) {
        values[i] = 100 + i;
    }
    DeviceArray<int> in(64, 0);
    cudaMemcpy(in.device, values.data(), sizeof(int) * 64, cudaMemcpyHostToDevice);
    copyWithTheBarrier<<<1, 64>>>(in.device, out.device);
    status |= printLaunchVerdict();
    printValues("copied", out.read());
    return status;
}
