// blocks_write_device_variable_legal.cu: each of 32 blocks writes its own
// slot of a __device__ array, which the host then reads: on several workers
// (WARP_EMULATOR_WORKERS) a worker's writes to the program's own variables
// reach the program, as on one.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "slots[0], slots[17], slots[31]: 1 35 63"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_WORKERS=1
// run: WARP_EMULATOR_WORKERS=4
#include "case.cuh"

__device__ int slots[32];

__global__ void fillSlots() {
    if (threadIdx.x == 0) {
        slots[blockIdx.x] = 2 * static_cast<int>(blockIdx.x) + 1;
    }
}

int main() {
    fillSlots<<<32, 64>>>();
    const int status = printLaunchVerdict();
    int host[32] = {};
    cudaMemcpyFromSymbol(host, slots, sizeof host);
    printValues("slots[0], slots[17], slots[31]", {host[0], host[17], host[31]});
    return status;
}
