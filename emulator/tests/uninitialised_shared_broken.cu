// uninitialised_shared_broken.cu: only the first warp loads its half of the
// tile, and every thread reads the mirror-image slot, half of which no
// thread wrote.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out[0], out[63]: 0 5"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void mirror(const int* in, int* out) {
    __shared__ int tile[64];
    if (threadIdx.x < 32) {
        tile[threadIdx.x] = in[threadIdx.x];
    }
    __syncthreads();
    out[threadIdx.x] = tile[63 - threadIdx.x];
}

int main() {
    DeviceArray<int> in(64, 5);
    DeviceArray<int> out(64, 0);
    mirror<<<1, 64>>>(in.device, out.device);
    const int status = printLaunchVerdict();
    printValues("out[0], out[63]", {out.read()[0], out.read()[63]});
    return status;
}
