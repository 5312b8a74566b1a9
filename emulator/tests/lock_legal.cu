// lock_legal.cu: the same spin lock with a fence after taking it too: the
// atomicCAS that takes the lock and the __threadfence() after it are an
// acquire, the fence and the atomicExch that gives it up a release, so each
// block's update of the total is ordered before the next block's read of it.
// Which block comes first still decides the float total's rounding: that is
// the order, not a race.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "total: 0"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void lockedSum(const float* in, float* total, int* lock) {
    if (threadIdx.x == 0) {
        while (atomicCAS(lock, 0, 1) != 0) {
        }
        __threadfence();
        *total += in[blockIdx.x];
        __threadfence();
        atomicExch(lock, 0);
    }
}

int main() {
    DeviceArray<float> in(3, 0.0f);
    DeviceArray<float> total(1, 0.0f);
    DeviceArray<int> lock(1, 0);
    const float values[3] = {1.0f, 1e8f, -1e8f};
    cudaMemcpy(in.device, values, sizeof values, cudaMemcpyHostToDevice);
    lockedSum<<<3, 32>>>(in.device, total.device, lock.device);
    const int status = printLaunchVerdict();
    printValues("total", total.read());
    return status;
}
