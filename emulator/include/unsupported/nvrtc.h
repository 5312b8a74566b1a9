// nvrtc.h, for the host compiler: NVRTC, the runtime compiler of CUDA C++ to GPU code, which the CPU warp emulator does not emulate.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "nvrtc.h: the CPU warp emulator does not emulate NVRTC, the runtime compiler of CUDA C++ to GPU code. It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
