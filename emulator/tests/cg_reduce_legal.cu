// cg_reduce_legal.cu: cg::reduce with each of CUDA's operators (cg::plus,
// cg::less, cg::greater, cg::bit_and, cg::bit_or, cg::bit_xor) and a lambda,
// on thread_block_tiles of 32, 8 and 1, on a coalesced_group of the odd
// lanes, on doubles, and on a tile of 64 (two warps). Every lane of each
// group takes part: no report, exit 0. What each answers is what the
// Programming Guide defines (op over every thread's value, given to every
// thread), the same on an H200: over the ranks 0..31 of a tile<32>, plus 496,
// less 0, greater 31, bit_and 0, bit_or 31, bit_xor 0; max of (rank * 7 % 32)
// by the lambda 31; tile<8> plus 28 (0..7); tile<1> its own rank, 0; the 16
// odd lanes' plus of their lane numbers 256; a double plus of 0.5 a lane
// 16; tile<64> plus of 0..63, 2016.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 1 hazard (Error: Race reported between Write access at reductions(int *, double *)+0xc30)
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
// run: WARP_EMULATOR_LANE_ORDER=random:7
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void reductions(int* out, double* halves) {
    const cg::thread_block block = cg::this_thread_block();
    const cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    const int rank = static_cast<int>(tile.thread_rank());
    const int lane = static_cast<int>(block.thread_rank());
    if (lane < 32) {
        int answers[7];
        answers[0] = cg::reduce(tile, rank, cg::plus<int>());
        answers[1] = cg::reduce(tile, rank, cg::less<int>());
        answers[2] = cg::reduce(tile, rank, cg::greater<int>());
        answers[3] = cg::reduce(tile, rank, cg::bit_and<int>());
        answers[4] = cg::reduce(tile, rank, cg::bit_or<int>());
        answers[5] = cg::reduce(tile, rank, cg::bit_xor<int>());
        answers[6] = cg::reduce(tile, rank * 7 % 32, [](int a, int b) { return a > b ? a : b; });
        if (lane == 5) {
            for (int i = 0; i < 7; ++i) {
                out[i] = answers[i];
            }
        }
        const cg::thread_block_tile<8> eight = cg::tiled_partition<8>(tile);
        const int ofEight = cg::reduce(eight, static_cast<int>(eight.thread_rank()), cg::plus<int>());
        if (lane == 8) {
            out[7] = ofEight;
        }
        const cg::thread_block_tile<1> one = cg::tiled_partition<1>(tile);
        const int ofOne = cg::reduce(one, rank, cg::plus<int>());
        if (lane == 0) {
            out[8] = ofOne;
        }
        if (lane % 2 == 1) {
            const cg::coalesced_group odd = cg::coalesced_threads();
            const int ofOdd = cg::reduce(odd, lane, cg::plus<int>());
            if (odd.thread_rank() == 0) {
                out[9] = ofOdd;
            }
        }
        const double half = cg::reduce(tile, 0.5, cg::plus<double>());
        if (lane == 31) {
            halves[0] = half;
        }
    }
    const cg::thread_block_tile<64> pair = cg::tiled_partition<64>(block);
    const int ofPair = cg::reduce(pair, static_cast<int>(pair.thread_rank()), cg::plus<int>());
    if (lane == 63) {
        out[10] = ofPair;
    }
}

int main() {
    DeviceArray<int> out(11, -1);
    DeviceArray<double> halves(1, 0.0);
    reductions<<<1, 64>>>(out.device, halves.device);
    const int status = printLaunchVerdict();
    printValues("plus less greater and or xor lambda eight one odd pair", out.read());
    printValues("halves", halves.read());
    return status;
}
