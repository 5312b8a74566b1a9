// tiled_matmul_broken.cu: the same kernel without the second __syncthreads():
// a fast thread loads the next tiles while a slow one still multiplies the
// last (a write-after-read race on both tiles).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "c[0], c[1023]: 64 64"; memcheck 0 errors; initcheck 0 errors; racecheck 2 hazards (Error: Race reported between Write access at multiply(const float *, const float *, float *)+0x470)
// expect-exit: 66
#include "case.cuh"

constexpr int kTile = 16;
constexpr int kN = 32;

__global__ void multiply(const float* a, const float* b, float* c) {
    __shared__ float tileA[kTile][kTile];
    __shared__ float tileB[kTile][kTile];
    const int row = blockIdx.y * kTile + threadIdx.y;
    const int column = blockIdx.x * kTile + threadIdx.x;
    float sum = 0.0f;
    for (int t = 0; t < kN / kTile; ++t) {
        tileA[threadIdx.y][threadIdx.x] = a[row * kN + t * kTile + threadIdx.x];
        tileB[threadIdx.y][threadIdx.x] = b[(t * kTile + threadIdx.y) * kN + column];
        __syncthreads();
        for (int k = 0; k < kTile; ++k) {
            sum += tileA[threadIdx.y][k] * tileB[k][threadIdx.x];
        }
    }
    c[row * kN + column] = sum;
}

int main() {
    DeviceArray<float> a(kN * kN, 1.0f);
    DeviceArray<float> b(kN * kN, 2.0f);
    DeviceArray<float> c(kN * kN, 0.0f);
    multiply<<<dim3(kN / kTile, kN / kTile), dim3(kTile, kTile)>>>(a.device, b.device, c.device);
    const int status = printLaunchVerdict();
    printValues("c[0], c[1023]", {c.read()[0], c.read()[1023]});
    return status;
}
