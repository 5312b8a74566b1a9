// memcpy3d.cpp: cudaMemcpy3D, whose CUDA-array side is cuda_arrays.cpp's
// (warp_emulator::copy3DWithArray). A copy between two pitched memories
// (cudaMalloc3D's) is linear memory's, which this file does not emulate: it
// says so and fails.
#include <cstdio>

#include "api/api_state.hpp"
#include "warp_emulator/host/runtime_api.hpp"

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* parameters) {
    if (parameters == nullptr) {
        return warp_emulator::api().answer(cudaErrorInvalidValue);
    }
    if (parameters->srcArray != nullptr || parameters->dstArray != nullptr) {
        return warp_emulator::copy3DWithArray(*parameters);
    }
    std::fprintf(stderr,
                 "warp emulator: cudaMemcpy3D between two pitched memories (no CUDA array on either side) is not "
                 "emulated\n");
    return warp_emulator::api().answer(cudaErrorNotSupported);
}

cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms* parameters, cudaStream_t) { return cudaMemcpy3D(parameters); }
