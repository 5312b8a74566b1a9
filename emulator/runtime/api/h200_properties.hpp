// h200_properties.hpp: an NVIDIA H200's answers to cudaGetDeviceProperties
// and cudaDeviceGetAttribute, which the emulated device gives
// (h200_properties.cpp, written from evidence/h200-device-properties.txt).
#pragma once

#include "warp_emulator/host/runtime_types.hpp"

namespace warp_emulator {

void h200Properties(cudaDeviceProp* properties);
// False for a number that is no attribute of the H200's.
bool h200Attribute(int attribute, int* value);

}  // namespace warp_emulator
