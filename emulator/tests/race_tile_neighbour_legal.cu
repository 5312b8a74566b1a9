// race_tile_neighbour_legal.cu: the exchange of race_tile_neighbour_broken.cu
// with __syncthreads() between the write and the read: every thread's write
// of its slot comes before every thread's read, in both warps. Silent, exit 0.
// What a GPU should answer: 7 in every element; compute-sanitizer's memcheck,
// initcheck and racecheck: 0 errors, 0 hazards.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out[0], out[31], out[63] (7 each with the barrier): 7 7 7"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

constexpr int kThreads = 64;

__global__ void readRightNeighbour(const int* in, int* out) {
    __shared__ int tile[kThreads];
    tile[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[(threadIdx.x + 1) % kThreads];
}

int main() {
    DeviceArray<int> in(kThreads, 7);
    DeviceArray<int> out(kThreads, 0);
    readRightNeighbour<<<1, kThreads>>>(in.device, out.device);
    const int status = printLaunchVerdict();
    const std::vector<int> values = out.read();
    printValues("out[0], out[31], out[63] (7 each with the barrier)", {values[0], values[31], values[63]});
    return status;
}
