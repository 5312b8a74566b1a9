// cuda_source.hpp: what nvcc gives every .cu file before its first line:
// the macros of a CUDA compilation, and cuda_runtime.h. emulator/nvcc and
// emulator/emulate include it first (-include), as nvcc includes
// cuda_runtime.h, so that a helper header written for the CUDA Toolkit (one
// that tests __CUDACC__, or calls the runtime API without including it)
// works unchanged. A .cpp file is host code: it sees none of these.
//
// __CUDA_ARCH__. nvcc compiles a .cu file twice, for the host without
// __CUDA_ARCH__ and for each GPU with it; the emulator compiles it once, and
// its device code is host code. So __CUDA_ARCH__ is defined in all of a .cu
// file, to the compute capability the build asked for (-arch=sm_90: 900;
// none: 800, the emulator's own), and `#if __CUDA_ARCH__ >= 700` takes its
// device path, as the kernels need. A __host__ __device__ function that
// tests `#ifdef __CUDA_ARCH__` takes its device path when the host calls it
// too (emulator/README.md).
#pragma once

#ifndef WARP_EMULATOR_ARCH
#define WARP_EMULATOR_ARCH 800
#endif

#define __CUDACC__ 1
#define __CUDA_ARCH__ WARP_EMULATOR_ARCH
#define __CUDA_ARCH_LIST__ WARP_EMULATOR_ARCH
// The version of CUDA the emulator stands for: 13.0 (V13.0.88).
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 88

#include "../cuda_runtime.h"

// The compute capability cudaGetDeviceProperties reports: the one this file
// was compiled for (runtime/api/devices.cpp reads it; weak, since every .cu
// file of a program defines it).
extern "C" __attribute__((weak)) const int warp_emulator_compiled_arch = WARP_EMULATOR_ARCH;
