// warp_aggregated_atomics_legal.cu: two warp-aggregated atomics. A histogram
// (the reference page's): the lanes holding the same key find each other with
// __match_any_sync, and the lowest of them adds their count with one
// atomicAdd. And a slot allocator: the warp's leader takes slots for all its
// active lanes with one atomicAdd, __shfl_sync hands the first to the others,
// and each lane writes its own slot. No two accesses race.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "bins: 32 32 32 32", "kept 84 of 128"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void histogram(int* bins, const int* keys) {
    const int key = keys[blockIdx.x * blockDim.x + threadIdx.x];
    const unsigned int mask = __activemask();
    const unsigned int peers = __match_any_sync(mask, key);
    const int leader = __ffs(static_cast<int>(peers)) - 1;
    if (static_cast<int>(threadIdx.x % 32) == leader) {
        atomicAdd(&bins[key], __popc(peers));
    }
    __syncwarp(mask);
}

__global__ void compact(int* counter, int* kept) {
    const int lane = static_cast<int>(threadIdx.x % 32);
    if (threadIdx.x % 3 != 0) {
        const unsigned int active = __activemask();
        const int leader = __ffs(static_cast<int>(active)) - 1;
        int first = 0;
        if (lane == leader) {
            first = atomicAdd(counter, __popc(active));
        }
        first = __shfl_sync(active, first, leader);
        kept[first + __popc(active & ((1u << lane) - 1))] = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    }
}

int main() {
    DeviceArray<int> bins(4, 0);
    std::vector<int> keys(128);
    for (int i = 0; i < 128; ++i) {
        keys[i] = i % 4;
    }
    DeviceArray<int> keyArray(128, 0);
    cudaMemcpy(keyArray.device, keys.data(), 128 * sizeof(int), cudaMemcpyHostToDevice);
    histogram<<<2, 64>>>(bins.device, keyArray.device);
    int status = printLaunchVerdict();
    printValues("bins", bins.read());
    DeviceArray<int> counter(1, 0);
    DeviceArray<int> kept(128, -1);
    compact<<<2, 64>>>(counter.device, kept.device);
    status |= printLaunchVerdict();
    std::printf("kept %d of 128\n", counter.read()[0]);
    return status;
}
