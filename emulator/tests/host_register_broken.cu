// host_register_broken.cu: a kernel reads host memory after cudaHostUnregister:
// once unregistered, the memory is no longer mapped into the device's address
// space (CUDA Runtime API, cudaHostUnregister: "Unmaps the memory range ...
// and makes it pageable again"), and a kernel's access to it is invalid. The
// emulator names the registration and the unregistration. On an H200 the
// kernel faults: cudaErrorIllegalAddress, memcheck an invalid __global__ read.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorIllegalAddress, printed "while registered: 496"; memcheck 35 errors (Invalid __global__ read of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include <cstdlib>

#include "case.cuh"

__global__ void sum(const int* in, int* out) { atomicAdd(out, in[threadIdx.x]); }

int main() {
    int* input = static_cast<int*>(std::aligned_alloc(4096, 4096));
    for (int i = 0; i < 32; ++i) {
        input[i] = i;
    }
    DeviceArray<int> total(1, 0);
    cudaHostRegister(input, 4096, cudaHostRegisterDefault);
    sum<<<1, 32>>>(input, total.device);
    cudaDeviceSynchronize();
    std::printf("while registered: %d\n", total.read()[0]);
    cudaHostUnregister(input);
    sum<<<1, 32>>>(input, total.device);
    return printLaunchVerdict();
}
