// oob_shared_legal.cu: the same shift, wrapping around inside the array.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out[0]: 7"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void shiftRight(const int* in, int* out) {
    __shared__ int tile[64];
    tile[(threadIdx.x + 1) % 64] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x];
}

int main() {
    DeviceArray<int> in(64, 7);
    DeviceArray<int> out(64, 0);
    shiftRight<<<1, 64>>>(in.device, out.device);
    const int status = printLaunchVerdict();
    printValues("out[0]", {out.read()[0]});
    return status;
}
