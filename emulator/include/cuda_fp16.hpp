// cuda_fp16.hpp, for the host compiler: the Toolkit's cuda_fp16.h includes
// it for its definitions; here cuda_fp16.h holds everything.
#pragma once
#include "cuda_fp16.h"
