// toolkit_helper.h: a helper header written for the CUDA Toolkit, in the
// manner of the ones books, courses and cuda-samples ship: what it defines
// depends on the macros the Toolkit's headers define, and it calls the
// runtime API without including it itself.
#pragma once

#include <cstdio>
#include <cstdlib>

#ifdef __DRIVER_TYPES_H__
#define CHECK(call) checkCall((call), #call, __FILE__, __LINE__)
inline void checkCall(cudaError_t result, const char* call, const char* file, int line) {
    if (result != cudaSuccess) {
        std::fprintf(stderr, "%s:%d: %s failed: %s\n", file, line, call, cudaGetErrorName(result));
        std::exit(1);
    }
}
#endif

#if defined(__CUDA_RUNTIME_H__) && CUDART_VERSION >= 12000
// The device's clock and memory, as such helpers print them.
inline void describeDevice(int device) {
    int clockKhz = 0, memoryClockKhz = 0, busWidth = 0, computeMode = 0, integrated = 0;
    CHECK(cudaDeviceGetAttribute(&clockKhz, cudaDevAttrClockRate, device));
    CHECK(cudaDeviceGetAttribute(&memoryClockKhz, cudaDevAttrMemoryClockRate, device));
    CHECK(cudaDeviceGetAttribute(&busWidth, cudaDevAttrGlobalMemoryBusWidth, device));
    CHECK(cudaDeviceGetAttribute(&computeMode, cudaDevAttrComputeMode, device));
    CHECK(cudaDeviceGetAttribute(&integrated, cudaDevAttrIntegrated, device));
    std::printf("clock %d kHz, memory clock %d kHz, bus %d bits, compute mode %s, %s\n", clockKhz, memoryClockKhz,
                busWidth, computeMode == cudaComputeModeDefault ? "default" : "restricted",
                integrated ? "integrated" : "discrete");
}
#endif
