// cuda_stdint.h, for the host compiler: the fixed-width integers, as the Toolkit's gives them.
#pragma once
#include <stdint.h>
