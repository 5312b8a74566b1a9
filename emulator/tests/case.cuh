// case.cuh: what the regression cases share: device arrays that print
// themselves, and the runtime API's verdict on a launch.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <initializer_list>
#include <vector>

// An array in device memory (so the race check covers it), filled on creation.
template <typename T>
struct DeviceArray {
    T* device = nullptr;
    int count;
    DeviceArray(int n, T fill) : count(n) {
        cudaMalloc(&device, n * sizeof(T));
        std::vector<T> host(n, fill);
        cudaMemcpy(device, host.data(), n * sizeof(T), cudaMemcpyHostToDevice);
    }
    ~DeviceArray() { cudaFree(device); }
    std::vector<T> read() const {
        std::vector<T> host(count);
        cudaMemcpy(host.data(), device, count * sizeof(T), cudaMemcpyDeviceToHost);
        return host;
    }
};

// "name: 1 2 3 ..." with %g, %d or 0x%08x as the values need.
inline void printValues(const char* name, const std::vector<float>& values) {
    std::printf("%s:", name);
    for (float value : values) {
        std::printf(" %g", static_cast<double>(value));
    }
    std::printf("\n");
}
inline void printValues(const char* name, const std::vector<int>& values) {
    std::printf("%s:", name);
    for (int value : values) {
        std::printf(" %d", value);
    }
    std::printf("\n");
}
inline void printValues(const char* name, const std::vector<double>& values) {
    std::printf("%s:", name);
    for (double value : values) {
        std::printf(" %g", value);
    }
    std::printf("\n");
}
inline void printValues(const char* name, const std::vector<unsigned int>& values) {
    std::printf("%s:", name);
    for (unsigned int value : values) {
        std::printf(" 0x%08x", value);
    }
    std::printf("\n");
}

// A few values of an array: printValues("out[0], out[63]", {a[0], a[63]}).
template <typename T>
void printValues(const char* name, std::initializer_list<T> values) {
    printValues(name, std::vector<T>(values));
}

// What the runtime API says after the last launch, as a program would ask;
// 0 when both calls succeeded, 1 otherwise, for main() to return.
inline int printLaunchVerdict() {
    const cudaError_t synchronize = cudaDeviceSynchronize();
    const cudaError_t last = cudaGetLastError();
    std::printf("cudaDeviceSynchronize: %s, cudaGetLastError: %s\n", cudaGetErrorName(synchronize), cudaGetErrorName(last));
    return synchronize == cudaSuccess && last == cudaSuccess ? 0 : 1;
}
