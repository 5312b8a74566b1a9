// cuComplex.h, for the host compiler: cuComplex.h, the Toolkit's complex numbers, which the CPU warp emulator does not emulate.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "cuComplex.h: the CPU warp emulator does not emulate cuComplex.h, the Toolkit's complex numbers. It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
