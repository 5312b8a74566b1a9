// barrier_early_return_broken.cu: the common `if (i >= n) return;` before a
// __syncthreads(). On a GPU it does not hang (the PTX ISA's exit: "If the
// exiting threads are holding up the barrier, the barrier is released"), but
// the threads past n took a condition the others did not, which the Guide does
// not allow around a barrier: reported. Guard the work, not the barrier.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void returnBeforeTheBarrier(const int* in, int* out, int n) {
    __shared__ int tile[64];
    const int i = threadIdx.x;
    if (i >= n) {
        return;
    }
    tile[i] = in[i];
    __syncthreads();
    out[i] = tile[n - 1 - i];
}

int main() {
    DeviceArray<int> in(64, 5);
    DeviceArray<int> out(64, -1);
    returnBeforeTheBarrier<<<1, 64>>>(in.device, out.device, 40);
    printLaunchVerdict();
    return 0;
}
