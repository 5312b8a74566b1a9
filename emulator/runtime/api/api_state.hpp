// api_state.hpp: the runtime API's own state: its errors, and the settings a
// program makes through it.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>

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
    unsigned int deviceFlags = 0;                       // cudaSetDeviceFlags
    // The device is used by one host thread at a time: a program's threads
    // may each call the runtime API (simpleCallback's do), and a launch, an
    // allocation or a copy runs whole before another begins. Recursive, since
    // one call makes others.
    std::recursive_mutex deviceMutex;

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

// Held for the whole of a call that uses the device's state (ApiState's
// deviceMutex says why). Never held while a host function of the program's
// runs (a stream callback, a graph's host node): it may call the runtime
// API from another thread and wait for it.
class DeviceLock {
public:
    DeviceLock() : guard_(ApiState::get().deviceMutex) {}

private:
    std::lock_guard<std::recursive_mutex> guard_;
};

}  // namespace warp_emulator
