// initcheck.hpp: has anything written these bytes? compute-sanitizer's
// initcheck asks it of device memory on a GPU ("Uninitialized __global__
// memory read"); here every read a kernel makes asks it of:
//   device memory from cudaMalloc (cudaMallocPitch, cudaMallocAsync): nothing
//     is defined when it is allocated; cudaMemset, cudaMemcpy (and
//     cudaMemcpy2D) into it and a kernel's writes define bytes;
//   __shared__ and dynamic shared memory: nothing is defined when a block
//     starts; the block's writes define bytes.
// Managed and pinned host memory is the host's too, and the host program's
// own writes to it are not all seen, so it is taken as defined; __device__
// variables start with their initial values.
//
// A read of undefined bytes is a finding, but not the end of the kernel: the
// reader gets what is there, the emulator's poison (every byte 0xff: NaN as a
// float, -1 as an int), so that the wrong answer shows too.
#pragma once

#include "memcheck.hpp"

namespace warp_emulator {

class InitCheck {
public:
    static void read(const Place& place, const AccessRequest& access);
    static void write(const Place& place);
    // The host API's writes to device memory: cudaMemset, cudaMemcpy.
    static void defined(Allocation& allocation, size_t offset, size_t bytes);
    static void copyDefinedness(Allocation& to, size_t toOffset, const Allocation& from, size_t fromOffset, size_t bytes);
};

}  // namespace warp_emulator
