// calls.hpp: what every cooperative group (cooperative_groups.h) is made of
// here: a thread's place in its block and warp, and the collectives a group's
// call turns into. A group of one warp's lanes (a thread_block_tile of up to
// 32 threads, a coalesced_group) calls the _sync intrinsics with the group's
// lanes as the mask and its size as the width, as CUDA's own header does, so
// that the warp rules (runtime/rules/warp_collectives.cpp) apply unchanged;
// each request also names the group's call (GroupCall, kernel_calls.hpp), so
// that a report says "tile.shfl_down(..., 1) on a thread_block_tile<16>" and
// not only the intrinsic beneath it. Requests and answers travel by value.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "../device/kernel_calls.hpp"

namespace warp_emulator {

// Whether the running launch is a cooperative one (cudaLaunchCooperativeKernel):
// grid_group::is_valid() (runtime/device/group_calls.cpp).
bool cooperativeLaunch();
// A group's call whose arguments break its rule where CUDA's header stops the
// kernel (its details::abort(), a __trap(): a dynamic tile size that is no
// power of 2): a broken rule, and the kernel stopped as a GPU's would be.
[[noreturn]] void groupAbort(const char* call, const char* rule, const char* file, int line);
// grid.sync(): a broken rule, and the kernel stopped as a GPU's __trap() stops
// it, when the launch is not cooperative; else the grid barrier (runtime/rules/grid_barrier.hpp).
void gridSync(const GroupCall& call, const char* file, int line);

namespace groups {

// The thread's rank in its block (x fastest, as threadIdx counts), its lane
// and warp, and the block's size: what every group is measured from.
inline unsigned int blockThreadRank() {
    const uint3 thread = threadIndex();
    const dim3 block = blockSize();
    return thread.x + block.x * (thread.y + block.y * thread.z);
}
inline unsigned int blockThreadCount() {
    const dim3 block = blockSize();
    return block.x * block.y * block.z;
}
inline unsigned int laneId() { return blockThreadRank() % warpSize; }
// The lanes below this one: %lanemask_lt.
inline unsigned int lanesBelow() { return (1u << laneId()) - 1u; }

// The lanes of the tile of `size` (1, 2, 4, 8, 16 or 32) that holds `lane`.
constexpr unsigned int tileMask(unsigned int size, unsigned int lane) {
    return size >= 32 ? 0xffffffffu : ((1u << size) - 1u) << (lane & ~(size - 1u));
}

constexpr bool isPowerOfTwo(unsigned long long n) { return n != 0 && (n & (n - 1)) == 0; }

// The type names the reports use, one string literal for each tile size.
constexpr const char* tileTypeName(unsigned int size) {
    switch (size) {
        case 1: return "thread_block_tile<1>";
        case 2: return "thread_block_tile<2>";
        case 4: return "thread_block_tile<4>";
        case 8: return "thread_block_tile<8>";
        case 16: return "thread_block_tile<16>";
        case 32: return "thread_block_tile<32>";
        case 64: return "thread_block_tile<64>";
        case 128: return "thread_block_tile<128>";
        case 256: return "thread_block_tile<256>";
        case 512: return "thread_block_tile<512>";
        case 1024: return "thread_block_tile<1024>";
        default: return "thread_block_tile";
    }
}
// A tile made at run time (tiled_partition(parent, n)): a thread_group.
constexpr const char* dynamicTileTypeName(unsigned int size) {
    switch (size) {
        case 1: return "thread_group (a tile of 1 thread)";
        case 2: return "thread_group (a tile of 2 threads)";
        case 4: return "thread_group (a tile of 4 threads)";
        case 8: return "thread_group (a tile of 8 threads)";
        case 16: return "thread_group (a tile of 16 threads)";
        case 32: return "thread_group (a tile of 32 threads)";
        default: return "thread_group (a tile)";
    }
}

inline GroupCall named(const char* call, const char* group) {
    GroupCall named;
    named.call = call;
    named.group = group;
    return named;
}
inline GroupCall named(const char* call, const char* group, long long operand) {
    GroupCall named = groups::named(call, group);
    named.hasOperand = true;
    named.operand = operand;
    return named;
}

// One collective of the group's lanes, built outside the instrumentation
// (kernel_calls.hpp's WARP_EMULATOR_GLUE).
WARP_EMULATOR_GLUE inline Answer groupRequest(Op op, unsigned int mask, std::uint64_t value, int operand, int width,
                                              ValueType type, bool isSigned, const GroupCall& call,
                                              const char* file, int line) {
    Request& request = nextRequest();
    request.op = op;
    request.mask = mask;
    request.value = value;
    request.operand = operand;
    request.width = width;
    request.type = type;
    request.isSigned = isSigned;
    request.group = call;
    request.file = file;
    request.line = line;
    return collective(request);
}

inline unsigned int maskAnswer(const Answer& done) {
    return done.poisoned ? static_cast<unsigned int>(kIntegerPoison) : static_cast<unsigned int>(done.result);
}

// A shuffle of any trivially copyable value: CUDA's groups shuffle a struct
// too, eight bytes at a time. A value the shuffle could not read is poison
// (NaN, or 0xBAADF00D bytes), so that wrong answers show.
template <typename T>
T shuffleValue(Op op, unsigned int mask, const T& value, int operand, int width, const GroupCall& call,
               const char* file, int line) {
    static_assert(std::is_trivially_copyable<T>::value, "a group's shuffle moves trivially copyable values");
    unsigned char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    const ValueType type = valueTypeOf<T>();
    bool poisoned = false;
    for (size_t offset = 0; offset < sizeof(T); offset += 8) {
        const size_t piece = sizeof(T) - offset < 8 ? sizeof(T) - offset : 8;
        std::uint64_t bits = 0;
        std::memcpy(&bits, bytes + offset, piece);
        const Answer done = groupRequest(op, mask, bits, operand, width, type, false, call, file, line);
        poisoned |= done.poisoned;
        std::memcpy(bytes + offset, &done.result, piece);
    }
    if (poisoned) {
        return poison<T>();
    }
    T result;
    std::memcpy(&result, bytes, sizeof(T));
    return result;
}

// The lane of the rank-th lane (counted from 0) of `mask`, or 0xffffffff
// when `mask` has fewer lanes: __fns's answer, whose low five bits a shuffle reads.
inline unsigned int laneOfRank(unsigned int mask, unsigned int rank) {
    for (unsigned int lane = 0; lane < 32; ++lane) {
        if (((mask >> lane) & 1u) != 0 && rank-- == 0) {
            return lane;
        }
    }
    return 0xffffffffu;
}
inline unsigned int rankIn(unsigned int mask, unsigned int lane) {
    return static_cast<unsigned int>(__builtin_popcount(mask & ((1u << lane) - 1u)));
}
// The lanes of `lanes` renumbered by their rank in `mask`: a coalesced
// group's ballot and match answer by rank.
inline unsigned int byRank(unsigned int mask, unsigned int lanes) {
    unsigned int packed = 0;
    unsigned int rank = 0;
    for (unsigned int lane = 0; lane < 32; ++lane) {
        if (((mask >> lane) & 1u) != 0) {
            if (((lanes >> lane) & 1u) != 0) {
                packed |= 1u << rank;
            }
            ++rank;
        }
    }
    return packed;
}

// The lanes of one warp that a group names: how its warp-wide calls are made.
// A tile of the block (thread_block_tile of up to 32) and a coalesced group
// both are one.
struct WarpLanes {
    unsigned int mask = 0;   // the group's lanes
    unsigned int width = 32; // a tile's size, as its shuffles' width; 32 for a coalesced group
    bool isTile = false;     // a thread_block_tile's: lanes counted from the tile's first (its ballot), not by rank
    bool tiled = false;      // a tile's lanes, or a tile's made at run time (how tiled_partition cuts it again)
    const char* type = "";

    unsigned int rankOf(unsigned int lane) const { return isTile ? lane & (width - 1u) : rankIn(mask, lane); }
    unsigned int size() const { return static_cast<unsigned int>(__builtin_popcount(mask)); }
};

}  // namespace groups
}  // namespace warp_emulator
