// collectives.hpp: the warp collectives (shuffles, votes, matches,
// reductions, __syncwarp(), __activemask()) and the block barriers
// (__syncthreads() and its variants) as a kernel calls them. Each call
// carries its call site (file and line) so that a report can name it, and
// goes to the runtime library by value (kernel_calls.hpp); the rules live in
// runtime/rules/.
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
    Request& request = nextRequest();
    request.op = op;
    request.mask = mask;
    std::memcpy(&request.value, &value, sizeof(T));
    request.operand = operand;
    request.width = width;
    request.file = file;
    request.line = line;
    request.type = valueTypeOf<T>();
    request.variable = variable;
    const Answer done = collective(request);
    if (done.poisoned) {
        return poison<T>();
    }
    T result;
    std::memcpy(static_cast<void*>(&result), &done.result, sizeof(T));
    return result;
}

// The type a shuffle of a T moves and returns, as CUDA's overloads decide:
// int, unsigned, long, long long, their unsigned forms, float and double as
// they are, and __half, __half2, __nv_bfloat16 and __nv_bfloat162 where
// cuda_fp16.h and cuda_bf16.h are included; a narrower integer (bool, char,
// short) promoted to int; anything else (a struct) has no overload: void.
template <typename T>
constexpr bool isShuffleOverload() {
    return std::is_same<T, int>::value || std::is_same<T, unsigned int>::value || std::is_same<T, long>::value ||
           std::is_same<T, unsigned long>::value || std::is_same<T, long long>::value ||
           std::is_same<T, unsigned long long>::value || std::is_same<T, float>::value ||
           std::is_same<T, double>::value || isHalfPrecision<T>();
}
template <typename T>
using ShuffleType = std::conditional_t<isShuffleOverload<T>(), T,
                                       std::conditional_t<std::is_integral<T>::value && sizeof(T) < sizeof(int), int, void>>;

WARP_EMULATOR_GLUE inline Answer plainCollective(Op op, unsigned int mask, std::uint64_t value, ValueType type,
                                                 bool isSigned, const char* file, int line) {
    Request& request = nextRequest();
    request.op = op;
    request.mask = mask;
    request.value = value;
    request.type = type;
    request.isSigned = isSigned;
    request.file = file;
    request.line = line;
    return collective(request);
}

inline Answer vote(Op op, unsigned int mask, int predicate, const char* file, int line) {
    return plainCollective(op, mask, predicate != 0, ValueType{}, false, file, line);
}

inline unsigned int answer(const Answer& done) {
    return done.poisoned ? static_cast<unsigned int>(kIntegerPoison) : static_cast<unsigned int>(done.result);
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
    "CUDA's shuffles take int, unsigned, long, long long, their unsigned forms, float, double, __half, "        \
    "__half2, __nv_bfloat16 or __nv_bfloat162: shuffle a struct one member at a time"
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
    const Answer done = plainCollective(Op::MatchAll, mask, bitsOf(value), valueTypeOf<T>(), false, file, line);
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

inline void __syncthreads(WARP_EMULATOR_SITE) { warp_emulator::syncThreads(file, line); }
inline int __syncthreads_count(int predicate, WARP_EMULATOR_SITE) {
    return static_cast<int>(warp_emulator::vote(warp_emulator::Op::SyncThreadsCount, 0, predicate, file, line).result);
}
inline int __syncthreads_and(int predicate, WARP_EMULATOR_SITE) {
    return static_cast<int>(warp_emulator::vote(warp_emulator::Op::SyncThreadsAnd, 0, predicate, file, line).result);
}
inline int __syncthreads_or(int predicate, WARP_EMULATOR_SITE) {
    return static_cast<int>(warp_emulator::vote(warp_emulator::Op::SyncThreadsOr, 0, predicate, file, line).result);
}
