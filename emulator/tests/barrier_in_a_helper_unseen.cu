// barrier_in_a_helper_unseen.cu: what the emulator cannot see. Every
// __syncthreads() of the kernel is the one line of a helper, reached under
// conditions that differ across the block: warp 0 passes the loop's barrier
// once and then the one under `if`, warp 1 the loop's twice. The Programming
// Guide: __syncthreads() "is allowed in conditional code but only if the
// conditional evaluates identically across the entire thread block". The
// emulator tells barriers apart by their source line, so every call here is
// the same barrier, reached twice by every thread, and nothing is reported
// (barrier_branches_broken.cu calls two lines).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out[0], out[63]: 64 0"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__device__ void barrier() { __syncthreads(); }

__global__ void uneven(int* out) {
    __shared__ int tile[64];
    const int t = static_cast<int>(threadIdx.x);
    for (int i = 0; i < t / 32 + 1; ++i) {
        tile[t] = t + i;
        barrier();
    }
    if (t < 32) {
        barrier();
    }
    out[t] = tile[63 - t];
}

int main() {
    DeviceArray<int> out(64, 0);
    uneven<<<1, 64>>>(out.device);
    const int status = printLaunchVerdict();
    printValues("out[0], out[63]", {out.read()[0], out.read()[63]});
    return status;
}
