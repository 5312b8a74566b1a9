// thread_block.hpp: cooperative_groups::thread_block and this_thread_block().
// Its sync() is __syncthreads(), under the block barrier's rules
// (runtime/rules/block_barrier.hpp), named "block.sync() on a thread_block"
// in a report; cg::sync(block) is the same call.
#pragma once

#include "thread_group.hpp"

namespace cooperative_groups {

// The scratch memory that a tile of more than 32 threads needs on GPUs older
// than compute capability 8.0 (`__shared__ block_tile_memory<BlockSize>`):
// accepted, and unused here.
template <unsigned int MaxBlockSize = 1024>
struct block_tile_memory {
    static_assert(MaxBlockSize > 0 && MaxBlockSize <= 1024, "block_tile_memory: a block holds at most 1024 threads");
    alignas(16) unsigned char reserved[16];
};

class thread_block : public thread_group {
public:
    thread_block() : thread_group(emulated::GroupKind::Block, "thread_block") {}
    template <unsigned int MaxBlockSize>
    explicit thread_block(block_tile_memory<MaxBlockSize>&) : thread_block() {}

    static void sync(WARP_EMULATOR_SITE) {
        warp_emulator::groups::groupRequest(warp_emulator::Op::SyncThreads, 0, 0, 0, warpSize, {}, false,
                                            warp_emulator::groups::named("block.sync", "thread_block"), file, line);
    }
    static unsigned int size() { return warp_emulator::groups::blockThreadCount(); }
    static unsigned int num_threads() { return size(); }
    static unsigned int thread_rank() { return warp_emulator::groups::blockThreadRank(); }
    static dim3 group_index() {
        const uint3 block = blockIdx;
        return dim3(block.x, block.y, block.z);
    }
    static dim3 thread_index() {
        const uint3 thread = threadIdx;
        return dim3(thread.x, thread.y, thread.z);
    }
    static dim3 group_dim() { return blockDim; }
    static dim3 dim_threads() { return blockDim; }

    // The split barrier (CUDA 12): here barrier_arrive() does nothing and
    // barrier_wait() is the whole sync(), as if each thread arrived where it
    // waits; so what a thread does between the two is ordered as if before
    // the barrier, and a race there with another thread's work after its
    // arrival is not seen.
    struct arrival_token {};
    arrival_token barrier_arrive() const { return {}; }
    void barrier_wait(arrival_token&&, WARP_EMULATOR_SITE) const { sync(file, line); }
};

inline thread_block this_thread_block() { return thread_block(); }
template <unsigned int MaxBlockSize>
thread_block this_thread_block(block_tile_memory<MaxBlockSize>& scratch) {
    return thread_block(scratch);
}

}  // namespace cooperative_groups
