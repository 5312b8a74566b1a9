// owners_across_attempts.cu: on worker processes, which block touched each 4
// bytes of global memory is kept with the last bits of its launch's attempt
// number (emulator/runtime/checks/block_sharing.hpp), so every 32 attempts
// the owners are emptied. Here the first launch writes c, slice b by block
// b; 31 launches touch only d; the 33rd reads c, slice (b + 1) % 64 by block
// b, and the 34th again. Left from the first launch, c's owners would look
// like the 33rd's own, another block's writes: the launch would run again on
// one worker, and its kernel from then on. tests/emulate.cmake
// (CHECK=owners_across_attempts) counts the worker processes: 2 for each of
// the 34 launches.
#include <cstdio>

__global__ void writeSlices(float* c) { c[blockIdx.x * blockDim.x + threadIdx.x] = blockIdx.x; }

__global__ void touchOther(float* d) { d[blockIdx.x * blockDim.x + threadIdx.x] += 1.0f; }

__global__ void readNext(const float* c, float* out, int blocks) {
    const int next = (blockIdx.x + 1) % blocks;
    out[blockIdx.x * blockDim.x + threadIdx.x] = c[next * blockDim.x + threadIdx.x];
}

int main() {
    const int blocks = 64, threads = 256, n = blocks * threads;
    float *c = nullptr, *d = nullptr, *out = nullptr;
    cudaMalloc(&c, n * sizeof(float));
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&out, n * sizeof(float));
    cudaMemset(d, 0, n * sizeof(float));
    writeSlices<<<blocks, threads>>>(c);
    for (int i = 0; i < 31; ++i) {
        touchOther<<<blocks, threads>>>(d);
    }
    readNext<<<blocks, threads>>>(c, out, blocks);
    readNext<<<blocks, threads>>>(c, out, blocks);
    float first = 0, last = 0, touched = 0;
    cudaMemcpy(&first, out, sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(&last, out + (blocks - 1) * threads, sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(&touched, d, sizeof(float), cudaMemcpyDeviceToHost);
    std::printf("%s: block 0 read %g, block 63 read %g, d touched %g times\n", cudaGetErrorName(cudaDeviceSynchronize()),
                first, last, touched);
    cudaFree(c);
    cudaFree(d);
    cudaFree(out);
    return 0;
}
