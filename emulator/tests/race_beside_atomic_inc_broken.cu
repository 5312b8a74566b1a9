// race_beside_atomic_inc_broken.cu: each block takes a ticket with atomicInc
// and keeps it in shared memory for its threads, which read it before the
// barrier that would make the store visible to them.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 1 hazard (Warning: Race reported between Read access at numberBlocks(unsigned int *)+0xa0)
// expect-exit: 66
#include "case.cuh"

__device__ unsigned int tickets = 0;

__global__ void numberBlocks(unsigned int* order) {
    __shared__ unsigned int ticket;
    if (threadIdx.x == 0) {
        ticket = atomicInc(&tickets, 1000);
    }
    order[blockIdx.x * blockDim.x + threadIdx.x] = ticket;
    __syncthreads();
}

int main() {
    DeviceArray<unsigned int> order(128, 0);
    numberBlocks<<<4, 32>>>(order.device);
    return printLaunchVerdict();
}
