// multi_warp_tiles.hpp: the calls of a thread_block_tile of 64 to 1024
// threads, which spans warps: its sync() is a barrier of the tile's threads
// (Op::TileSync), and its shfl, any, all and the algorithms on it pass values
// between its warps (Op::TileExchange), both carried out by
// runtime/rules/tile_barrier.cpp once every thread of the tile that has not
// exited is there. A request names the tile by its first thread's rank in the
// block (in `mask`) and its size (in `width`); `operand` is the rank read.
#pragma once

#include <cstring>
#include <type_traits>

#include "calls.hpp"

namespace cooperative_groups {
namespace emulated {

// operand of a TileExchange that counts the threads whose value is not 0.
constexpr int kCountNonZero = -1;

inline void tileSync(unsigned int first, unsigned int size, const warp_emulator::GroupCall& call, const char* file,
                     int line) {
    warp_emulator::groups::groupRequest(warp_emulator::Op::TileSync, first, 0, 0, static_cast<int>(size), {}, false,
                                        call, file, line);
}

inline unsigned int tileCount(unsigned int first, unsigned int size, int predicate,
                              const warp_emulator::GroupCall& call, const char* file, int line) {
    const warp_emulator::Answer done =
        warp_emulator::groups::groupRequest(warp_emulator::Op::TileExchange, first, predicate != 0, kCountNonZero,
                                            static_cast<int>(size), {}, false, call, file, line);
    return static_cast<unsigned int>(done.result);
}

// The value that the tile's thread of rank `source` holds.
template <typename T>
T tileShuffle(unsigned int first, unsigned int size, const T& value, unsigned int source,
              const warp_emulator::GroupCall& call, const char* file, int line) {
    static_assert(std::is_trivially_copyable<T>::value, "a group's shuffle moves trivially copyable values");
    using namespace warp_emulator;
    unsigned char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    bool poisoned = false;
    for (size_t offset = 0; offset < sizeof(T); offset += 8) {
        const size_t piece = sizeof(T) - offset < 8 ? sizeof(T) - offset : 8;
        std::uint64_t bits = 0;
        std::memcpy(&bits, bytes + offset, piece);
        const Answer done = groups::groupRequest(Op::TileExchange, first, bits, static_cast<int>(source),
                                                  static_cast<int>(size), valueTypeOf<T>(), false, call, file, line);
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

}  // namespace emulated
}  // namespace cooperative_groups
