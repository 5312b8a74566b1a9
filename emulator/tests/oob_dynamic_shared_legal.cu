// oob_dynamic_shared_legal.cu: the same, with room for all 64 floats.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out[0]: 1"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
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
    stage<<<1, 64, 64 * sizeof(float)>>>(in.device, out.device);
    const int status = printLaunchVerdict();
    printValues("out[0]", {out.read()[0]});
    return status;
}
