// launch.hpp: what launch.cpp tells the rest of the runtime of a launch
// before it runs it: whether a GPU takes its configuration.
#pragma once

#include <cstddef>

#include "warp_emulator/host/runtime_types.hpp"

namespace warp_emulator {

// What a GPU answers to a launch's configuration (evidence/gpu-answers-h200.txt):
// cudaSuccess, or the error the launch fails with (cudaErrorInvalidValue).
cudaError_t launchConfigurationError(const void* kernel, dim3 grid, dim3 block, size_t sharedBytes);

}  // namespace warp_emulator
