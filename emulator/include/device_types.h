// device_types.h, for the host compiler: the CUDA Toolkit's header of that name is part of what
// cuda_runtime.h brings in, and so it is here: the emulator's headers (warp_emulator.hpp),
// with the macros the Toolkit's defines, which helper headers written for it test.
#pragma once
#define __DEVICE_TYPES_H__
#include "warp_emulator.hpp"
