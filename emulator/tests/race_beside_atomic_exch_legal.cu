// race_beside_atomic_exch_legal.cu: the same with the barrier between the
// write and the neighbour's read; the flag as before.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "data[64] = 1, data[127] = 0, done = 1"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void shiftLeft(int* data, int* done) {
    const int t = threadIdx.x;
    data[t] = t;
    __syncthreads();
    data[64 + t] = data[(t + 1) % 64];
    if (t == 0) {
        atomicExch(done, 1);
    }
}

int main() {
    DeviceArray<int> data(128, -1);
    DeviceArray<int> done(1, 0);
    shiftLeft<<<1, 64>>>(data.device, done.device);
    const int status = printLaunchVerdict();
    std::printf("data[64] = %d, data[127] = %d, done = %d\n", data.read()[64], data.read()[127], done.read()[0]);
    return status;
}
