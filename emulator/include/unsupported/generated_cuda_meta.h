// generated_cuda_meta.h, for the host compiler: the CUDA driver API (cuInit, cuModuleLoad, cuLaunchKernel), which the CPU warp emulator does not emulate.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "generated_cuda_meta.h: the CPU warp emulator does not emulate the CUDA driver API (cuInit, cuModuleLoad, cuLaunchKernel). It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
