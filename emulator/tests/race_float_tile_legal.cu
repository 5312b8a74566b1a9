// race_float_tile_legal.cu: the same block sum with the barrier after the load.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "sums: 128 128"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void blockSum(const float* in, float* sums) {
    __shared__ float tile[128];
    tile[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
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
    const int status = printLaunchVerdict();
    printValues("sums", sums.read());
    return status;
}
