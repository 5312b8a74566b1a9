// rewrites.cu: every form of launch and __shared__ declaration that
// emulator/emulate rewrites, in a program that checks its own results. Plain
// CUDA: emulate_sources_are_cuda builds it with nvcc as well. emulate.cmake
// runs it (emulate_rewrites) and reads the copy emulate kept of it.
#include <cstdio>
#include <algorithm>
#include <cuda_runtime.h>
#include "launchers/fill.cuh"

namespace kernels {
__global__ void addOne(int* values) { values[threadIdx.x] += 1; }
}  // namespace kernels

template <typename T, int Factor>
__global__ void scale(T* values) { values[threadIdx.x] *= Factor; }

template <typename First, typename Second>
struct Pair {
    First first;
    Second second;
};

// Dynamic shared memory, sized by the launch's third argument; the type has a
// comma in it and the declaration an alignment, which the rewrite drops.
__global__ void sumThroughShared(const int* values, int* total) {
    extern __shared__ __align__(16) Pair<int, int> staged[];
    staged[threadIdx.x] = {values[threadIdx.x], 1};
    __syncthreads();
    if (threadIdx.x == 0) {
        int sum = 0;
        for (unsigned int i = 0; i < blockDim.x; ++i) {
            sum += staged[i].first * staged[i].second;
        }
        *total = sum;
    }
}

// static __shared__ and __shared__ static: one counter per block.
__global__ void countThreads(int* count) {
    static __shared__ int arrived;
    __shared__ static int
        departed;
    if (threadIdx.x == 0) {
        arrived = 0;
        departed = 0;
    }
    __syncthreads();
    atomicAdd(&arrived, 1);
    atomicAdd(&departed, 2);
    __syncthreads();
    if (threadIdx.x == 0) {
        atomicAdd(count, arrived + departed);
    }
}

int main() {
    int *values, *result;
    cudaMalloc(&values, 32 * sizeof(int));
    cudaMalloc(&result, sizeof(int));
    int host[32];
    auto read = [&] {
        cudaMemcpy(host, values, sizeof host, cudaMemcpyDeviceToHost);
        return host[31];
    };

    // A launch in a string or a comment stays as it is:
    const char* inString = "fillKernel<<<1, 32>>>(values, 5);";
    // fillKernel<<<1, 32>>>(values, 5); in a line comment
    /* kernels::addOne<<<1, 32>>>(values); in a block comment */
    const char inCharacter = '<';
    std::printf("%s %c\n", inString, inCharacter);

    fill(values, 7);  // launched in launchers/fill.cuh
    expect("fill in an include", read(), 7);

    kernels::addOne<<<dim3(1, 1, 1),
                      dim3(std::max<int>(16, (32)))>>>(values);
    expect("namespace, dim3 with nested parentheses and a template, over two lines", read(), 8);

    scale<int, 3><<<1, 32>>>(
        values);
    expect("template kernel, arguments on the next line", read(), 24);

    (kernels::addOne)<<<1, 32, 0, nullptr>>>(values);
    expect("parenthesised kernel, shared bytes and stream", read(), 25);

    ::kernels::addOne
        <<<1, 32>>>
        (values);
    expect("from the global namespace, over three lines", read(), 26);

    sumThroughShared<<<1, 32, 32 * sizeof(Pair<int, int>)>>>(values, result);
    int total = 0;
    cudaMemcpy(&total, result, sizeof total, cudaMemcpyDeviceToHost);
    expect("extern __shared__, sized by the launch", total, 32 * 26);

    cudaMemset(result, 0, sizeof(int));
    countThreads<<<3, 64>>>(result);
    cudaMemcpy(&total, result, sizeof total, cudaMemcpyDeviceToHost);
    expect("static __shared__ and __shared__ static, 3 blocks of 64", total, 3 * 64 * 3);

    std::printf("this line is %s:%d\n", __FILE__, __LINE__);  // the line number emulate.cmake expects
    cudaFree(values);
    cudaFree(result);
    return failures == 0 ? 0 : 1;
}
