// <cooperative_groups/scan.h>, for the host compiler: cg::inclusive_scan and
// cg::exclusive_scan (warp_emulator/groups/algorithms.hpp).
#pragma once

#include "../cooperative_groups.h"
#include "../warp_emulator/groups/algorithms.hpp"
