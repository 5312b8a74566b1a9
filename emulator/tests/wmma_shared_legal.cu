// wmma_shared_legal.cu: the pattern of a tiled GEMM: the block's threads
// copy tiles of A and B into __shared__ arrays (256-bit aligned), a
// __syncthreads() orders the copies before the loads, each of two warps
// multiplies its own tile and stores D into shared memory, and another
// __syncthreads() orders those stores before the threads read D back and
// write it out. Every lane calls every warp matrix function with the same
// arguments; nothing races. The elements are small integers, so D is exact
// on any GPU: each element is 16 products of 1 and 2 plus 3 (35). No
// finding, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "D: 512 of 512 elements are 35"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include <mma.h>

#include "case.cuh"

using namespace nvcuda;

__global__ void twoTiles(const __half* a, const __half* b, float* d) {
    __shared__ __align__(32) __half tileA[2][256];
    __shared__ __align__(32) __half tileB[256];
    __shared__ __align__(32) float tileD[2][256];
    const int warp = threadIdx.x / 32;
    for (int i = threadIdx.x; i < 512; i += blockDim.x) {
        tileA[i / 256][i % 256] = a[i];
    }
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        tileB[i] = b[i];
    }
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 3.0f);
    wmma::load_matrix_sync(fa, tileA[warp], 16);
    wmma::load_matrix_sync(fb, tileB, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(tileD[warp], acc, 16, wmma::mem_row_major);
    __syncthreads();
    for (int i = threadIdx.x; i < 512; i += blockDim.x) {
        d[i] = tileD[i / 256][i % 256];
    }
}

int main() {
    DeviceArray<__half> a(512, __float2half(1.0f)), b(256, __float2half(2.0f));
    DeviceArray<float> d(512, -1.0f);
    twoTiles<<<1, 64>>>(a.device, b.device, d.device);
    const int status = printLaunchVerdict();
    int right = 0;
    for (float value : d.read()) {
        right += value == 35.0f;
    }
    std::printf("D: %d of 512 elements are 35\n", right);
    return status;
}
