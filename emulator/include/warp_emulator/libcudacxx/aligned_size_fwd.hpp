// aligned_size_fwd.hpp: cuda::aligned_size_t named, not defined: what
// cg::memcpy_async needs to tell a promised alignment (PromisedAlignment),
// without giving a program the type, which only <cuda/barrier> and
// <cuda/pipeline> give it (as CUDA's headers do).
#pragma once

#include <cstddef>

namespace cuda {

template <std::size_t Alignment>
struct aligned_size_t;

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
