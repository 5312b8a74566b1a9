// cuda_occupancy.h, for the host compiler: the occupancy calculator header (use cudaOccupancyMaxActiveBlocksPerMultiprocessor, which it does emulate), which the CPU warp emulator does not emulate.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "cuda_occupancy.h: the CPU warp emulator does not emulate the occupancy calculator header (use cudaOccupancyMaxActiveBlocksPerMultiprocessor, which it does emulate). It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
