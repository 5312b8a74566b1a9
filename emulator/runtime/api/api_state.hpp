// api_state.hpp: the runtime API's own state: its errors, and the settings a
// program makes through it.
#pragma once

#include <cstddef>
#include <map>

#include "reporting/settings.hpp"
#include "warp_emulator/host/runtime_types.hpp"

namespace warp_emulator {

struct ApiState {
    // cudaGetLastError() returns and clears lastError; cudaDeviceSynchronize()
    // returns syncError, the last launch's own failure. Once a kernel stops
    // as a GPU stops one (an invalid access, a failed assert), the error is
    // sticky, as a GPU context's is: every call answers it, until
    // cudaDeviceReset().
    cudaError_t lastError = cudaSuccess;
    cudaError_t syncError = cudaSuccess;
    cudaError_t sticky = cudaSuccess;
    size_t stackBytes = Settings::get().stackBytes;
    std::map<const void*, size_t> dynamicSharedOptIn;  // cudaFuncSetAttribute, per kernel

    static ApiState& get() {
        static ApiState* state = new ApiState;
        return *state;
    }

    // What a call that went as `error` answers, which a failure also leaves
    // as the last error.
    cudaError_t answer(cudaError_t error) {
        if (sticky != cudaSuccess) {
            lastError = sticky;
            return sticky;
        }
        if (error != cudaSuccess) {
            lastError = error;
        }
        return error;
    }
};

inline ApiState& api() { return ApiState::get(); }

}  // namespace warp_emulator
