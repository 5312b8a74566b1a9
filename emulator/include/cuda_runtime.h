// cuda_runtime.h, for the host compiler: with this folder first on the include
// path (-I emulator), a CUDA file's #include <cuda_runtime.h> brings in the CPU
// warp emulator instead of the CUDA runtime. See warp_emulator.hpp.
#pragma once
#include "warp_emulator.hpp"
