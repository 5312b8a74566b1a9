// builtin_dimensions.hpp: setting the gridDim and blockDim a kernel reads
// (builtin_dimensions.cpp), and where they lie, for the hooks to let reads of
// them through. Included by that file before anything declares them const.
#pragma once

#include "warp_emulator/keywords.hpp"

// The bounds of the section gridDim and blockDim lie in (the linker's). Weak:
// a program that never names them links without builtin_dimensions.cpp, and
// then both are null, and no address lies between them.
extern "C" const char __start_warp_emulator_builtins[] __attribute__((weak));
extern "C" const char __stop_warp_emulator_builtins[] __attribute__((weak));

namespace warp_emulator {

// As a launch begins (launch.cpp).
void setLaunchDimensions(dim3 grid, dim3 block);

}  // namespace warp_emulator
