// cudnn_graph_v9.h, for the host compiler: cuDNN, a library for the CUDA Toolkit, which the CPU warp emulator does not emulate.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "cudnn_graph_v9.h: the CPU warp emulator does not emulate cuDNN, a library for the CUDA Toolkit. It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
