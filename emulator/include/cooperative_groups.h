// cooperative_groups.h, for the host compiler: the CPU warp emulator does not
// emulate cooperative groups, so a program that uses them stops here, with
// that said, rather than at the first name the Toolkit's header leaves out.
#pragma once
#error "the CPU warp emulator does not emulate cooperative groups (<cooperative_groups.h>): write the warp's collectives with the _sync intrinsics (__shfl_down_sync, __ballot_sync, __syncwarp), and blocks' with __syncthreads(); emulator/README.md says what it covers"
