// surface_types.h, for the host compiler: as the CUDA Toolkit's, the types of
// surface objects (cudaSurfaceObject_t, the cudaSurfaceType macros), with the
// macro the Toolkit's defines, which helper headers test. They are the
// emulator's own (warp_emulator/host/texture_types.hpp).
#pragma once
#define __SURFACE_TYPES_H__
#include "driver_types.h"
#include "warp_emulator/host/texture_types.hpp"
