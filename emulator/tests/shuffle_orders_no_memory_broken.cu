// shuffle_orders_no_memory_broken.cu: each lane stores its value in a shared
// slot, meets the others at a __shfl_sync() (for an unrelated broadcast), and
// then reads its neighbour's slot. A shuffle exchanges registers and orders no
// memory (the PTX ISA says of shfl.sync only that each thread waits for the
// others): the neighbour's store may not be visible yet.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 1 hazard (Warning: Race reported between Write access at neighbours(const int *, int *)+0x120)
// expect-exit: 66
#include "case.cuh"

__global__ void neighbours(const int* in, int* out) {
    __shared__ int slots[32];
    const int lane = static_cast<int>(threadIdx.x);
    slots[lane] = in[lane];
    const int first = __shfl_sync(0xffffffffu, in[lane], 0);
    out[lane] = slots[(lane + 1) % 32] + first;
}

int main() {
    DeviceArray<int> in(32, 3);
    DeviceArray<int> out(32, 0);
    neighbours<<<1, 32>>>(in.device, out.device);
    return printLaunchVerdict();
}
