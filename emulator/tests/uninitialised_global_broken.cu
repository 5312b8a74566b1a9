// uninitialised_global_broken.cu: the input was allocated but never copied in
// (the cudaMemcpy forgotten), so the kernel sums whatever the memory holds.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "total: 0"; memcheck 0 errors; initcheck 16 errors (Uninitialized __global__ memory read of size 4 bytes); racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void sum(const float* in, float* total, int n) {
    if (threadIdx.x == 0) {
        float s = 0.0f;
        for (int i = 0; i < n; ++i) {
            s += in[i];
        }
        *total = s;
    }
}

int main() {
    float* in = nullptr;
    cudaMalloc(&in, 16 * sizeof(float));
    DeviceArray<float> total(1, 0.0f);
    sum<<<1, 32>>>(in, total.device, 16);
    const int status = printLaunchVerdict();
    printValues("total", total.read());
    cudaFree(in);
    return status;
}
