// wmma_pointer_mismatch_broken.cu: the two half-warps pass different
// pointers to load_matrix_sync (each its own tile of A). The Programming
// Guide: "The values of mptr, ldm, layout, and all template parameters for a
// must be the same for all threads in the warp." A GPU loads something
// undefined and compute-sanitizer says nothing; the emulator reports which
// lanes passed what (as offsets from the lowest lane's pointer), and the
// fragment it gives them is NaN, so that D shows it; the launch ends with
// cudaErrorWarpRuleBroken and the exit 0 becomes 66.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "D: 0 of 256 elements NaN"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include <mma.h>

#include "case.cuh"

using namespace nvcuda;

__global__ void loadTwoTiles(const __half* a, const __half* b, float* d) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    const __half* tile = a + (threadIdx.x < 16 ? 0 : 256);  // each half-warp its own tile
    wmma::load_matrix_sync(fa, tile, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(d, acc, 16, wmma::mem_row_major);
}

int main() {
    DeviceArray<__half> a(512, __float2half(1.0f)), b(256, __float2half(1.0f));
    DeviceArray<float> d(256, -1.0f);
    loadTwoTiles<<<1, 32>>>(a.device, b.device, d.device);
    printLaunchVerdict();
    const std::vector<float> values = d.read();
    int nans = 0;
    for (float value : values) {
        nans += value != value;
    }
    std::printf("D: %d of 256 elements NaN\n", nans);
    return 0;
}
