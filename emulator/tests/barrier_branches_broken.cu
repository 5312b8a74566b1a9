// barrier_branches_broken.cu: an if/else with a __syncthreads() in each
// branch. Rule: "__syncthreads() is allowed in conditional code but only if
// the conditional evaluates identically across the entire thread block,
// otherwise the code execution is likely to hang or produce unintended side
// effects." The two warps wait at different barriers: reported once for the
// block, then released as one barrier, as a GPU's single barrier would be.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void barrierInEachBranch(int* out) {
    __shared__ int slots[64];
    const int t = threadIdx.x;
    slots[t] = t;
    if (t < 32) {
        __syncthreads();
    } else {
        __syncthreads();
    }
    out[t] = slots[63 - t];
}

int main() {
    DeviceArray<int> out(64, -1);
    barrierInEachBranch<<<1, 64>>>(out.device);
    printLaunchVerdict();
    return 0;
}
