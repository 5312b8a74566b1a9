// cooperative_launch.cpp: cudaLaunchCooperativeKernel (warp_emulator/host/cooperative_api.hpp).
#include <cstdio>

#include "api/api_state.hpp"
#include "api/h200_properties.hpp"
#include "warp_emulator/host/runtime_api.hpp"

namespace warp_emulator {

bool cooperativeLaunchNext = false;  // read by runLaunch (scheduling/launch.cpp)

cudaError_t admitCooperativeLaunch(const void* kernel, dim3 grid, dim3 block, size_t sharedBytes) {
    const unsigned long long threads = 1ull * block.x * block.y * block.z;
    if (threads != 0 && threads <= 1024) {
        int perMultiprocessor = 0, multiprocessors = 0;
        h200Attribute(cudaDevAttrMultiProcessorCount, &multiprocessors);
        if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perMultiprocessor, kernel, static_cast<int>(threads),
                                                          sharedBytes) == cudaSuccess &&
            1ull * grid.x * grid.y * grid.z >
                1ull * static_cast<unsigned int>(perMultiprocessor) * static_cast<unsigned int>(multiprocessors)) {
            return api().answer(cudaErrorCooperativeLaunchTooLarge);
        }
    }
    // A configuration a GPU refuses anyway is refused by the launch itself.
    cooperativeLaunchNext = true;
    return cudaSuccess;
}

}  // namespace warp_emulator

cudaError_t cudaLaunchCooperativeKernel(const void* kernel, dim3 grid, dim3 block, void** arguments, size_t sharedBytes,
                                        cudaStream_t) {
    const warp_emulator::RegisteredKernel* registered = warp_emulator::registeredKernelAt(kernel);
    if (registered == nullptr) {
        std::fprintf(stderr,
                     "warp emulator: cudaLaunchCooperativeKernel was given %p, which is no kernel the emulator saw "
                     "cast to void* ((void*)kernel in a .cu file): it cannot tell the kernel's parameters\n",
                     kernel);
        return warp_emulator::api().answer(cudaErrorInvalidDeviceFunction);
    }
    const cudaError_t admitted = warp_emulator::admitCooperativeLaunch(kernel, grid, block, sharedBytes);
    if (admitted != cudaSuccess) {
        return admitted;
    }
    registered->launch(kernel, grid, block, arguments, sharedBytes);
    return cudaPeekAtLastError();
}
