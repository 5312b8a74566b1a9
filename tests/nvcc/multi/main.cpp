// main.cpp: host code, compiled as C++ by nvcc's host compiler, that calls
// the CUDA code of scale.cu and checks what it did.
#include <cstdio>
#include <vector>

#include "scale.h"

#ifdef __CUDACC__
#error "a .cpp file is host code: nvcc defines __CUDACC__ only in .cu files"
#endif
#ifndef __NVCC__
#error "nvcc defines __NVCC__ in every file it compiles"
#endif

int main() {
    std::vector<float> values(1000);
    for (int i = 0; i < 1000; ++i) {
        values[i] = static_cast<float>(i);
    }
    const int failures = scaleOnDevice(values.data(), 1000, 2.0f);
    int wrong = 0;
    for (int i = 0; i < 1000; ++i) {
        wrong += values[i] != 2.0f * static_cast<float>(i) + 0.5f;
    }
    std::printf("scaled 1000 values: %d wrong, %d failed calls\n", wrong, failures);
    return wrong == 0 && failures == 0 ? 0 : 1;
}
