// wmma_race_broken.cu: warp 0 stores its accumulator into a __shared__ tile
// with store_matrix_sync, and warp 1 loads that tile with load_matrix_sync,
// with no __syncthreads() between them. The warp matrix functions order no
// memory (the Guide says they wait for the warp's lanes, and nothing of
// memory): each element warp 1 loads races with warp 0's store of it. The
// emulator reports the race (its lanes' loads and stores are accesses like
// any other) and the exit 0 becomes 66; compute-sanitizer's racecheck
// watches shared memory, where this race is. wmma_shared_legal.cu puts the
// __syncthreads() there.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 4 hazards (Error: Race reported between Read access at handOverWithoutBarrier(float *)+0x100)
// expect-exit: 66
#include <mma.h>

#include "case.cuh"

using namespace nvcuda;

__global__ void handOverWithoutBarrier(float* d) {
    __shared__ __align__(32) float tile[256];
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    if (threadIdx.x < 32) {
        wmma::fill_fragment(acc, 1.0f);
        wmma::store_matrix_sync(tile, acc, 16, wmma::mem_row_major);
    } else {
        wmma::load_matrix_sync(acc, tile, 16, wmma::mem_row_major);  // warp 0 may not have stored yet
        wmma::store_matrix_sync(d, acc, 16, wmma::mem_row_major);
    }
}

int main() {
    DeviceArray<float> d(256, -1.0f);
    handOverWithoutBarrier<<<1, 64>>>(d.device);
    return printLaunchVerdict();
}
