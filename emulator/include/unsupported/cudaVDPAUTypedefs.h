// cudaVDPAUTypedefs.h, for the host compiler: the graphics interoperability of the CUDA runtime (OpenGL, EGL, VDPAU, Direct3D), which the CPU warp emulator does not emulate.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "cudaVDPAUTypedefs.h: the CPU warp emulator does not emulate the graphics interoperability of the CUDA runtime (OpenGL, EGL, VDPAU, Direct3D). It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
