// mma.h, for the host compiler: the warp matrix functions (nvcuda::wmma, tensor cores), which the CPU warp emulator does not emulate.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "mma.h: the CPU warp emulator does not emulate the warp matrix functions (nvcuda::wmma, tensor cores). It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
