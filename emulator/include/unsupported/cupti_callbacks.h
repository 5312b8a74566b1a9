// cupti_callbacks.h, for the host compiler: CUPTI, the CUDA profiling tools interface, which the CPU warp emulator does not emulate.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "cupti_callbacks.h: the CPU warp emulator does not emulate CUPTI, the CUDA profiling tools interface. It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
