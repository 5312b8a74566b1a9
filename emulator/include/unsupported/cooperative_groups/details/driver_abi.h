// cooperative_groups/details/driver_abi.h, for the host compiler: an internal header of the CUDA Toolkit's cooperative groups, which the CPU warp emulator provides its own way.
// Found after your own -I folders and before the Toolkit's headers (emulator/nvcc --help).
#pragma once
#error "cooperative_groups/details/driver_abi.h is an internal header of CUDA's cooperative groups: include <cooperative_groups.h> (and <cooperative_groups/reduce.h>, <cooperative_groups/scan.h>, <cooperative_groups/memcpy_async.h>), which the CPU warp emulator provides; emulator/README.md says what it covers"
