// cuda_fp8.h, for the host compiler: the 8-, 6- and 4-bit floating-point types, which the CPU warp emulator does not emulate.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "cuda_fp8.h: the CPU warp emulator does not emulate the 8-, 6- and 4-bit floating-point types. It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
