// api_misuse_broken.cu: calls of the runtime API that a GPU's runtime refuses:
// a copy and a memset that run past their allocation's end (each copies or
// sets nothing), a copy from freed memory, a second cudaFree of the same
// pointer, a cudaFree of host memory and of a pointer into an allocation, and
// a 2D copy whose width exceeds its pitch. None is a finding: each is an
// answer, which the program prints.
// On an H200 (evidence/case-answers-h200.txt): alone exit 0; memcheck 8 errors (Program hit cudaErrorInvalidValue (error 1) due to "invalid argument" on CUDA API call to cudaMemcpy); initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

int main() {
    int* device = nullptr;
    cudaMalloc(&device, 100 * sizeof(int));
    cudaMemset(device, 0, 100 * sizeof(int));
    int host[101];
    for (int i = 0; i < 101; ++i) {
        host[i] = 7;
    }
    std::printf("cudaMemcpy of 101 ints into int[100]: %s\n",
                cudaGetErrorName(cudaMemcpy(device, host, sizeof host, cudaMemcpyHostToDevice)));
    std::printf("cudaMemset of 404 bytes on int[100]: %s\n", cudaGetErrorName(cudaMemset(device, 1, 404)));
    int back[100];
    cudaMemcpy(back, device, sizeof back, cudaMemcpyDeviceToHost);
    std::printf("device[0] after them: %d (nothing was copied or set)\n", back[0]);
    std::printf("cudaFree of a pointer into the allocation: %s\n", cudaGetErrorName(cudaFree(device + 1)));
    std::printf("cudaFree of host memory: %s\n", cudaGetErrorName(cudaFree(host)));
    std::printf("cudaFree: %s\n", cudaGetErrorName(cudaFree(device)));
    std::printf("cudaMemcpy from it after cudaFree: %s\n",
                cudaGetErrorName(cudaMemcpy(back, device, sizeof back, cudaMemcpyDeviceToHost)));
    std::printf("cudaFree again: %s\n", cudaGetErrorName(cudaFree(device)));
    float* pitched = nullptr;
    size_t pitch = 0;
    cudaMallocPitch(&pitched, &pitch, 64 * sizeof(float), 4);
    float rows[4][100] = {};
    const cudaError_t narrow = cudaMemcpy2D(pitched, 256, rows, sizeof rows[0], sizeof rows[0], 4, cudaMemcpyHostToDevice);
    std::printf("cudaMemcpy2D 400 bytes wide into rows 256 bytes apart: %s\n", cudaGetErrorName(narrow));
    cudaFree(pitched);
    std::printf("cudaGetLastError: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
