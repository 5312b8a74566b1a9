// request.hpp: what a thread asks for when it reaches a collective, and how
// a report writes that call.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <limits>
#include <type_traits>

#include "findings.hpp"
#include "keywords.hpp"

namespace warp_emulator {

enum class Op {
    ShflIdx, ShflUp, ShflDown, ShflXor,
    Ballot, Any, All, Uni, MatchAny, MatchAll,
    ReduceAdd, ReduceMin, ReduceMax, ReduceAnd, ReduceOr, ReduceXor,
    SyncWarp, ActiveMask,
    SyncThreads, SyncThreadsCount, SyncThreadsAnd, SyncThreadsOr
};

inline const char* opName(Op op) {
    switch (op) {
        case Op::ShflIdx: return "__shfl_sync";
        case Op::ShflUp: return "__shfl_up_sync";
        case Op::ShflDown: return "__shfl_down_sync";
        case Op::ShflXor: return "__shfl_xor_sync";
        case Op::Ballot: return "__ballot_sync";
        case Op::Any: return "__any_sync";
        case Op::All: return "__all_sync";
        case Op::Uni: return "__uni_sync";
        case Op::MatchAny: return "__match_any_sync";
        case Op::MatchAll: return "__match_all_sync";
        case Op::ReduceAdd: return "__reduce_add_sync";
        case Op::ReduceMin: return "__reduce_min_sync";
        case Op::ReduceMax: return "__reduce_max_sync";
        case Op::ReduceAnd: return "__reduce_and_sync";
        case Op::ReduceOr: return "__reduce_or_sync";
        case Op::ReduceXor: return "__reduce_xor_sync";
        case Op::SyncWarp: return "__syncwarp";
        case Op::ActiveMask: return "__activemask";
        case Op::SyncThreads: return "__syncthreads";
        case Op::SyncThreadsCount: return "__syncthreads_count";
        case Op::SyncThreadsAnd: return "__syncthreads_and";
        case Op::SyncThreadsOr: return "__syncthreads_or";
    }
    return "?";
}

inline bool isShuffle(Op op) {
    return op == Op::ShflIdx || op == Op::ShflUp || op == Op::ShflDown || op == Op::ShflXor;
}
inline bool isVote(Op op) { return op == Op::Ballot || op == Op::Any || op == Op::All || op == Op::Uni; }
inline bool isMatch(Op op) { return op == Op::MatchAny || op == Op::MatchAll; }
inline bool isReduce(Op op) { return op >= Op::ReduceAdd && op <= Op::ReduceXor; }
inline bool isBlockBarrier(Op op) { return op >= Op::SyncThreads; }
// A call whose lanes wait for each other: every warp collective but
// __activemask(), which waits for no one (warp_collectives.hpp).
inline bool isWarpCall(Op op) { return !isBlockBarrier(op) && op != Op::ActiveMask; }

// The type of a value a collective moves, for the trace to print it as the
// program sees it.
struct ValueType {
    enum Kind : unsigned char { None, Float, Signed, Unsigned, Bytes };
    Kind kind = None;
    unsigned char bytes = 0;
};

template <typename T>
ValueType valueTypeOf() {
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_floating_point<U>::value) {
        return {ValueType::Float, static_cast<unsigned char>(sizeof(U))};
    } else if constexpr (std::is_integral<U>::value && std::is_signed<U>::value) {
        return {ValueType::Signed, static_cast<unsigned char>(sizeof(U))};
    } else if constexpr (std::is_integral<U>::value) {
        return {ValueType::Unsigned, static_cast<unsigned char>(sizeof(U))};
    } else {
        return {ValueType::Bytes, static_cast<unsigned char>(sizeof(U))};
    }
}

struct Request {
    Op op = Op::SyncWarp;
    unsigned int mask = 0;
    std::uint64_t value = 0;  // a shuffle's, match's or reduction's operand bits, or a predicate
    int operand = 0;          // srcLane, delta or laneMask, exactly as passed
    int width = warpSize;
    const char* file = "";
    int line = 0;
    bool isSigned = false;            // __reduce_min/max_sync on int rather than unsigned
    ValueType type;
    const void* variable = nullptr;   // the thread's own variable passed as var (the trace reads it later)
    // The answer, filled in when the call is carried out.
    std::uint64_t result = 0;
    bool poisoned = false;            // the result is undefined: return poison
    bool allMatched = false;          // __match_all_sync's *pred
};

// The same call site: the same source file and line (two calls written on one
// line share it).
inline bool sameSite(const Request& a, const Request& b) {
    return a.line == b.line && std::strcmp(a.file, b.file) == 0;
}

// "__shfl_down_sync(0x000fffff, ..., 16)": the call as the source wrote it.
inline std::string callText(const Request& request) {
    std::string text = std::string(opName(request.op)) + "(";
    if (request.op == Op::ActiveMask || request.op == Op::SyncThreads) {
        return text + ")";
    }
    if (isBlockBarrier(request.op)) {
        return text + "...)";
    }
    text += hexMask(request.mask);
    if (isShuffle(request.op)) {
        text += ", ..., " + std::to_string(request.operand);
        if (request.width != warpSize) {
            text += ", " + std::to_string(request.width);
        }
    } else if (request.op != Op::SyncWarp) {
        text += ", ...";
    }
    return text + ")";
}

// "__shfl_down_sync(0x000fffff, ..., 16) at shuffles.cu:297"
inline std::string callAndSite(const Request& request) {
    return callText(request) + " at " + siteText(request.file, request.line);
}

// What a shuffle returns when it reads a lane that is not taking part.
constexpr std::uint64_t kIntegerPoison = 0xBAADF00DBAADF00Dull;

template <typename T>
T poison() {
    static_assert(std::is_trivially_copyable<T>::value, "shuffles move trivially copyable values");
    if constexpr (std::is_floating_point<T>::value) {
        return std::numeric_limits<T>::quiet_NaN();
    } else {
        T value;
        unsigned char bytes[sizeof(T)];
        for (size_t i = 0; i < sizeof(T); ++i) {
            bytes[i] = static_cast<unsigned char>(kIntegerPoison >> (8 * (i % 8)));
        }
        std::memcpy(&value, bytes, sizeof(T));
        return value;
    }
}

}  // namespace warp_emulator
