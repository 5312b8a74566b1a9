// race_beside_atomic_cas_broken.cu: the Guide's atomicCAS loop, and beside it a
// plain read of the same total by thread 0 of block 1 while other threads may
// still be adding to it. The loop's own plain read is checked by its CAS; this
// one is not.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__device__ double addDouble(double* address, double val) {
    unsigned long long int* address_as_ull = (unsigned long long int*)address;
    unsigned long long int old = *address_as_ull, assumed;
    do {
        assumed = old;
        old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}

__global__ void sum(double* total, double* seen) {
    addDouble(total, 0.5);
    if (blockIdx.x == 1 && threadIdx.x == 0) {
        *seen = *total;
    }
}

int main() {
    DeviceArray<double> total(1, 0.0);
    DeviceArray<double> seen(1, 0.0);
    sum<<<2, 128>>>(total.device, seen.device);
    return printLaunchVerdict();
}
