// host_register_legal.cu: host memory of the program's own (a static array
// and memory from aligned_alloc) registered with cudaHostRegister, which a
// kernel then reads and writes at the same address (the H200 has unified
// addressing; cudaHostGetDevicePointer gives that address back), and
// unregistered after the kernel: the Programming Guide's "Mapped Memory". A
// kernel may also read it with cudaHostRegisterReadOnly. Its bytes are the
// host's, taken as defined. Four blocks write it, so that on several workers
// each block's writes reach the program's memory. On an H200: cudaSuccess, flags 2, the same
// pointer, and 0 6 and 124 after the kernels.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include <cstdlib>

#include "case.cuh"

__global__ void twice(const int* in, int* out) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = 2 * in[i];
}

static int input[64];

int main() {
    int* output = static_cast<int*>(std::aligned_alloc(4096, 4096));
    for (int i = 0; i < 64; ++i) {
        input[i] = i;
        output[i] = -1;
    }
    std::printf("cudaHostRegister: %s, %s\n",
                cudaGetErrorName(cudaHostRegister(input, sizeof input, cudaHostRegisterReadOnly)),
                cudaGetErrorName(cudaHostRegister(output, 4096, cudaHostRegisterMapped)));
    unsigned int flags = 0;
    cudaHostGetFlags(&flags, output);
    int* deviceOutput = nullptr;
    cudaHostGetDevicePointer(reinterpret_cast<void**>(&deviceOutput), output, 0);
    std::printf("flags %u, same pointer: %d\n", flags, deviceOutput == output);
    twice<<<4, 16>>>(input, deviceOutput);
    const int verdict = printLaunchVerdict();
    std::printf("output: %d %d %d\n", output[0], output[3], output[62]);
    std::printf("cudaHostUnregister: %s, %s\n", cudaGetErrorName(cudaHostUnregister(input)),
                cudaGetErrorName(cudaHostUnregister(output)));
    std::free(output);
    return verdict;
}
