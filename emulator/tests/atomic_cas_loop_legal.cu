// atomic_cas_loop_legal.cu: the Programming Guide's atomicAdd for double, built
// on atomicCAS ("Atomic Functions"), by 256 threads into one total. It starts
// from a plain read of the address, which atomicCAS then checks: no race.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "total 128"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__device__ double addDouble(double* address, double val) {
    unsigned long long int* address_as_ull = (unsigned long long int*)address;
    unsigned long long int old = *address_as_ull, assumed;

    do {
        assumed = old;
        old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));

        // Note: uses integer comparison to avoid hang in case of NaN (since NaN != NaN)
    } while (assumed != old);

    return __longlong_as_double(old);
}

__global__ void sum(double* total) { addDouble(total, 0.5); }

int main() {
    DeviceArray<double> total(1, 0.0);
    sum<<<2, 128>>>(total.device);
    const int status = printLaunchVerdict();
    std::printf("total %g\n", total.read()[0]);
    return status;
}
