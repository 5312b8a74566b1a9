// nvvm.h, for the host compiler: nvJitLink and libNVVM, which make GPU code, which the CPU warp emulator does not emulate.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "nvvm.h: the CPU warp emulator does not emulate nvJitLink and libNVVM, which make GPU code. It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
