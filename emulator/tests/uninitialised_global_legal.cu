// uninitialised_global_legal.cu: the same sum over memory that cudaMemset
// defined (bytes 0: every float 0.0).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "total: 0"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
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
    cudaMemset(in, 0, 16 * sizeof(float));
    DeviceArray<float> total(1, -1.0f);
    sum<<<1, 32>>>(in, total.device, 16);
    const int status = printLaunchVerdict();
    printValues("total", total.read());
    cudaFree(in);
    return status;
}
