// device_launch_parameters.h, for the host compiler: the CUDA Toolkit's header of that name is part
// of what cuda_runtime.h brings in, and so it is here (see cuda_runtime.h).
#pragma once
#include "warp_emulator.hpp"
