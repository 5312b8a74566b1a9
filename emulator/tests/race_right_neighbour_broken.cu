// race_right_neighbour_broken.cu: each lane writes its shared slot and reads
// its right neighbour's with no __syncwarp() between. Lanes are not guaranteed
// to run in step (independent thread scheduling), so a lane may read the slot
// before or after its neighbour wrote it: a race. Run once, the emulator's
// lane order would give one answer every time; run in two orders, the
// results differ and the race is reported, naming the allocation and the
// first element that differs.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 1 hazard (Warning: Race reported between Write access at readRightNeighbour(int *)+0xe0)
// expect-exit: 66
#include "case.cuh"

__global__ void readRightNeighbour(int* out) {
    __shared__ int slots[32];
    const int lane = threadIdx.x;
    slots[lane] = lane + 100;
    out[lane] = slots[(lane + 1) % 32];  // no __syncwarp() between the write and this read
}

int main() {
    DeviceArray<int> out(32, -1);
    readRightNeighbour<<<1, 32>>>(out.device);
    printLaunchVerdict();
    return 0;
}
