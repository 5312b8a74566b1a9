// memcpy_unwritten_device_to_device_broken.cu: a cudaMemcpy from device
// memory nothing wrote, over half of memory a cudaMemset wrote whole. The
// copy carries its source's undefinedness, as a kernel's copy does: the
// kernel's reads of the copied half are the uninitialised reads, each said
// to be a copy's (the copy was written; its source never was), and the other
// half is defined. compute-sanitizer's initcheck reports the cudaMemcpy
// itself instead ("Host API memory access error ... on access by cudaMemcpy
// source").
// On an H200: awaits capture (tools/capture-case-answers.sh); compute-sanitizer's initcheck checks a cudaMemcpy's source, and the copy initialises its target: predicted alone cudaSuccess; memcheck 0 errors; initcheck 1 error (Host API memory access error, on access by cudaMemcpy source); racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void twice(const int* in, int* out) {
    const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    out[i] = 2 * in[i];
}

int main() {
    const int n = 64;
    int* never = nullptr;
    int* set = nullptr;
    cudaMalloc(&never, n * sizeof(int));
    cudaMalloc(&set, n * sizeof(int));
    cudaMemset(set, 0, n * sizeof(int));
    cudaMemcpy(set, never, n / 2 * sizeof(int), cudaMemcpyDeviceToDevice);
    DeviceArray<int> out(n, 0);
    twice<<<2, n / 2>>>(set, out.device);
    printLaunchVerdict();
    cudaFree(never);
    cudaFree(set);
    return 0;
}
