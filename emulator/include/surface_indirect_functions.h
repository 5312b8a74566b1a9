// surface_indirect_functions.h, for the host compiler: as the CUDA Toolkit's,
// the reads and writes of surface objects (surf1Dread, surf2Dwrite and the
// rest), which the emulator runs on the CPU and checks
// (warp_emulator/device/textures.hpp).
#pragma once
#define __SURFACE_INDIRECT_FUNCTIONS_H__
#include "warp_emulator.hpp"
#include "warp_emulator/device/textures.hpp"
