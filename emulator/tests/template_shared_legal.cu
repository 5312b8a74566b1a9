// template_shared_legal.cu: a function-template kernel with __shared__ tiles,
// as cuda-samples' matrixMul writes it (MatrixMulCUDA<BLOCK_SIZE>): GCC puts
// a template's local variables in a section of their own, and the emulator
// once took these tiles for host memory. An inline device function's
// __shared__ array, and a template one's whose size its parameter sets, too.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

constexpr int kN = 64;

__device__ inline float* scratch() {
    __shared__ float slots[32];
    return slots;
}

template <int kTile>
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
        __syncthreads();
    }
    if (threadIdx.y == 0) {
        scratch()[threadIdx.x] = sum;
    }
    __syncthreads();
    c[row * kN + column] = sum + scratch()[threadIdx.x] - sum;
}

int main() {
    DeviceArray<float> a(kN * kN, 1.0f);
    DeviceArray<float> b(kN * kN, 2.0f);
    DeviceArray<float> c(kN * kN, 0.0f);
    multiply<16><<<dim3(kN / 16, kN / 16), dim3(16, 16)>>>(a.device, b.device, c.device);
    int status = printLaunchVerdict();
    printValues("tile 16: c[0], c[4095]", {c.read()[0], c.read()[4095]});
    multiply<32><<<dim3(kN / 32, kN / 32), dim3(32, 32)>>>(a.device, b.device, c.device);
    status |= printLaunchVerdict();
    printValues("tile 32: c[0], c[4095]", {c.read()[0], c.read()[4095]});
    cudaFuncAttributes attributes;
    cudaFuncGetAttributes(&attributes, multiply<32>);
    std::printf("multiply<32>: %zu bytes of __shared__ memory\n", attributes.sharedSizeBytes);
    return status;
}
