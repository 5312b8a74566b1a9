// aligned_size.hpp: cuda::aligned_size_t<Alignment>, a size in bytes that the
// program promises is a multiple of Alignment, with both addresses aligned to
// it (libcu++'s <cuda/barrier>, <cuda/pipeline>; cg::memcpy_async takes it too).
// The emulator checks the promise where a copy is issued: a GPU's copy of a
// broken promise is undefined.
#pragma once

#include <cstddef>

namespace cuda {

template <std::size_t Alignment>
struct aligned_size_t {
    static_assert(Alignment != 0 && (Alignment & (Alignment - 1)) == 0, "aligned_size_t: Alignment is a power of 2");
    static constexpr std::size_t align = Alignment;
    std::size_t value;
    constexpr explicit aligned_size_t(std::size_t size) : value(size) {}
    constexpr operator std::size_t() const { return value; }
};

namespace emulated {

// What a size promises of a copy's alignment: an aligned_size_t its
// Alignment, any other size nothing (1).
template <typename Size>
struct PromisedAlignment {
    static constexpr std::size_t value = 1;
};
template <std::size_t Alignment>
struct PromisedAlignment<aligned_size_t<Alignment>> {
    static constexpr std::size_t value = Alignment;
};

}  // namespace emulated

}  // namespace cuda
