// race_syncwarp_across_warps_broken.cu: a block sum in which each warp
// writes its partial to shared memory and warp 0 reads all four, with
// __syncwarp() where __syncthreads() is needed. __syncwarp() orders the lanes
// of one warp only: warp 0 may read partials[1..3] before warps 1-3 wrote
// them. In the race check's second run a warp runs on past its collectives
// ahead of the others, so the sums differ and the race is reported.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 1 hazard (Error: Race reported between Write access at blockSum(const int *, int *)+0x170)
// expect-exit: 66
#include "case.cuh"

__global__ void blockSum(const int* in, int* out) {
    __shared__ int partials[4];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    int v = in[threadIdx.x];
    for (int d = 16; d > 0; d /= 2) {
        v += __shfl_down_sync(0xffffffffu, v, d);
    }
    if (lane == 0) {
        partials[warp] = v;
    }
    __syncwarp();  // orders this warp's lanes only: __syncthreads() is needed
    if (warp == 0) {
        int p = lane < 4 ? partials[lane] : 0;
        for (int d = 2; d > 0; d /= 2) {
            p += __shfl_down_sync(0xffffffffu, p, d);
        }
        if (lane == 0) {
            *out = p;
        }
    }
}

int main() {
    DeviceArray<int> in(128, 1);
    DeviceArray<int> out(1, 0);
    blockSum<<<1, 128>>>(in.device, out.device);
    printLaunchVerdict();
    return 0;
}
