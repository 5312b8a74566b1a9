// curand_normal.h, for the host compiler: cuRAND, a library of the CUDA Toolkit, which the CPU warp emulator does not emulate.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "curand_normal.h: the CPU warp emulator does not emulate cuRAND, a library of the CUDA Toolkit. It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
