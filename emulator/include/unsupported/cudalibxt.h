// cudalibxt.h, for the host compiler: the Toolkit's internal headers, which the CPU warp emulator does not emulate.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "cudalibxt.h: the CPU warp emulator does not emulate the Toolkit's internal headers. It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
