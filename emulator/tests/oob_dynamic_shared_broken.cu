// oob_dynamic_shared_broken.cu: the launch gives dynamic shared memory for 63
// floats, and 64 threads each store one.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 5 errors (Invalid __shared__ write of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include "case.cuh"

__global__ void stage(const float* in, float* out) {
    extern __shared__ float staged[];
    staged[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = staged[blockDim.x - 1 - threadIdx.x];
}

int main() {
    DeviceArray<float> in(64, 1.0f);
    DeviceArray<float> out(64, 0.0f);
    stage<<<1, 64, 63 * sizeof(float)>>>(in.device, out.device);
    return printLaunchVerdict();
}
