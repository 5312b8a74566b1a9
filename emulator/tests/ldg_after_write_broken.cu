// ldg_after_write_broken.cu: block 0 publishes a value with a release (store,
// __threadfence(), atomicExch), block 1 acquires it (atomic read, then
// __threadfence()) and reads the value with __ldg(). The PTX ISA: "The memory
// consistency model does not apply to texture (including ld.global.nc) and
// surface accesses": the read-only data cache need not see the store, and no
// fence orders the load after it. ldg_legal.cu reads only what the host copied.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out: 42"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void handoff(int* flag, int* data, int* out) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 42;
        __threadfence();
        atomicExch(flag, 1);
    }
    if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicAdd(flag, 0) == 0) {
        }
        __threadfence();
        out[0] = __ldg(&data[0]);
    }
}

int main() {
    DeviceArray<int> flag(1, 0);
    DeviceArray<int> data(1, 0);
    DeviceArray<int> out(1, 0);
    handoff<<<2, 32>>>(flag.device, data.device, out.device);
    printLaunchVerdict();
    printValues("out", out.read());
    return 0;
}
