// race_end_pointer_broken.cu: a kernel given [begin, end), end one past the
// allocation, as ranges are passed. The end pointer is device memory too, so
// the race check still runs, and the kernel's race is reported.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void shiftRange(int* begin, int* end) {
    const int half = static_cast<int>(end - begin) / 2, t = threadIdx.x;
    begin[t] = t;
    begin[half + t % half] += begin[(t + 1) % half];  // a neighbour's write, unordered
}

int main() {
    DeviceArray<int> data(64, 0);
    shiftRange<<<1, 32>>>(data.device, data.device + 64);
    printLaunchVerdict();
    return 0;
}
