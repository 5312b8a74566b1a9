// cuda.h, for the host compiler: the CUDA driver API (cuInit, cuLaunchKernel) is not
// emulated, but a program that includes cuda.h for CUDA_VERSION, or beside the runtime API,
// builds: a driver API call it makes is a compiler's error naming the call.
#pragma once
#define __cuda_cuda_h__
#ifndef CUDA_VERSION
#define CUDA_VERSION 13000
#endif
#include "warp_emulator.hpp"
