// atomics_legal.cu: every kind of atomic function, used as made: unordered
// with each other, none racing. Tickets from atomicInc (kept in shared memory
// and read after the barrier), a maximum (atomicMax), flags (atomicOr), the
// last writer (atomicExch), a count down (atomicSub, atomicDec), a float sum
// (atomicAdd), bits toggled (atomicXor, atomicAnd) and a minimum (atomicMin).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "results: 127 2147483647 7 0 372 0 -2147483648 -127", "sum: 32"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__device__ unsigned int tickets = 0;

__global__ void everyAtomic(unsigned int* order, int* results, float* sum) {
    __shared__ unsigned int ticket;
    if (threadIdx.x == 0) {
        ticket = atomicInc(&tickets, 1000);
    }
    __syncthreads();
    order[blockIdx.x * blockDim.x + threadIdx.x] = ticket;
    const int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    atomicMax(&results[0], t);
    atomicOr(&results[1], 1 << (t % 31));
    atomicExch(&results[2], 7);
    atomicSub(&results[3], 1);
    atomicDec(reinterpret_cast<unsigned int*>(&results[4]), 1000u);
    atomicXor(&results[5], 1);
    atomicAnd(&results[6], ~(1 << (t % 31)));
    atomicMin(&results[7], -t);
    atomicAdd(sum, 0.25f);
}

int main() {
    DeviceArray<unsigned int> order(128, 0);
    DeviceArray<int> results(8, 0);
    const int start[8] = {0, 0, 0, 128, 500, 0, -1, 0};
    cudaMemcpy(results.device, start, sizeof start, cudaMemcpyHostToDevice);
    DeviceArray<float> sum(1, 0.0f);
    everyAtomic<<<4, 32>>>(order.device, results.device, sum.device);
    const int status = printLaunchVerdict();
    printValues("results", results.read());
    printValues("sum", sum.read());
    return status;
}
