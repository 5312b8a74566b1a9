// half_shuffle_legal.cu: the warp shuffles on the 16-bit types, as
// cuda_fp16.h and cuda_bf16.h overload them: __shfl_xor_sync on __half,
// __shfl_down_sync on __half2 (a warp's sum, halves added with __hadd2),
// __shfl_sync on __nv_bfloat16 within segments of 8 lanes, __shfl_up_sync on
// __nv_bfloat162; every lane of the warp takes part with the full mask, so
// every read is of a lane taking part. The values go through a __shared__
// __half2 array, the pattern a reduction across warps uses. Each result is
// exact (small multiples of 1/4), so a GPU prints the same bits; no finding,
// exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "case.cuh"

constexpr unsigned int kFullMask = 0xffffffffu;

__global__ void shuffles(unsigned int* out) {
    __shared__ __half2 staged[32];
    const int lane = threadIdx.x;
    const __half mine = __float2half(0.25f * lane);
    staged[lane] = __floats2half2_rn(lane, -0.5f * lane);
    __syncwarp();
    const __half neighbour = __shfl_xor_sync(kFullMask, mine, 1);
    __half2 sum = staged[lane];
    for (int offset = 16; offset > 0; offset /= 2) {
        sum = __hadd2(sum, __shfl_down_sync(kFullMask, sum, offset));
    }
    const __nv_bfloat16 first = __shfl_sync(kFullMask, __float2bfloat16(lane + 0.5f), 0, 8);
    const __nv_bfloat162 previous = __shfl_up_sync(kFullMask, __floats2bfloat162_rn(lane, 2.0f * lane), 1);
    out[lane] = __half_as_ushort(neighbour);
    out[32 + lane] = lane == 0 ? (__half_as_ushort(sum.x) | static_cast<unsigned int>(__half_as_ushort(sum.y)) << 16) : 0;
    out[64 + lane] = __bfloat16_as_ushort(first);
    out[96 + lane] = __bfloat16_as_ushort(previous.x) | static_cast<unsigned int>(__bfloat16_as_ushort(previous.y)) << 16;
}

int main() {
    DeviceArray<unsigned int> out(128, 0);
    shuffles<<<1, 32>>>(out.device);
    const int status = printLaunchVerdict();
    const std::vector<unsigned int> values = out.read();
    printValues("__half, xor 1", std::vector<unsigned int>(values.begin(), values.begin() + 32));
    printValues("__half2 sum in lane 0", {values[32]});
    printValues("__nv_bfloat16, lane 0 of each 8", std::vector<unsigned int>(values.begin() + 64, values.begin() + 96));
    printValues("__nv_bfloat162, up 1", std::vector<unsigned int>(values.begin() + 96, values.end()));
    return status;
}
