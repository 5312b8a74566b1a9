// cuda_bf16.hpp, for the host compiler: the Toolkit's cuda_bf16.h includes
// it for its definitions; here cuda_bf16.h holds everything.
#pragma once
#include "cuda_bf16.h"
