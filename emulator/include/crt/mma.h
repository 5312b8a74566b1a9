// crt/mma.h, for the host compiler: the Toolkit's mma.h includes it for its
// definitions; here mma.h holds everything.
#pragma once
#include "../mma.h"
