// half_warp_sum_fixed.cu: half_warp_sum_broken.cu with its mask earned. All
// 32 lanes run the shuffle ladder, so 0xffffffff is true; lanes 16-31 carry
// 0, the identity of +, so they add nothing to the sum. The emulator has
// nothing to report.
//   emulator/emulate emulator/examples/half_warp_sum_fixed.cu
#include <cstdio>
#include <cuda_runtime.h>

__global__ void halfWarpSum(const int* values, int* sums) {
    const int lane = threadIdx.x;
    int sum = lane < 16 ? values[lane] : 0;
    for (int offset = 16; offset > 0; offset /= 2) {
        sum += __shfl_down_sync(0xffffffff, sum, offset);  // all 32 lanes get here
    }
    sums[lane] = __shfl_sync(0xffffffff, sum, 0);  // every lane gets lane 0's total
}

int main() {
    int values[32], sums[32];
    for (int lane = 0; lane < 32; ++lane) {
        values[lane] = lane + 1;  // the first 16 add up to 136
    }
    int *deviceValues, *deviceSums;
    cudaMalloc(&deviceValues, sizeof values);
    cudaMalloc(&deviceSums, sizeof sums);
    cudaMemcpy(deviceValues, values, sizeof values, cudaMemcpyHostToDevice);
    halfWarpSum<<<1, 32>>>(deviceValues, deviceSums);
    cudaMemcpy(sums, deviceSums, sizeof sums, cudaMemcpyDeviceToHost);
    printf("sum of lanes 0-15: %d in lane 0, %d in lane 31 (expected 136)\n", sums[0], sums[31]);
    cudaFree(deviceValues);
    cudaFree(deviceSums);
    return 0;
}
