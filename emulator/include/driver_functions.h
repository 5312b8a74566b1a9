// driver_functions.h, for the host compiler: as the CUDA Toolkit's,
// make_cudaPitchedPtr, make_cudaPos and make_cudaExtent, with the macro the
// Toolkit's defines, which helper headers test. They are the emulator's own
// (warp_emulator/host/memory_3d_types.hpp, with the types they make).
#pragma once
#define __DRIVER_FUNCTIONS_H__
#include "driver_types.h"
#include "warp_emulator/host/memory_3d_types.hpp"
