// text.hpp: how the runtime writes what it reports: masks, lane and thread
// sets, call sites, the calls themselves as the source wrote them, and JSON.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "warp_emulator/device/kernel_calls.hpp"

namespace warp_emulator {

inline std::string hexMask(unsigned int mask) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%08x", mask);
    return text;
}

inline std::string baseName(const char* file) {
    const char* slash = std::strrchr(file, '/');
    return slash != nullptr ? slash + 1 : file;
}

inline std::string siteText(const char* file, int line) { return baseName(file) + ":" + std::to_string(line); }

inline std::string coordinates(uint3 at) {
    return "(" + std::to_string(at.x) + "," + std::to_string(at.y) + "," + std::to_string(at.z) + ")";
}

// "0-15", "0-4, 6-31": a set of numbers (lanes, or threads of a block) for a message.
inline std::string rangeList(const std::vector<int>& sorted) {
    std::string text;
    for (size_t i = 0; i < sorted.size();) {
        size_t last = i;
        while (last + 1 < sorted.size() && sorted[last + 1] == sorted[last] + 1) {
            ++last;
        }
        text += (text.empty() ? "" : ", ") + std::to_string(sorted[i]) +
                (last > i ? "-" + std::to_string(sorted[last]) : "");
        i = last + 1;
    }
    return text.empty() ? "none" : text;
}

inline std::vector<int> lanesOf(unsigned int lanes) {
    std::vector<int> list;
    for (int lane = 0; lane < warpSize; ++lane) {
        if (((lanes >> lane) & 1u) != 0) {
            list.push_back(lane);
        }
    }
    return list;
}

// The lanes of a mask, lowest first, for a range-for loop that allocates nothing.
class EachLane {
public:
    explicit EachLane(unsigned int lanes) : lanes_(lanes) {}
    struct Iterator {
        unsigned int rest;
        int operator*() const { return __builtin_ctz(rest); }
        Iterator& operator++() {
            rest &= rest - 1;
            return *this;
        }
        bool operator!=(const Iterator& other) const { return rest != other.rest; }
    };
    Iterator begin() const { return {lanes_}; }
    Iterator end() const { return {0}; }

private:
    unsigned int lanes_;
};
inline EachLane eachLane(unsigned int lanes) { return EachLane(lanes); }

// "lane 5" or "lanes 0-4, 6-31".
inline std::string lanesPhrase(unsigned int lanes) {
    return (__builtin_popcount(lanes) == 1 ? "lane " : "lanes ") + rangeList(lanesOf(lanes));
}

inline std::string threadsPhrase(const std::vector<int>& threads) {
    return (threads.size() == 1 ? "thread " : "threads ") + rangeList(threads);
}

// ---------------------------------------------------------------------------
// The collectives, as the source wrote them
// ---------------------------------------------------------------------------

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
        case Op::MatrixLoad: return "wmma::load_matrix_sync";
        case Op::MatrixStore: return "wmma::store_matrix_sync";
        case Op::MatrixMultiply: return "wmma::mma_sync";
        case Op::SyncThreads: return "__syncthreads";
        case Op::SyncThreadsCount: return "__syncthreads_count";
        case Op::SyncThreadsAnd: return "__syncthreads_and";
        case Op::SyncThreadsOr: return "__syncthreads_or";
        case Op::GroupMeet: return "a group's collective";
        case Op::TileSync: return "a tile's sync";
        case Op::TileExchange: return "a tile's exchange";
        case Op::BlockMeet: return "a block's collective";
        case Op::SyncGrid: return "grid.sync";
        case Op::BarrierWait: return "barrier.wait";
    }
    return "?";
}

inline bool isShuffle(Op op) {
    return op == Op::ShflIdx || op == Op::ShflUp || op == Op::ShflDown || op == Op::ShflXor;
}
inline bool isVote(Op op) { return op == Op::Ballot || op == Op::Any || op == Op::All || op == Op::Uni; }
inline bool isMatch(Op op) { return op == Op::MatchAny || op == Op::MatchAll; }
inline bool isReduce(Op op) { return op >= Op::ReduceAdd && op <= Op::ReduceXor; }
// What every thread of the block meets at (block_barrier.cpp): __syncthreads()
// and its variants, a thread_block's collectives, and grid.sync(), which
// begins with the block's barrier.
inline bool isBlockBarrier(Op op) {
    return (op >= Op::SyncThreads && op <= Op::SyncThreadsOr) || op == Op::BlockMeet || op == Op::SyncGrid;
}
// The calls of a tile of more than 32 threads (tile_barrier.cpp).
inline bool isTileCall(Op op) { return op == Op::TileSync || op == Op::TileExchange; }
// mma.h's warp matrix functions: warp collectives of the whole warp, with no mask.
inline bool isMatrix(Op op) { return op == Op::MatrixLoad || op == Op::MatrixStore || op == Op::MatrixMultiply; }

// "fragment<matrix_a, 16, 16, 16, __half, row_major>", as the source names it.
inline std::string fragmentText(const MatrixFragment& fragment) {
    static const char* const uses[] = {"matrix_a", "matrix_b", "accumulator"};
    static const char* const elements[] = {"__half", "__nv_bfloat16", "precision::tf32", "float",
                                           "double", "signed char",   "unsigned char",   "int"};
    std::string text = std::string("fragment<") + uses[static_cast<int>(fragment.use)] + ", " +
                       std::to_string(fragment.m) + ", " + std::to_string(fragment.n) + ", " +
                       std::to_string(fragment.k) + ", " + elements[static_cast<int>(fragment.element)];
    if (fragment.layout != MatrixLayout::None) {
        text += fragment.layout == MatrixLayout::RowMajor ? ", row_major" : ", col_major";
    }
    return text + ">";
}
// A call whose lanes wait for each other: every warp collective but
// __activemask(), which waits for no one (warp_collectives.cpp).
inline bool isWarpCall(Op op) {
    return op < Op::SyncThreads ? op != Op::ActiveMask : op == Op::GroupMeet;
}

// The same call site: the same source file and line (two calls written on one
// line share it).
inline bool sameSite(const Request& a, const Request& b) {
    return a.line == b.line && (a.file == b.file || std::strcmp(a.file, b.file) == 0);
}

// A cooperative group's call (request.group), as the source wrote it:
// "tile.shfl_down(..., 1) on a thread_block_tile<16>", "cg::reduce(tile, ...)
// on a thread_block_tile<32>", "block.sync() on a thread_block".
std::string groupCallText(const Request& request);

// "__shfl_down_sync(0x000fffff, ..., 16)": the call as the source wrote it;
// a group's call with the intrinsic beneath it (groupCallText).
std::string intrinsicText(const Request& request);
inline std::string callText(const Request& request) {
    if (request.group.call != nullptr) {
        return groupCallText(request);
    }
    return intrinsicText(request);
}
inline std::string intrinsicText(const Request& request) {
    std::string text = std::string(opName(request.op)) + "(";
    if (request.op == Op::ActiveMask || request.op == Op::SyncThreads) {
        return text + ")";
    }
    if (isBlockBarrier(request.op)) {
        return text + "...)";
    }
    if (isMatrix(request.op)) {
        const MatrixCall& call = request.matrix;
        if (request.op == Op::MatrixMultiply) {
            return text + fragmentText(call.fragments[0]) + ", " + fragmentText(call.fragments[1]) + ", " +
                   fragmentText(call.fragments[2]) + ", " + fragmentText(call.fragments[3]) +
                   (call.saturate ? ", true)" : ")");
        }
        const std::string fragment = fragmentText(call.fragments[0]);
        const std::string ldm = std::to_string(call.ldm);
        const std::string layout = call.fragments[0].use != MatrixUse::Accumulator ? ""
                                   : call.layout == MatrixLayout::ColMajor       ? ", mem_col_major"
                                                                                 : ", mem_row_major";
        return text + (request.op == Op::MatrixLoad ? fragment + ", ..., " + ldm : "..., " + fragment + ", " + ldm) +
               layout + ")";
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

// ---------------------------------------------------------------------------
// JSON, for the trace (TRACE.md)
// ---------------------------------------------------------------------------

// A value as JSON: integers as integers, finite floats as numbers that read
// back to the same float, the others as "NaN", "Infinity", "-Infinity".
std::string jsonValue(std::uint64_t bits, ValueType type);
std::string jsonTypeName(ValueType type);
inline std::string jsonMask(unsigned int mask) { return "\"" + hexMask(mask) + "\""; }
inline std::string jsonString(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
        }
        out += c;
    }
    return out + "\"";
}

}  // namespace warp_emulator
