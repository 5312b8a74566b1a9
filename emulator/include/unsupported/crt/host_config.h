// crt/host_config.h, for the host compiler: the Toolkit's internal headers, which the CPU warp emulator does not emulate.
#pragma once
#error "<crt/host_config.h>: the CPU warp emulator does not emulate the Toolkit's internal headers. It runs the CUDA C++ you write and the CUDA runtime API; emulator/README.md lists what it covers"
