// channel_descriptor.h, for the host compiler: as the CUDA Toolkit's,
// cudaCreateChannelDesc<T>() for every type CUDA makes a descriptor for, and
// the Half forms, with the macro the Toolkit's defines, which helper headers
// test. They are the emulator's own (warp_emulator/host/texture_api.hpp).
#pragma once
#define __CHANNEL_DESCRIPTOR_H__
#include "driver_types.h"
#include "warp_emulator/host/texture_api.hpp"
