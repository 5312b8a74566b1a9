// template_shared_broken.cu: a function-template kernel that reads one past
// the end of its __shared__ tile (the row stride is kTile + 1 where the tile
// is kTile wide): named as an access past the template's own variable.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorIllegalAddress, printed "out[0]: 0"; memcheck 20 errors (Invalid __shared__ read of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include "case.cuh"

template <int kTile>
__global__ void transposeTile(const float* in, float* out) {
    __shared__ float tile[kTile * kTile];
    tile[threadIdx.y * kTile + threadIdx.x] = in[threadIdx.y * kTile + threadIdx.x];
    __syncthreads();
    out[threadIdx.x * kTile + threadIdx.y] = tile[threadIdx.x * (kTile + 1) + threadIdx.y];
}

int main() {
    DeviceArray<float> in(16 * 16, 1.0f);
    DeviceArray<float> out(16 * 16, 0.0f);
    transposeTile<16><<<1, dim3(16, 16)>>>(in.device, out.device);
    const int status = printLaunchVerdict();
    printValues("out[0]", {out.read()[0]});
    return status;
}
