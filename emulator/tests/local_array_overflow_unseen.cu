// local_array_overflow_unseen.cu: what the emulator cannot see. Each thread
// writes one element past its own local array of 8 ints, an index a GPU
// computes at run time. The emulator does not check a thread's own local
// memory (its stack): the write lands in the thread's stack and the run is
// silent. compute-sanitizer's memcheck sees local memory.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out[0]: 4"; memcheck 37 errors (Invalid __local__ write of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void pastLocalArray(const int* in, int* out) {
    int local[8];
    const int last = in[threadIdx.x];  // 8: one past the end, unknown to the compiler
    for (int i = 0; i <= last; ++i) {
        local[i] = i;
    }
    out[threadIdx.x] = local[last / 2];
}

int main() {
    DeviceArray<int> in(32, 8);
    DeviceArray<int> out(32, 0);
    pastLocalArray<<<1, 32>>>(in.device, out.device);
    const int status = printLaunchVerdict();
    printValues("out[0]", {out.read()[0]});
    return status;
}
