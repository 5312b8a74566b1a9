// cuda_bf16.h, for the host compiler: half precision, until the emulator has it, which the CPU warp emulator does not emulate.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "cuda_bf16.h: the CPU warp emulator does not emulate half precision, until the emulator has it. It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
