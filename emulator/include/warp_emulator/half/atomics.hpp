// atomics.hpp: atomicAdd on __half, __half2, __nv_bfloat16 and
// __nv_bfloat162 (atom.add.noftz.f16, .f16x2, .bf16, .bf16x2): relaxed, of
// device scope, rounded to nearest even with subnormals kept; a pair's two
// halves are added apart, in one atomic access of its 4 bytes. Carried out
// in the runtime (runtime/device/kernel_entry.cpp), which checks the access
// as every atomic's: an address of the wrong alignment or outside an
// allocation stops the kernel, and the race check sees an atomic write.
// The Toolkit has no other atomic function on these types, and no _block
// or _system form: device/atomics.hpp refuses them.
#pragma once

#include "../device/kernel_calls.hpp"
#include "formats.hpp"

namespace warp_emulator {
namespace half {

template <typename T>
T atomicAddition(T* address, T value, const char* file, int line) {
    constexpr NumberKind kind = HalfPrecisionKind<T>::kind == ValueType::Half ? NumberKind::Half : NumberKind::BFloat16;
    return fromBits<T>(warp_emulator::atomic(address, sizeof(T), AtomicOp::Add, kind, Scope::Device, bitsOf(value), 0,
                                             file, line));
}

}  // namespace half
}  // namespace warp_emulator

#define WARP_EMULATOR_HALF_ATOMICS(Scalar, Pair)                                           \
    inline Scalar atomicAdd(Scalar* const address, const Scalar value, WARP_EMULATOR_SITE) { \
        return warp_emulator::half::atomicAddition(address, value, file, line);             \
    }                                                                                       \
    inline Pair atomicAdd(Pair* const address, const Pair value, WARP_EMULATOR_SITE) {       \
        return warp_emulator::half::atomicAddition(address, value, file, line);             \
    }
