// nvtx3/nvToolsExtCuda.h, for the host compiler: NVTX, the profiler's annotations, which the CPU warp emulator does not emulate.
#pragma once
#error "<nvtx3/nvToolsExtCuda.h>: the CPU warp emulator does not emulate NVTX, the profiler's annotations. It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
