// race_global_broken.cu: every thread writes its index to one __device__
// variable; which write is last depends on the order threads run in. The race
// check compares the program's global variables too, where __device__
// variables live, and names it.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "lastWriter: 32"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__device__ int lastWriter;

__global__ void everyoneWrites() {
    lastWriter = static_cast<int>(threadIdx.x);
}

int main() {
    everyoneWrites<<<1, 64>>>();
    printLaunchVerdict();
    int last = -1;
    cudaMemcpyFromSymbol(&last, lastWriter, sizeof last);
    std::printf("lastWriter: %d\n", last);
    return 0;
}
