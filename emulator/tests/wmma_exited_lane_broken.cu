// wmma_exited_lane_broken.cu: lane 31 returns early, and the other lanes go
// on to mma_sync. For the other warp collectives an exited lane counts as
// arrived (the Guide names "non-exited threads"); not for the warp matrix
// functions: mma_sync "must be called by all threads in the warp, or the
// result is undefined", and mma.sync.aligned needs "all threads in the warp"
// to execute it. The emulator reports the exited lane, and D is NaN; the
// launch ends with cudaErrorWarpRuleBroken and the exit 0 becomes 66. What a
// GPU does is undefined.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "acc.x[0], lanes 0 and 30: 0.00782681 0.00782681"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include <mma.h>

#include "case.cuh"

using namespace nvcuda;

__global__ void multiplyWithoutLane31(const __half* a, const __half* b, float* d) {
    if (threadIdx.x == 31) {
        return;
    }
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    d[threadIdx.x] = acc.x[0];
}

int main() {
    DeviceArray<__half> a(256, __float2half(1.0f)), b(256, __float2half(1.0f));
    DeviceArray<float> d(32, -1.0f);
    multiplyWithoutLane31<<<1, 32>>>(a.device, b.device, d.device);
    printLaunchVerdict();
    printValues("acc.x[0], lanes 0 and 30", {d.read()[0], d.read()[30]});
    return 0;
}
