// texture_indirect_functions.h, for the host compiler: as the CUDA Toolkit's,
// the texture fetches of texture objects (tex1Dfetch, tex2D, tex2DLayered,
// texCubemap and the rest), which the emulator runs on the CPU and checks
// (warp_emulator/device/textures.hpp).
#pragma once
#define __TEXTURE_INDIRECT_FUNCTIONS_H__
#include "warp_emulator.hpp"
#include "warp_emulator/device/textures.hpp"
