// intrinsics.hpp: the warp collectives, barriers, atomics, fences and timers
// as a kernel calls them. Each call carries its call site (file and line) so
// that a report can name it, and goes to the runtime library by value
// (kernel_calls.hpp).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kernel_calls.hpp"

namespace warp_emulator {

// `variable` is the caller's own variable when var was one (see the shuffle
// overloads below): the trace reads it again at the lane's next collective,
// to show the value after the step.
template <typename T>
WARP_EMULATOR_GLUE T shuffle(Op op, unsigned int mask, T value, const void* variable, int operand, int width,
                             const char* file, int line) {
    static_assert(std::is_trivially_copyable<T>::value && sizeof(T) <= 8, "a shuffle moves up to 8 bytes");
    Request request;
    request.op = op;
    request.mask = mask;
    std::memcpy(&request.value, &value, sizeof(T));
    request.operand = operand;
    request.width = width;
    request.file = file;
    request.line = line;
    request.type = valueTypeOf<T>();
    request.variable = variable;
    const Request done = collective(request);
    if (done.poisoned) {
        return poison<T>();
    }
    T result;
    std::memcpy(&result, &done.result, sizeof(T));
    return result;
}

// The type a shuffle of a T moves and returns, as CUDA's overloads decide:
// int, unsigned, long, long long, their unsigned forms, float and double as
// they are; a narrower integer (bool, char, short) promoted to int; anything
// else (a struct) has no overload: void.
template <typename T>
constexpr bool isShuffleOverload() {
    return std::is_same<T, int>::value || std::is_same<T, unsigned int>::value || std::is_same<T, long>::value ||
           std::is_same<T, unsigned long>::value || std::is_same<T, long long>::value ||
           std::is_same<T, unsigned long long>::value || std::is_same<T, float>::value || std::is_same<T, double>::value;
}
template <typename T>
using ShuffleType = std::conditional_t<isShuffleOverload<T>(), T,
                                       std::conditional_t<std::is_integral<T>::value && sizeof(T) < sizeof(int), int, void>>;

WARP_EMULATOR_GLUE inline Request plainCollective(Op op, unsigned int mask, std::uint64_t value, ValueType type,
                                                  bool isSigned, const char* file, int line) {
    Request request;
    request.op = op;
    request.mask = mask;
    request.value = value;
    request.type = type;
    request.isSigned = isSigned;
    request.file = file;
    request.line = line;
    return collective(request);
}

inline Request vote(Op op, unsigned int mask, int predicate, const char* file, int line) {
    return plainCollective(op, mask, predicate != 0, ValueType{}, false, file, line);
}

inline unsigned int answer(const Request& done) {
    return done.poisoned ? static_cast<unsigned int>(kIntegerPoison) : static_cast<unsigned int>(done.result);
}

// The value type an atomic takes, deduced from the address alone, as CUDA's
// overloads do: atomicAdd(float*, double) adds a float.
template <typename T>
struct FromAddress {
    using type = T;
};

template <typename T>
T atomicCall(AtomicOp op, Scope scope, T* address, T operand, T compare, const char* file, int line) {
    static_assert(sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8, "CUDA's atomics work on 2, 4 or 8 bytes");
    return fromBits<T>(atomic(address, sizeof(T), op, numberKindOf<T>(), scope, bitsOf(operand), bitsOf(compare),
                              file, line));
}

}  // namespace warp_emulator

// ---------------------------------------------------------------------------
// Warp collectives
// ---------------------------------------------------------------------------

// Each shuffle has two overloads. A non-const variable binds to T&, and its
// address goes to the trace; anything else (an expression, a constant) binds
// to const T&, and the trace says its value after the step is unknown.
#define WARP_EMULATOR_SHUFFLE(name, op, OperandType)                                                           \
    template <typename T>                                                                                       \
    warp_emulator::ShuffleType<std::remove_cv_t<T>> name(unsigned int mask, T& var, OperandType operand,       \
                                                         int width = warpSize, WARP_EMULATOR_SITE) {           \
        using Moved = warp_emulator::ShuffleType<std::remove_cv_t<T>>;                                          \
        static_assert(!std::is_void<Moved>::value, WARP_EMULATOR_SHUFFLE_TYPES);                                \
        const Moved value = var;                                                                                \
        const void* variable = std::is_same<Moved, std::remove_cv_t<T>>::value                                  \
                                   ? const_cast<const void*>(static_cast<const volatile void*>(&var))           \
                                   : nullptr;                                                                   \
        return warp_emulator::shuffle<Moved>(op, mask, value, variable, static_cast<int>(operand), width, file, \
                                             line);                                                             \
    }                                                                                                           \
    template <typename T>                                                                                       \
    warp_emulator::ShuffleType<T> name(unsigned int mask, const T& var, OperandType operand,                   \
                                       int width = warpSize, WARP_EMULATOR_SITE) {                             \
        using Moved = warp_emulator::ShuffleType<T>;                                                            \
        static_assert(!std::is_void<Moved>::value, WARP_EMULATOR_SHUFFLE_TYPES);                                \
        return warp_emulator::shuffle<Moved>(op, mask, static_cast<Moved>(var), nullptr,                        \
                                             static_cast<int>(operand), width, file, line);                     \
    }
#define WARP_EMULATOR_SHUFFLE_TYPES                                                                             \
    "CUDA's shuffles take int, unsigned, long, long long, their unsigned forms, float or double (and __half, "  \
    "which the emulator lacks): shuffle a struct one member at a time"
WARP_EMULATOR_SHUFFLE(__shfl_sync, warp_emulator::Op::ShflIdx, int)
WARP_EMULATOR_SHUFFLE(__shfl_up_sync, warp_emulator::Op::ShflUp, unsigned int)
WARP_EMULATOR_SHUFFLE(__shfl_down_sync, warp_emulator::Op::ShflDown, unsigned int)
WARP_EMULATOR_SHUFFLE(__shfl_xor_sync, warp_emulator::Op::ShflXor, int)
#undef WARP_EMULATOR_SHUFFLE
#undef WARP_EMULATOR_SHUFFLE_TYPES

inline unsigned int __ballot_sync(unsigned int mask, int predicate, WARP_EMULATOR_SITE) {
    return warp_emulator::answer(warp_emulator::vote(warp_emulator::Op::Ballot, mask, predicate, file, line));
}
inline int __any_sync(unsigned int mask, int predicate, WARP_EMULATOR_SITE) {
    return static_cast<int>(warp_emulator::answer(warp_emulator::vote(warp_emulator::Op::Any, mask, predicate, file, line)));
}
inline int __all_sync(unsigned int mask, int predicate, WARP_EMULATOR_SITE) {
    return static_cast<int>(warp_emulator::answer(warp_emulator::vote(warp_emulator::Op::All, mask, predicate, file, line)));
}
inline int __uni_sync(unsigned int mask, int predicate, WARP_EMULATOR_SITE) {
    return static_cast<int>(warp_emulator::answer(warp_emulator::vote(warp_emulator::Op::Uni, mask, predicate, file, line)));
}

template <typename T>
unsigned int __match_any_sync(unsigned int mask, T value, WARP_EMULATOR_SITE) {
    using namespace warp_emulator;
    return answer(plainCollective(Op::MatchAny, mask, bitsOf(value), valueTypeOf<T>(), false, file, line));
}
template <typename T>
unsigned int __match_all_sync(unsigned int mask, T value, int* pred, WARP_EMULATOR_SITE) {
    using namespace warp_emulator;
    const Request done = plainCollective(Op::MatchAll, mask, bitsOf(value), valueTypeOf<T>(), false, file, line);
    *pred = done.allMatched && !done.poisoned;
    return answer(done);
}

// __reduce_*_sync (compute capability 8.0 on): one 32-bit result for every named lane.
#define WARP_EMULATOR_REDUCE(name, op, Type, isSigned)                                                                \
    inline Type name(unsigned int mask, Type value, WARP_EMULATOR_SITE) {                                              \
        using namespace warp_emulator;                                                                                 \
        return static_cast<Type>(answer(                                                                               \
            plainCollective(op, mask, static_cast<std::uint32_t>(value), valueTypeOf<Type>(), isSigned, file, line))); \
    }
WARP_EMULATOR_REDUCE(__reduce_add_sync, Op::ReduceAdd, unsigned int, false)
WARP_EMULATOR_REDUCE(__reduce_add_sync, Op::ReduceAdd, int, true)
WARP_EMULATOR_REDUCE(__reduce_min_sync, Op::ReduceMin, unsigned int, false)
WARP_EMULATOR_REDUCE(__reduce_min_sync, Op::ReduceMin, int, true)
WARP_EMULATOR_REDUCE(__reduce_max_sync, Op::ReduceMax, unsigned int, false)
WARP_EMULATOR_REDUCE(__reduce_max_sync, Op::ReduceMax, int, true)
WARP_EMULATOR_REDUCE(__reduce_and_sync, Op::ReduceAnd, unsigned int, false)
WARP_EMULATOR_REDUCE(__reduce_or_sync, Op::ReduceOr, unsigned int, false)
WARP_EMULATOR_REDUCE(__reduce_xor_sync, Op::ReduceXor, unsigned int, false)
#undef WARP_EMULATOR_REDUCE

inline void __syncwarp(unsigned int mask = 0xffffffffu, WARP_EMULATOR_SITE) {
    warp_emulator::vote(warp_emulator::Op::SyncWarp, mask, 0, file, line);
}
inline unsigned int __activemask(WARP_EMULATOR_SITE) {
    return static_cast<unsigned int>(warp_emulator::vote(warp_emulator::Op::ActiveMask, 0, 0, file, line).result);
}

// ---------------------------------------------------------------------------
// Block barriers
// ---------------------------------------------------------------------------

inline void __syncthreads(WARP_EMULATOR_SITE) {
    warp_emulator::vote(warp_emulator::Op::SyncThreads, 0, 0, file, line);
}
inline int __syncthreads_count(int predicate, WARP_EMULATOR_SITE) {
    return static_cast<int>(warp_emulator::vote(warp_emulator::Op::SyncThreadsCount, 0, predicate, file, line).result);
}
inline int __syncthreads_and(int predicate, WARP_EMULATOR_SITE) {
    return static_cast<int>(warp_emulator::vote(warp_emulator::Op::SyncThreadsAnd, 0, predicate, file, line).result);
}
inline int __syncthreads_or(int predicate, WARP_EMULATOR_SITE) {
    return static_cast<int>(warp_emulator::vote(warp_emulator::Op::SyncThreadsOr, 0, predicate, file, line).result);
}

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
