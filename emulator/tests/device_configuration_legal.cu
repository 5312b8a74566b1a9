// device_configuration_legal.cu: the cache and shared-memory-bank settings
// that older course code and textbooks call: cudaDeviceSetCacheConfig and
// cudaDeviceGetCacheConfig, which answers the preference set, and the
// deprecated bank-size calls, which CUDA 13.0 still declares: the bank is
// four bytes wide on a device with a fixed bank size, and a set changes
// nothing there. A size that is no cudaSharedMemConfig is refused.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 2 errors (Program hit cudaErrorInvalidValue (error 1) due to "invalid argument" on CUDA API call to cudaDeviceSetSharedMemConfig); initcheck 0 errors; racecheck 0 hazards
#include <cstdio>

#include "case.cuh"

__global__ void touch(int* out) {
    out[threadIdx.x] = static_cast<int>(threadIdx.x);
}

int main() {
    cudaFuncCache preference = cudaFuncCachePreferNone;
    const cudaError_t setCache = cudaDeviceSetCacheConfig(cudaFuncCachePreferShared);
    const cudaError_t getCache = cudaDeviceGetCacheConfig(&preference);
    std::printf("cache: set %s, get %s, preference %d\n", cudaGetErrorName(setCache), cudaGetErrorName(getCache),
                static_cast<int>(preference));
    cudaSharedMemConfig banks = cudaSharedMemBankSizeDefault;
    const cudaError_t setBanks = cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte);
    const cudaError_t getBanks = cudaDeviceGetSharedMemConfig(&banks);
    std::printf("banks: set %s, get %s, size %d\n", cudaGetErrorName(setBanks), cudaGetErrorName(getBanks),
                static_cast<int>(banks));
    std::printf("kernel banks: %s\n", cudaGetErrorName(cudaFuncSetSharedMemConfig(touch, cudaSharedMemBankSizeFourByte)));
    std::printf("banks of size 7: %s\n", cudaGetErrorName(cudaDeviceSetSharedMemConfig(static_cast<cudaSharedMemConfig>(7))));
    cudaGetLastError();
    DeviceArray<int> out(32, -1);
    touch<<<1, 32>>>(out.device);
    const int verdict = printLaunchVerdict();
    printValues("out", out.read());
    return verdict;
}
