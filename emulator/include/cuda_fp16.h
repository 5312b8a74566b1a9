// cuda_fp16.h, for the host compiler: half precision, __half and __half2
// (and half, half2), as the CUDA Toolkit's header declares them, for host and
// device code alike: conversions, arithmetic, comparisons, math functions,
// shuffles and atomicAdd. The implementation is in warp_emulator/half/, a
// header for each part; every result is computed exactly and rounded once,
// so arithmetic and conversions give a GPU's bits (formats.hpp says how).
#pragma once

#define __CUDA_FP16_H__
#define __CUDA_FP16_HPP__
#define __CUDA_FP16_TYPES_EXIST__

#include "warp_emulator.hpp"
#include "warp_emulator/half/fp16_types.hpp"
#include "warp_emulator/half/conversions.hpp"
#include "warp_emulator/half/arithmetic.hpp"
#include "warp_emulator/half/comparisons.hpp"
#include "warp_emulator/half/math_functions.hpp"
#include "warp_emulator/half/warp_values.hpp"
#include "warp_emulator/half/atomics.hpp"

WARP_EMULATOR_HALF_CONVERSIONS(__half, __half2, half, half2)
WARP_EMULATOR_HALF_ARITHMETIC(__half, __half2)
WARP_EMULATOR_HALF_COMPARISONS(__half, __half2)
#if !defined(__CUDA_NO_HALF_OPERATORS__)
WARP_EMULATOR_HALF_OPERATORS(__half)
WARP_EMULATOR_HALF_COMPARISON_OPERATORS(__half)
#endif
#if !defined(__CUDA_NO_HALF2_OPERATORS__)
WARP_EMULATOR_HALF2_OPERATORS(__half2)
WARP_EMULATOR_HALF2_COMPARISON_OPERATORS(__half2)
#endif
WARP_EMULATOR_HALF_MATH(__half, __half2)
WARP_EMULATOR_HALF_WARP_VALUES(__half, __half2, Half)
WARP_EMULATOR_HALF_ATOMICS(__half, __half2)

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)
