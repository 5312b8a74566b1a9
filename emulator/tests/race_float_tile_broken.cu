// race_float_tile_broken.cu: a block sum that loads a float tile and forgets
// the __syncthreads() after the load: thread 0 may sum slots the other
// threads have not stored yet.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 1 hazard (Error: Race reported between Write access at blockSum(const float *, float *)+0xe0)
// expect-exit: 66
#include "case.cuh"

__global__ void blockSum(const float* in, float* sums) {
    __shared__ float tile[128];
    tile[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    if (threadIdx.x == 0) {
        float sum = 0.0f;
        for (int i = 0; i < 128; ++i) {
            sum += tile[i];
        }
        sums[blockIdx.x] = sum;
    }
}

int main() {
    DeviceArray<float> in(256, 1.0f);
    DeviceArray<float> sums(2, 0.0f);
    blockSum<<<2, 128>>>(in.device, sums.device);
    return printLaunchVerdict();
}
