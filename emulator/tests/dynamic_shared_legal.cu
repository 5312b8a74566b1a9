// dynamic_shared_legal.cu: dynamic shared memory sized by the launch's third
// <<< >>> argument, a `static __shared__` array, and a block that opts in to
// 64 KiB of dynamic shared memory with cudaFuncSetAttribute. Without the
// opt-in that launch is refused with cudaErrorInvalidValue, as on the H200
// (evidence/gpu-answers-h200.txt). No report, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 2 errors (Program hit cudaErrorInvalidValue (error 1) due to "invalid argument" on CUDA API call to cudaLaunchKernel); initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void reverseThroughShared(const int* in, int* out) {
    extern __shared__ int dynamicTile[];
    static __shared__ int staticTile[32];
    const int t = threadIdx.x;
    dynamicTile[t] = in[t];
    staticTile[t] = 2 * in[t];
    __syncthreads();
    out[t] = dynamicTile[blockDim.x - 1 - t] + staticTile[blockDim.x - 1 - t];
}

int main() {
    DeviceArray<int> in(32, 0);
    std::vector<int> values(32);
    for (int i = 0; i < 32; ++i) {
        values[i] = i;
    }
    cudaMemcpy(in.device, values.data(), sizeof(int) * 32, cudaMemcpyHostToDevice);
    DeviceArray<int> out(32, -1);
    reverseThroughShared<<<1, 32, 32 * sizeof(int)>>>(in.device, out.device);
    printLaunchVerdict();
    printValues("3 x reversed", out.read());

    reverseThroughShared<<<1, 32, 64 * 1024>>>(in.device, out.device);
    std::printf("64 KiB without opting in: %s\n", cudaGetErrorName(cudaGetLastError()));
    std::printf("opting in: %s\n", cudaGetErrorName(cudaFuncSetAttribute(
                                      reverseThroughShared, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024)));
    reverseThroughShared<<<1, 32, 64 * 1024>>>(in.device, out.device);
    std::printf("64 KiB after opting in: %s\n", cudaGetErrorName(cudaGetLastError()));
    cudaFuncAttributes attributes;
    cudaFuncGetAttributes(&attributes, reverseThroughShared);
    std::printf("static shared bytes: %zu\n", attributes.sharedSizeBytes);
    return 0;
}
