// <cooperative_groups/memcpy_async.h>, for the host compiler: cg::memcpy_async,
// cg::wait and cg::wait_prior (warp_emulator/groups/async_copies.hpp).
#pragma once

#include "../cooperative_groups.h"
#include "../warp_emulator/groups/async_copies.hpp"
