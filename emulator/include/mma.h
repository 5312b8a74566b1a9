// mma.h, for the host compiler: the warp matrix functions (nvcuda::wmma), as
// the CUDA Toolkit's header declares them: fragment, fill_fragment,
// load_matrix_sync, store_matrix_sync, mma_sync and __float_to_tf32, for the
// Programming Guide's shapes and types (warp_emulator/wmma/fragments.hpp).
// The _sync functions are warp collectives, checked as the others are;
// their loads and stores are checked as accesses (warp_emulator/wmma/operations.hpp).
// As the Toolkit's, it includes cuda_fp16.h and cuda_bf16.h.
#pragma once

#define __CUDA_MMA_H__

#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "warp_emulator/wmma/fragments.hpp"
#include "warp_emulator/wmma/operations.hpp"
