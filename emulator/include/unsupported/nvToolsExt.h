// nvToolsExt.h, for the host compiler: NVTX, the profiler's annotations, which the CPU warp emulator does not emulate.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "nvToolsExt.h: the CPU warp emulator does not emulate NVTX, the profiler's annotations. It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
