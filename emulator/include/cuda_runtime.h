// cuda_runtime.h, for the host compiler: with emulator/include first on the include path,
// a CUDA file's #include <cuda_runtime.h> brings in the CPU warp emulator instead of the
// CUDA runtime (warp_emulator.hpp), and, as the Toolkit's does, the headers it includes,
// with the macros they define, which helper headers written for the Toolkit test.
#pragma once
#define __CUDA_RUNTIME_H__
#include "cuda_runtime_api.h"
#include "driver_types.h"
#include "vector_types.h"
#include "host_defines.h"
#include "device_types.h"
#include "driver_functions.h"
#include "vector_functions.h"
#include "channel_descriptor.h"
#include "warp_emulator.hpp"
