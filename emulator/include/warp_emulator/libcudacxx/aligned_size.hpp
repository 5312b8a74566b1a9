// aligned_size.hpp: cuda::aligned_size_t<Alignment>, a size in bytes that the
// program promises is a multiple of Alignment, with both addresses aligned to
// it (libcu++'s <cuda/barrier>, <cuda/pipeline>; cg::memcpy_async takes it too).
// A copy that breaks the promise is undefined on a GPU; the emulator checks
// it where the copy is issued, and stops the kernel there as at a misaligned
// access (cudaErrorMisalignedAddress).
#pragma once

#include <cstddef>

#include "aligned_size_fwd.hpp"

namespace cuda {

template <std::size_t Alignment>
struct aligned_size_t {
    static_assert(Alignment != 0 && (Alignment & (Alignment - 1)) == 0, "aligned_size_t: Alignment is a power of 2");
    static constexpr std::size_t align = Alignment;
    std::size_t value;
    constexpr explicit aligned_size_t(std::size_t size) : value(size) {}
    constexpr operator std::size_t() const { return value; }
};

}  // namespace cuda
