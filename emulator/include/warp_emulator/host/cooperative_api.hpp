// cooperative_api.hpp: cudaLaunchCooperativeKernel, the launch whose blocks
// are all resident at once, so that its kernel may synchronize the whole
// grid (grid_group::sync(), warp_emulator/groups/grid.hpp). As a GPU does,
// it refuses a grid larger than the device holds at once: more blocks than
// cudaOccupancyMaxActiveBlocksPerMultiprocessor's answer times the
// multiprocessors (132 on the H200 the emulator reports) is
// cudaErrorCooperativeLaunchTooLarge, and nothing runs
// (runtime/api/cooperative_launch.cpp; the grid is run by
// runtime/scheduling/cooperative_grid.cpp).
#pragma once

#include <cstddef>
#include <utility>

#include "device_api.hpp"
#include "launch.hpp"
#include "runtime_types.hpp"

namespace warp_emulator {

// Whether the device holds the whole grid at once: cudaSuccess, and the next
// launch is cooperative; else the refusal, as the runtime API answers it.
cudaError_t admitCooperativeLaunch(const void* kernel, dim3 grid, dim3 block, size_t sharedBytes);

}  // namespace warp_emulator

template <typename... Parameters>
cudaError_t cudaLaunchCooperativeKernel(void (*kernel)(Parameters...), dim3 grid, dim3 block, void** arguments,
                                        size_t sharedBytes = 0, cudaStream_t = nullptr) {
    const cudaError_t admitted =
        warp_emulator::admitCooperativeLaunch(reinterpret_cast<const void*>(kernel), grid, block, sharedBytes);
    if (admitted != cudaSuccess) {
        return admitted;
    }
    warp_emulator::launchFromArray(kernel, grid, block, arguments, sharedBytes, std::index_sequence_for<Parameters...>{});
    return cudaPeekAtLastError();
}
// A kernel cast to void* (launch.hpp's registeredKernel).
cudaError_t cudaLaunchCooperativeKernel(const void* kernel, dim3 grid, dim3 block, void** arguments,
                                        size_t sharedBytes = 0, cudaStream_t stream = nullptr);
