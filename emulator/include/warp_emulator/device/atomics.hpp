// atomics.hpp: the atomic functions, fences, timers, sleep, __trap() and the
// loads and stores with cache hints, as a kernel calls them. Each call
// carries its call site, and goes to the runtime library by value
// (kernel_calls.hpp), which checks it as every other access
// (runtime/checks/) and carries it out.
#pragma once

#include <cstdint>
#include <type_traits>

#include "kernel_calls.hpp"

namespace warp_emulator {

// The value type an atomic takes, deduced from the address alone, as CUDA's
// overloads do: atomicAdd(float*, double) adds a float.
template <typename T>
struct FromAddress {
    using type = T;
};

template <typename T>
T atomicCall(AtomicOp op, Scope scope, T* address, T operand, T compare, const char* file, int line) {
    static_assert(sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8, "CUDA's atomics work on 2, 4 or 8 bytes");
    static_assert(!isHalfPrecision<T>(), "CUDA's only atomic function on __half, __half2, __nv_bfloat16 and "
                                         "__nv_bfloat162 is atomicAdd (cuda_fp16.h, cuda_bf16.h)");
    return fromBits<T>(atomic(address, sizeof(T), op, numberKindOf<T>(), scope, bitsOf(operand), bitsOf(compare),
                              file, line));
}

}  // namespace warp_emulator

// ---------------------------------------------------------------------------
// Atomics: relaxed, as the Guide's "Atomic Functions" says, of device scope
// (none), block scope (_block) or system scope (_system)
// ---------------------------------------------------------------------------

#define WARP_EMULATOR_ATOMIC(name, op)                                                                             \
    template <typename T>                                                                                           \
    T name(T* address, typename warp_emulator::FromAddress<T>::type value, WARP_EMULATOR_SITE) {                   \
        return warp_emulator::atomicCall<T>(op, warp_emulator::Scope::Device, address, value, T(), file, line);    \
    }                                                                                                               \
    template <typename T>                                                                                           \
    T name##_block(T* address, typename warp_emulator::FromAddress<T>::type value, WARP_EMULATOR_SITE) {           \
        return warp_emulator::atomicCall<T>(op, warp_emulator::Scope::Block, address, value, T(), file, line);     \
    }                                                                                                               \
    template <typename T>                                                                                           \
    T name##_system(T* address, typename warp_emulator::FromAddress<T>::type value, WARP_EMULATOR_SITE) {          \
        return warp_emulator::atomicCall<T>(op, warp_emulator::Scope::System, address, value, T(), file, line);    \
    }
WARP_EMULATOR_ATOMIC(atomicAdd, warp_emulator::AtomicOp::Add)
WARP_EMULATOR_ATOMIC(atomicSub, warp_emulator::AtomicOp::Sub)
WARP_EMULATOR_ATOMIC(atomicExch, warp_emulator::AtomicOp::Exch)
WARP_EMULATOR_ATOMIC(atomicMin, warp_emulator::AtomicOp::Min)
WARP_EMULATOR_ATOMIC(atomicMax, warp_emulator::AtomicOp::Max)
WARP_EMULATOR_ATOMIC(atomicAnd, warp_emulator::AtomicOp::And)
WARP_EMULATOR_ATOMIC(atomicOr, warp_emulator::AtomicOp::Or)
WARP_EMULATOR_ATOMIC(atomicXor, warp_emulator::AtomicOp::Xor)
WARP_EMULATOR_ATOMIC(atomicInc, warp_emulator::AtomicOp::Inc)
WARP_EMULATOR_ATOMIC(atomicDec, warp_emulator::AtomicOp::Dec)
#undef WARP_EMULATOR_ATOMIC

// atomicAdd on float2 and float4 (compute capability 9.x, global memory):
// each element added atomically on its own, as the Programming Guide says,
// not the vector as one; the old elements come back. Plain functions, which
// the calls on float2* and float4* prefer to the template above.
#define WARP_EMULATOR_ATOMIC_VECTOR(name)                                                                           \
    inline float2 name(float2* address, float2 value, WARP_EMULATOR_SITE) {                                         \
        return {name(&address->x, value.x, file, line), name(&address->y, value.y, file, line)};                   \
    }                                                                                                               \
    inline float4 name(float4* address, float4 value, WARP_EMULATOR_SITE) {                                         \
        return {name(&address->x, value.x, file, line), name(&address->y, value.y, file, line),                    \
                name(&address->z, value.z, file, line), name(&address->w, value.w, file, line)};                   \
    }
WARP_EMULATOR_ATOMIC_VECTOR(atomicAdd)
WARP_EMULATOR_ATOMIC_VECTOR(atomicAdd_block)
WARP_EMULATOR_ATOMIC_VECTOR(atomicAdd_system)
#undef WARP_EMULATOR_ATOMIC_VECTOR

#define WARP_EMULATOR_ATOMIC_CAS(name, scope)                                                                     \
    template <typename T>                                                                                          \
    T name(T* address, typename warp_emulator::FromAddress<T>::type compare,                                      \
           typename warp_emulator::FromAddress<T>::type value, WARP_EMULATOR_SITE) {                              \
        return warp_emulator::atomicCall<T>(warp_emulator::AtomicOp::Cas, scope, address, value, compare, file, line); \
    }
WARP_EMULATOR_ATOMIC_CAS(atomicCAS, warp_emulator::Scope::Device)
WARP_EMULATOR_ATOMIC_CAS(atomicCAS_block, warp_emulator::Scope::Block)
WARP_EMULATOR_ATOMIC_CAS(atomicCAS_system, warp_emulator::Scope::System)
#undef WARP_EMULATOR_ATOMIC_CAS

// ---------------------------------------------------------------------------
// Fences, time, sleep, trap, and loads with cache hints
// ---------------------------------------------------------------------------

// fence.sc at block, device and system scope: membar.cta, .gl and .sys, which
// the PTX ISA makes synonyms of fence.sc from compute capability 7.0.
inline void __threadfence_block(WARP_EMULATOR_SITE) { warp_emulator::fence(warp_emulator::Scope::Block, file, line); }
inline void __threadfence(WARP_EMULATOR_SITE) { warp_emulator::fence(warp_emulator::Scope::Device, file, line); }
inline void __threadfence_system(WARP_EMULATOR_SITE) { warp_emulator::fence(warp_emulator::Scope::System, file, line); }

// Timing is not modelled: clock64() counts its own calls in each thread, so a
// kernel that stores a "time" gets the same bytes on every run.
inline long long clock64() { return warp_emulator::clockCalls(); }
// A thread that sleeps lets the others run: a spin loop that waits, with
// __nanosleep(), for memory another thread writes ends here as on a GPU.
inline void __nanosleep(unsigned int) { warp_emulator::sleep(); }
[[noreturn]] inline void __trap(WARP_EMULATOR_SITE) { warp_emulator::trap(file, line); }

// Loads and stores through a cache hint: plain loads and stores here, checked
// as any other.
template <typename T> T __ldg(const T* address, WARP_EMULATOR_SITE) {
    T value;
    warp_emulator::readOnlyCacheLoad(address, &value, sizeof(T), file, line);
    return value;
}
template <typename T> T __ldca(const T* address) { return *address; }
template <typename T> T __ldcg(const T* address) { return *address; }
template <typename T> T __ldcs(const T* address) { return *address; }
template <typename T> T __ldlu(const T* address) { return *address; }
template <typename T> T __ldcv(const T* address) { return *address; }
template <typename T> void __stcg(T* address, T value) { *address = value; }
template <typename T> void __stcs(T* address, T value) { *address = value; }
template <typename T> void __stwb(T* address, T value) { *address = value; }
template <typename T> void __stwt(T* address, T value) { *address = value; }
