// cooperative_groups.h, for the host compiler: CUDA's cooperative groups,
// emulated on the warp emulator's collectives so that every group's call is
// checked as the _sync intrinsics and __syncthreads() are. The groups live in
// warp_emulator/groups/, one concern a file; cg::reduce and the scans come
// with <cooperative_groups/reduce.h> and <cooperative_groups/scan.h>, the
// asynchronous copies with <cooperative_groups/memcpy_async.h>, as CUDA's do.
#pragma once

#include "warp_emulator/groups/calls.hpp"
#include "warp_emulator/groups/thread_group.hpp"
#include "warp_emulator/groups/thread_block.hpp"
#include "warp_emulator/groups/tiles.hpp"
#include "warp_emulator/groups/coalesced.hpp"
#include "warp_emulator/groups/grid.hpp"
#include "warp_emulator/groups/thread_group_calls.hpp"
#include "warp_emulator/groups/invoke.hpp"
#include "warp_emulator/groups/copy_share.hpp"
