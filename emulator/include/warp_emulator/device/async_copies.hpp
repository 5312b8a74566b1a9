// async_copies.hpp: the asynchronous copies of cg::memcpy_async
// (<cooperative_groups/memcpy_async.h>) and cuda::memcpy_async
// (<cuda/pipeline>, <cuda/barrier>), as a kernel hands them to the runtime
// (runtime/checks/async_copies.hpp says how they are checked).
//
// A copy the thread issues is not made then: it is made when the thread
// waits for it (cg::wait, a pipeline's consumer_wait, its arrival on the
// barrier the copy was given), and checked then as that thread's read of the
// source and write of the destination, at the line that issued it. Until
// then it is in flight: a read of its destination, or a write to its
// destination or source, by any thread, is reported, since the copy may land
// before or after it.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernel_calls.hpp"

namespace warp_emulator {

// The calling thread's share of a copy of `bytes` from `source` to
// `destination` split among `threads` threads in `chunk`-byte pieces, the
// thread of rank `rank` taking pieces rank, rank + threads, ... (a group's
// copy; one thread's own: rank 0 of 1). `barrier`: the cuda::barrier whose
// phase the copy completes with, or null for the thread's batches. `call`
// names the call for the reports ("cg::memcpy_async"). `alignment`: what a
// cuda::aligned_size_t promised of both addresses and the size (1: nothing);
// a copy that breaks it stops the kernel, as a GPU's misaligned access does.
void asyncCopy(void* destination, const void* source, size_t bytes, size_t alignment, size_t chunk, unsigned int rank,
               unsigned int threads, const void* barrier, const char* call, const char* file, int line);
// The copies issued since the last commit become one batch (__pipeline_commit).
void asyncCommit();
// Makes every batch of the calling thread but the newest `keep`
// (cg::wait_prior<keep>, cg::wait: 0, a pipeline's consumer_wait).
void asyncWaitPrior(unsigned int keep);
// Makes the copies the calling thread gave `barrier` (its arrival on it).
void asyncCompleteOn(const void* barrier);

// The largest piece, of 1 to 16 bytes, that the two addresses and the size
// are all multiples of: how a group's threads share a copy.
inline size_t copyChunk(const void* destination, const void* source, size_t bytes) {
    const auto a = reinterpret_cast<std::uintptr_t>(destination);
    const auto b = reinterpret_cast<std::uintptr_t>(source);
    size_t chunk = 16;
    while (chunk > 1 && (a % chunk != 0 || b % chunk != 0 || bytes % chunk != 0)) {
        chunk /= 2;
    }
    return chunk;
}

}  // namespace warp_emulator
