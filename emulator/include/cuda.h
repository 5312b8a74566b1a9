// cuda.h, for the host compiler: the CUDA driver API (cuInit, cuLaunchKernel)
// is not emulated, but a program that includes cuda.h for CUDA_VERSION or
// alongside the runtime API builds (see cuda_runtime.h).
#pragma once
#include "warp_emulator.hpp"
#ifndef CUDA_VERSION
#define CUDA_VERSION 13000
#endif
