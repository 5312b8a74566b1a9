// atomic_after_init_legal.cu: the two races of race_init_then_own_atomic_broken.cu
// and race_read_then_own_atomic_broken.cu with what orders them: thread 0
// zeroes the counter, a __syncthreads() follows, then every thread counts
// itself with atomicAdd; after a second __syncthreads() each thread reads the
// count plainly and adds it to a global total with atomicAdd. Every plain
// access here is ordered with every atomic of another thread: no race.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "total: 8192"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void countThenSum(int* total) {
    __shared__ int count;
    if (threadIdx.x == 0) {
        count = 0;
    }
    __syncthreads();
    atomicAdd(&count, 1);
    __syncthreads();
    const int counted = count;  // after the barrier: every atomic came before
    atomicAdd(total, counted);
}

int main() {
    DeviceArray<int> total(1, 0);
    countThenSum<<<2, 64>>>(total.device);
    printLaunchVerdict();
    printValues("total", total.read());
    return 0;
}
