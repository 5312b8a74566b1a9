// warp_values.hpp: what the warp collectives know of the 16-bit types
// (kernel_calls.hpp's HalfPrecisionKind): __shfl_sync, __shfl_up_sync,
// __shfl_down_sync and __shfl_xor_sync take __half, __half2, __nv_bfloat16
// and __nv_bfloat162, as the Toolkit's overloads do; a read of a lane that is
// not taking part gives each half the canonical NaN; the trace prints the
// values (emulator/TRACE.md).
#pragma once

#include "../device/kernel_calls.hpp"

#define WARP_EMULATOR_HALF_WARP_VALUES(Scalar, Pair, valueKind)       \
    namespace warp_emulator {                                          \
    template <>                                                        \
    struct HalfPrecisionKind<Scalar> {                                 \
        static constexpr ValueType::Kind kind = ValueType::valueKind;  \
    };                                                                 \
    template <>                                                        \
    struct HalfPrecisionKind<Pair> {                                   \
        static constexpr ValueType::Kind kind = ValueType::valueKind;  \
    };                                                                 \
    }
