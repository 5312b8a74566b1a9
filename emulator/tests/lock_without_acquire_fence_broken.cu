// lock_without_acquire_fence_broken.cu: "CUDA by Example"'s lock: one thread
// per block adds its block's value to a float total inside a spin lock made
// with atomicCAS and atomicExch, with __threadfence() only before the unlock.
// The unlock is a release; the lock is no acquire, since no fence follows the
// atomicCAS before the total is read (the PTX ISA: an acquire pattern is "a
// strong read on M followed by an acquire memory fence in program order"). So
// nothing orders one block's update of the total before the next block's read
// of it. lock_legal.cu puts the fence where the acquire needs it.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "total: 0"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void lockedSum(const float* in, float* total, int* lock) {
    if (threadIdx.x == 0) {
        while (atomicCAS(lock, 0, 1) != 0) {
        }
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
    printLaunchVerdict();
    printValues("total", total.read());
    return 0;
}
