// cuda_pipeline_primitives.h, for the host compiler: the asynchronous-copy primitives (__pipeline_memcpy_async, the arrive-wait barrier), which the CPU warp emulator does not emulate.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "cuda_pipeline_primitives.h: the CPU warp emulator does not emulate the asynchronous-copy primitives (__pipeline_memcpy_async, the arrive-wait barrier). It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
