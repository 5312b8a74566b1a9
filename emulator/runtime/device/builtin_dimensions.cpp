// builtin_dimensions.cpp: gridDim and blockDim, as a kernel reads them
// (warp_emulator/device/kernel_calls.hpp says why they are variables). They
// lie in a section of their own, so that one comparison in the
// instrumentation's hooks lets a kernel's reads of them through
// (access_hooks.cpp). This file alone defines them, writable: everything else
// sees them const, as a kernel must.
#include "device/builtin_dimensions.hpp"

__attribute__((section("warp_emulator_builtins"), used)) dim3 warp_emulator_gridDim;
__attribute__((section("warp_emulator_builtins"), used)) dim3 warp_emulator_blockDim;

namespace warp_emulator {

void setLaunchDimensions(dim3 grid, dim3 block) {
    warp_emulator_gridDim = grid;
    warp_emulator_blockDim = block;
}

}  // namespace warp_emulator
