// cg_invoke_one_legal.cu: cg::invoke_one and cg::invoke_one_broadcast (CUDA
// 12.0 on): one thread of each warp's tile takes a ticket with atomicAdd and
// the tile's every thread gets it; then one thread of each tile adds the
// ticket to a total. Two tiles: tickets 0 and 1, total 1.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include <cooperative_groups.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void tickets(int* counter, int* total, int* seen) {
    const cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    const int ticket = cg::invoke_one_broadcast(tile, [&] { return atomicAdd(counter, 1); });
    seen[threadIdx.x] = ticket;
    cg::invoke_one(tile, [&](int value) { atomicAdd(total, value); }, ticket);
}

int main() {
    DeviceArray<int> counter(1, 0);
    DeviceArray<int> total(1, 0);
    DeviceArray<int> seen(64, -1);
    tickets<<<1, 64>>>(counter.device, total.device, seen.device);
    const int verdict = printLaunchVerdict();
    const std::vector<int> tickets = seen.read();
    int agreeing = 0;
    for (int i = 0; i < 64; ++i) {
        agreeing += tickets[static_cast<size_t>(i)] == tickets[static_cast<size_t>(i / 32 * 32)];
    }
    std::printf("counter %d, total %d, threads agreeing with their tile %d of 64\n", counter.read()[0], total.read()[0],
                agreeing);
    return verdict;
}
