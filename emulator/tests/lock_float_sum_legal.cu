// lock_float_sum_legal.cu: "CUDA by Example"'s lock: one thread per block
// adds its block's value to a float total inside a spin lock made with
// atomicCAS and atomicExch. Which block comes first decides the rounding, as
// with a float atomicAdd: named as such (a note), not a race. Exit 0.
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
    printValues("total after the kept (first) run", total.read());
    return 0;
}
