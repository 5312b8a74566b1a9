// gpu_gate.cuh: how a compiled GPU test decides between running, Skipped and Failed.
// With no usable device it exits 77 (CTest's SKIP_RETURN_CODE) unless
// SHUFFLES_REQUIRE_GPU is set to anything but 0, where a missing GPU fails.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "expect.hpp"

inline bool gpuRequired() {
    const char* value = std::getenv("SHUFFLES_REQUIRE_GPU");
    return value != nullptr && value[0] != '\0' && std::strcmp(value, "0") != 0;
}

// Returns normally when a device is there; otherwise exits Skipped (printing
// instead, where given: what to run in its place) or Failed.
inline void requireDeviceOrSkip(const char* testName, const char* instead = nullptr) {
    int count = 0;
    const cudaError_t error = cudaGetDeviceCount(&count);
    if (error == cudaSuccess && count > 0) {
        return;
    }
    const char* why = error == cudaSuccess ? "no CUDA device" : cudaGetErrorString(error);
    if (gpuRequired()) {
        std::fprintf(stderr, "%s: FAILED: SHUFFLES_REQUIRE_GPU is set and there is no usable GPU (%s)\n", testName, why);
        std::exit(1);
    }
    std::printf("%s: skipped, no usable GPU (%s)\n", testName, why);
    if (instead != nullptr) {
        std::printf("%s\n", instead);
    }
    std::exit(kSkipExitCode);
}
