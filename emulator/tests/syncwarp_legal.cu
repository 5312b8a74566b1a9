// syncwarp_legal.cu: __syncwarp() inside a branch with the mask of the lanes
// that take it, then a full-mask __syncwarp() that all 32 reach; each orders
// writes to shared slots before other lanes read them. No report, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void syncwarpPerBranch(int* out) {
    __shared__ int slots[32];
    __shared__ int neighbours[8];
    const int lane = threadIdx.x;
    slots[lane] = lane;
    if (lane < 8) {
        __syncwarp(0x000000ffu);  // lanes 0-7 wrote their slots before any of them reads one
        neighbours[lane] = slots[(lane + 1) % 8];
    }
    __syncwarp();
    out[lane] = lane < 8 ? neighbours[lane] : slots[31 - lane];
}

int main() {
    DeviceArray<int> out(32, -1);
    syncwarpPerBranch<<<1, 32>>>(out.device);
    printLaunchVerdict();
    printValues("out", out.read());
    return 0;
}
