// race_neighbour_legal.cu: the same exchange with __syncwarp() between the
// write and the read, which orders every lane's write before every lane's
// read. Both lane orders give the same bytes: no report, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void readNeighboursAfterSyncwarp(int* out) {
    __shared__ int slots[32];
    const int lane = threadIdx.x;
    slots[lane] = lane + 100;
    __syncwarp();
    out[lane] = slots[(lane + 31) % 32] + slots[(lane + 1) % 32];
}

int main() {
    DeviceArray<int> out(32, -1);
    readNeighboursAfterSyncwarp<<<1, 32>>>(out.device);
    printLaunchVerdict();
    printValues("out", out.read());
    return 0;
}
