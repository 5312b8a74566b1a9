// grid.hpp: grid_group and this_grid(). Every launch has one (its ranks and
// sizes need nothing more), but only a cooperative launch
// (cudaLaunchCooperativeKernel) may synchronize it: the Programming Guide's
// "Grid Synchronization" asks for one, and CUDA's header makes sync() of a
// grid that is not valid a __trap(). So here grid.sync() in any other launch
// is a broken rule, and the kernel stops as a GPU's does
// (cudaErrorLaunchFailure). In a cooperative launch it is the grid barrier of
// runtime/rules/grid_barrier.hpp: every thread of the grid must reach it.
#pragma once

#include "thread_group.hpp"

namespace cooperative_groups {

class grid_group : public thread_group {
public:
    grid_group() : thread_group(emulated::GroupKind::Grid, "grid_group") {}

    bool is_valid() const { return warp_emulator::cooperativeLaunch(); }
    void sync(WARP_EMULATOR_SITE) const {
        warp_emulator::gridSync(warp_emulator::groups::named("grid.sync", "grid_group"), file, line);
    }

    static unsigned long long num_blocks() {
        const dim3 grid = gridDim;
        return 1ull * grid.x * grid.y * grid.z;
    }
    static unsigned long long block_rank() {
        const uint3 block = blockIdx;
        const dim3 grid = gridDim;
        return block.x + 1ull * grid.x * (block.y + 1ull * grid.y * block.z);
    }
    static unsigned long long size() { return num_blocks() * warp_emulator::groups::blockThreadCount(); }
    static unsigned long long num_threads() { return size(); }
    static unsigned long long thread_rank() {
        return block_rank() * warp_emulator::groups::blockThreadCount() + warp_emulator::groups::blockThreadRank();
    }
    static dim3 dim_blocks() { return gridDim; }
    static dim3 block_index() {
        const uint3 block = blockIdx;
        return dim3(block.x, block.y, block.z);
    }
    static dim3 dim_threads() {
        const dim3 grid = gridDim, block = blockDim;
        return dim3(grid.x * block.x, grid.y * block.y, grid.z * block.z);
    }
    static dim3 group_dim() { return dim_threads(); }
    static dim3 thread_index() {
        const uint3 block = blockIdx, thread = threadIdx;
        const dim3 size = blockDim;
        return dim3(block.x * size.x + thread.x, block.y * size.y + thread.y, block.z * size.z + thread.z);
    }
};

inline grid_group this_grid() { return grid_group(); }

}  // namespace cooperative_groups
