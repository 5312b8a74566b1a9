// shuffle_orders_no_memory_legal.cu: the same with a __syncwarp() between the
// stores and the reads: "Executing __syncwarp() guarantees memory ordering
// among threads participating in the barrier" (the Programming Guide).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out[0]: 6"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void neighbours(const int* in, int* out) {
    __shared__ int slots[32];
    const int lane = static_cast<int>(threadIdx.x);
    slots[lane] = in[lane];
    const int first = __shfl_sync(0xffffffffu, in[lane], 0);
    __syncwarp();
    out[lane] = slots[(lane + 1) % 32] + first;
}

int main() {
    DeviceArray<int> in(32, 3);
    DeviceArray<int> out(32, 0);
    neighbours<<<1, 32>>>(in.device, out.device);
    const int status = printLaunchVerdict();
    printValues("out[0]", {out.read()[0]});
    return status;
}
