// half_warp_sum_broken.cu: a broken rule that a GPU never reports. Only the
// first 16 lanes' values are wanted, so the learner puts the shuffle ladder
// inside `if (lane < 16)` but keeps the full mask 0xffffffff. That mask says
// all 32 lanes will reach this call; lanes 16-31 skip the branch, so the
// result is undefined (it often looks right on a GPU, as it does here).
//   emulator/emulate emulator/examples/half_warp_sum_broken.cu
// half_warp_sum_fixed.cu is the same program with the mask earned.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void halfWarpSum(const int* values, int* sums) {
    const int lane = threadIdx.x;
    int sum = values[lane];
    if (lane < 16) {
        for (int offset = 8; offset > 0; offset /= 2) {
            sum += __shfl_down_sync(0xffffffff, sum, offset);  // lanes 16-31 never get here
        }
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
