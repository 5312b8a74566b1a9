// <cooperative_groups/reduce.h>, for the host compiler: cg::reduce and its
// operators (warp_emulator/groups/algorithms.hpp).
#pragma once

#include "../cooperative_groups.h"
#include "../warp_emulator/groups/algorithms.hpp"
