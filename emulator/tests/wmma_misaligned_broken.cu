// wmma_misaligned_broken.cu: load_matrix_sync from a pointer 16 bytes into
// an allocation, and with ldm 12 (24 bytes). The Programming Guide: "mptr
// must be a 256-bit aligned pointer pointing to the first element of the
// matrix in memory. ldm ... must be a multiple of 8 for __half element type
// ... (i.e., multiple of 16 bytes in both cases)." The emulator reports both
// as a broken rule, loads nothing and gives the fragment NaN; the launch
// ends with cudaErrorWarpRuleBroken and the exit 0 becomes 66. What a GPU
// does is undefined (it may load the tile anyway, or fault on a misaligned
// address).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "fa.x[0], lanes 0 and 31: 1 1"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include <mma.h>

#include "case.cuh"

using namespace nvcuda;

__global__ void loadMisaligned(const __half* a, float* out) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::load_matrix_sync(fa, a + 8, 12);
    out[threadIdx.x] = __half2float(fa.x[0]);
}

int main() {
    DeviceArray<__half> a(16 * 16 + 8, __float2half(1.0f));
    DeviceArray<float> out(32, 0.0f);
    loadMisaligned<<<1, 32>>>(a.device, out.device);
    printLaunchVerdict();
    printValues("fa.x[0], lanes 0 and 31", {out.read()[0], out.read()[31]});
    return 0;
}
