// wmma_missing_lane_broken.cu: lane 5 skips mma_sync and goes on to
// store_matrix_sync, where the others follow. The Programming Guide, "Warp
// Matrix Functions": mma_sync "must be called by all threads in the warp, or
// the result is undefined". A GPU computes something undefined, or hangs
// (mma.sync.aligned: "all threads in the warp must execute the same mma
// instruction"); compute-sanitizer's synccheck may say so. The emulator
// reports lane 5 missing, with where it waits instead, goes ahead with the
// others, and gives them NaN in D, so that the stored tile shows it; the
// launch ends with cudaErrorWarpRuleBroken and the exit 0 becomes 66.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include <mma.h>

#include "case.cuh"

using namespace nvcuda;

__global__ void multiplyButLaneFive(const __half* a, const __half* b, float* d) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    if (threadIdx.x != 5) {
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(d, acc, 16, wmma::mem_row_major);
}

int main() {
    DeviceArray<__half> a(256, __float2half(1.0f)), b(256, __float2half(1.0f));
    DeviceArray<float> d(256, -1.0f);
    multiplyButLaneFive<<<1, 32>>>(a.device, b.device, d.device);
    printLaunchVerdict();
    const std::vector<float> values = d.read();
    int sixteens = 0, nans = 0;
    for (float value : values) {
        sixteens += value == 16.0f;
        nans += value != value;
    }
    std::printf("D: %d elements 16 (each 16 ones times 16 ones), %d NaN, %d other\n", sixteens, nans,
                256 - sixteens - nans);
    return 0;
}
