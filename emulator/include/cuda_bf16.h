// cuda_bf16.h, for the host compiler: bfloat16, __nv_bfloat16 and
// __nv_bfloat162 (and nv_bfloat16, nv_bfloat162), as the CUDA Toolkit's
// header declares them, for host and device code alike. As the Toolkit's, it
// includes cuda_fp16.h; the functions are the same as __half's (the names
// shared are overloads), from the same headers in warp_emulator/half/.
#pragma once

#define __CUDA_BF16_H__
#define __CUDA_BF16_HPP__
#define __CUDA_BF16_TYPES_EXIST__

#include "cuda_fp16.h"
#include "warp_emulator/half/bf16_types.hpp"

WARP_EMULATOR_HALF_CONVERSIONS(__nv_bfloat16, __nv_bfloat162, bfloat16, bfloat162)
WARP_EMULATOR_HALF_ARITHMETIC(__nv_bfloat16, __nv_bfloat162)
WARP_EMULATOR_HALF_COMPARISONS(__nv_bfloat16, __nv_bfloat162)
#if !defined(__CUDA_NO_BFLOAT16_OPERATORS__)
WARP_EMULATOR_HALF_OPERATORS(__nv_bfloat16)
WARP_EMULATOR_HALF_COMPARISON_OPERATORS(__nv_bfloat16)
#endif
#if !defined(__CUDA_NO_BFLOAT162_OPERATORS__)
WARP_EMULATOR_HALF2_OPERATORS(__nv_bfloat162)
WARP_EMULATOR_HALF2_COMPARISON_OPERATORS(__nv_bfloat162)
#endif
WARP_EMULATOR_HALF_MATH(__nv_bfloat16, __nv_bfloat162)
WARP_EMULATOR_HALF_WARP_VALUES(__nv_bfloat16, __nv_bfloat162, BFloat16)
WARP_EMULATOR_HALF_ATOMICS(__nv_bfloat16, __nv_bfloat162)

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)
