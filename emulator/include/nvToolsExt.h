// nvToolsExt.h, for the host compiler: NVTX's older name for <nvtx3/nvToolsExt.h>.
#pragma once
#include "nvtx3/nvToolsExt.h"
