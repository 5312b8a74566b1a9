// wmma_out_of_bounds_broken.cu: a 16 x 16 tile of A loaded, row-major with
// ldm 16, from an allocation of 15 rows: the last row is past its end. Every
// lane calls load_matrix_sync with the same arguments, so no warp rule is
// broken; but the elements the lanes load are accesses like any other, and
// the first one past the end stops the kernel, as compute-sanitizer's
// memcheck reports it ("Invalid __global__ read") and a GPU may fault:
// cudaErrorIllegalAddress.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include <mma.h>

#include "case.cuh"

using namespace nvcuda;

__global__ void loadPastTheEnd(const __half* a) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::load_matrix_sync(fa, a, 16);
}

int main() {
    DeviceArray<__half> a(15 * 16, __float2half(1.0f));
    loadPastTheEnd<<<1, 32>>>(a.device);
    return printLaunchVerdict();
}
