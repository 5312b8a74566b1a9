// lane_orders_legal.cu: a correct block reduction through shared memory with
// __syncthreads() between the steps gives the same bytes in every lane order
// (ascending, descending, random): no report in any of them.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "sums: 384 384 384 384"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
// run: WARP_EMULATOR_LANE_ORDER=random:7
#include "case.cuh"

__global__ void blockSum(const int* in, int* sums) {
    __shared__ int partial[128];
    const int t = threadIdx.x;
    partial[t] = in[blockIdx.x * 128 + t];
    __syncthreads();
    for (int stride = 64; stride > 0; stride /= 2) {
        if (t < stride) {
            partial[t] += partial[t + stride];
        }
        __syncthreads();
    }
    if (t == 0) {
        sums[blockIdx.x] = partial[0];
    }
}

int main() {
    DeviceArray<int> in(4 * 128, 3);
    DeviceArray<int> sums(4, -1);
    blockSum<<<4, 128>>>(in.device, sums.device);
    printLaunchVerdict();
    printValues("sums", sums.read());
    return 0;
}
