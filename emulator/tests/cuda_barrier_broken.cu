// cuda_barrier_broken.cu: three mistakes with libcu++'s cuda::barrier
// (<cuda/barrier>). In the first kernel, thread 0 initializes the barrier and
// the others arrive on it with nothing between (no __syncthreads()), so
// their arrivals race with the initialization (libcu++: init must come
// before any other use of the barrier, and it is a plain write). In the
// second, the barrier expects 64 arrivals a phase but threads 32-63 never
// arrive (they wait at __syncthreads() instead), so the wait of threads 0-31
// can never return: a GPU hangs there; the emulator says where every thread
// is, and completes the phase. In the third, the barrier expects 1 arrival a
// phase, so thread 0's arrive_and_wait() completes the phase alone and waits
// for no one: its reads of the others' slots race with their writes (and
// read poison where they have not written yet). An H200: the first and the
// third give what timing gives; the second hangs.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorLaunchFailure; memcheck 41 errors (Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize); initcheck 0 errors; racecheck hangs
// expect-exit: 66
#include <cuda/barrier>

#include "case.cuh"

__global__ void arrivesBeforeInit(int* out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> barrier;
    if (threadIdx.x == 0) {
        init(&barrier, blockDim.x);
    }
    barrier.arrive_and_wait();
    out[threadIdx.x] = 1;
}

__global__ void halfNeverArrive(int* out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> barrier;
    if (threadIdx.x == 0) {
        init(&barrier, blockDim.x);
    }
    __syncthreads();
    if (threadIdx.x < 32) {
        barrier.arrive_and_wait();
    }
    __syncthreads();
    out[threadIdx.x] = 2;
}

__global__ void waitsForTooFew(int* out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> barrier;
    __shared__ int slots[64];
    if (threadIdx.x == 0) {
        init(&barrier, 1);
    }
    __syncthreads();
    slots[threadIdx.x] = static_cast<int>(threadIdx.x);
    if (threadIdx.x == 0) {
        barrier.arrive_and_wait();
        int sum = 0;
        for (int i = 0; i < 64; ++i) {
            sum += slots[i];
        }
        out[0] = sum;
    }
}

int main() {
    DeviceArray<int> out(64, 0);
    arrivesBeforeInit<<<1, 64>>>(out.device);
    printLaunchVerdict();
    halfNeverArrive<<<1, 64>>>(out.device);
    printLaunchVerdict();
    waitsForTooFew<<<1, 64>>>(out.device);
    printLaunchVerdict();
    return 0;
}
