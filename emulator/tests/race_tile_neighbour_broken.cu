// race_tile_neighbour_broken.cu: 64 threads, two warps, each write its slot of
// a shared tile and then read its right neighbour's slot, with no barrier
// between. Lane 31 of warp 0 reads the slot that lane 0 of warp 1 writes, so
// the same read races with writes of its own warp and of the other warp:
// __syncwarp() would order only the first, __syncthreads() orders every pair.
// The report must say the race first, naming __syncthreads() (never
// __syncwarp() alone), and then, as its consequence, the uninitialised reads
// that the same missing barrier causes (a thread read its neighbour's slot
// before the neighbour wrote it).
// What a GPU should answer: without the barrier a thread may read its
// neighbour's slot before it is written (the Guide: __syncthreads() makes
// "accesses made by these threads prior to __syncthreads() ... visible to all
// threads in the block"); compute-sanitizer's racecheck reports the RAW
// hazard on `tile`, initcheck may report the reads of unwritten shared memory.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out[0], out[31], out[63] (7 each with the barrier): 7 7 7"; memcheck 0 errors; initcheck 0 errors; racecheck 1 hazard (Error: Race reported between Write access at readRightNeighbour(const int *, int *)+0xe0)
// expect-exit: 66
#include "case.cuh"

constexpr int kThreads = 64;

__global__ void readRightNeighbour(const int* in, int* out) {
    __shared__ int tile[kThreads];
    tile[threadIdx.x] = in[threadIdx.x];
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
