// builtin_index_names.cu: host code with variables of its own named threadIdx
// and blockIdx, as a CPU reference loop may have (`uint3 threadIdx;`). The
// emulator's threadIdx and blockIdx are macros, so the rewriting renames the
// program's own to names of the same length; the plant
// builtin_names_not_renamed (tests/plants.py) takes that away and must fail.
#include <cstdio>

__global__ void where(unsigned int* out) { out[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x; }

int main() {
    uint3 threadIdx = make_uint3(1, 2, 3);
    dim3 blockIdx(4, 5, 6);
    unsigned int* out = nullptr;
    cudaMallocManaged(&out, 64 * sizeof(unsigned int));
    where<<<2, 32>>>(out);
    cudaDeviceSynchronize();
    std::printf("host threadIdx %u %u %u, blockIdx %u %u %u, out[33] %u\n", threadIdx.x, threadIdx.y, threadIdx.z,
                blockIdx.x, blockIdx.y, blockIdx.z, out[33]);
    cudaFree(out);
    return 0;
}
