// barrier_cost.cu: what the emulator pays per thread, and per thread at each
// __syncthreads(), with every check on: 2^22 threads in blocks of 256, each
// passing BARRIERS barriers (the first argument, 0 unless given) and touching
// no memory but one thread's flag. emulator/bench/per-operation.sh runs it
// with 0 and with 9 barriers, the count of emulator/bench/block_reduce.cu.
//   emulator/emulate emulator/bench/barrier_cost.cu 9
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

constexpr unsigned int kThreadsPerBlock = 256;

__global__ void passBarriers(int barriers, int* passed) {
    for (int i = 0; i < barriers; ++i) {
        __syncthreads();
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        *passed = barriers;  // one thread of the grid: no race, and the loop is kept
    }
}

int main(int argc, char** argv) {
    constexpr unsigned int kThreads = 1u << 22;
    const int barriers = argc > 1 ? std::atoi(argv[1]) : 0;
    int* passed = nullptr;
    if (barriers < 0 || cudaMalloc(&passed, sizeof(int)) != cudaSuccess) {
        std::fprintf(stderr, "usage: barrier_cost [BARRIERS >= 0]\n");
        return 2;
    }
    passBarriers<<<kThreads / kThreadsPerBlock, kThreadsPerBlock>>>(barriers, passed);
    const cudaError_t error = cudaDeviceSynchronize();
    int got = -1;
    cudaMemcpy(&got, passed, sizeof got, cudaMemcpyDeviceToHost);
    std::printf("barrier_cost: %u threads, %d barriers each, %s, block 0 passed %d\n", kThreads, barriers,
                cudaGetErrorName(error), got);
    cudaFree(passed);
    return error == cudaSuccess && got == barriers ? 0 : 1;
}
