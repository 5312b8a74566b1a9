// api_calls_legal.cu: runtime API calls an ordinary program makes, beyond
// cudaMalloc and cudaMemcpy: a pitched allocation and 2D copies, the
// occupancy calculator, streams and events made with flags, a stream waiting
// on an event, and a launch of a function template whose arguments the launch
// deduces, as CUDA's does.
// On an H200 (evidence/case-answers-h200.txt): alone exit 0; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

template <typename T>
__global__ void scale(T* values, T factor) {
    values[blockIdx.x * blockDim.x + threadIdx.x] *= factor;
}

__global__ void addRows(float* rows, size_t pitch, int width) {
    float* row = reinterpret_cast<float*>(reinterpret_cast<char*>(rows) + blockIdx.x * pitch);
    if (static_cast<int>(threadIdx.x) < width) {
        row[threadIdx.x] += 1.0f;
    }
}

int main() {
    float* rows = nullptr;
    size_t pitch = 0;
    std::printf("cudaMallocPitch: %s\n", cudaGetErrorName(cudaMallocPitch(&rows, &pitch, 100 * sizeof(float), 4)));
    float host[4][100];
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 100; ++c) {
            host[r][c] = static_cast<float>(r * 100 + c);
        }
    }
    std::printf("cudaMemcpy2D in: %s\n", cudaGetErrorName(cudaMemcpy2D(rows, pitch, host, sizeof host[0],
                                                                       sizeof host[0], 4, cudaMemcpyHostToDevice)));
    cudaStream_t stream = nullptr;
    cudaEvent_t start = nullptr, done = nullptr;
    std::printf("cudaStreamCreateWithFlags: %s\n", cudaGetErrorName(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking)));
    std::printf("cudaEventCreateWithFlags: %s\n", cudaGetErrorName(cudaEventCreateWithFlags(&done, cudaEventDisableTiming)));
    cudaEventCreate(&start);
    cudaEventRecord(start, stream);
    addRows<<<4, 128, 0, stream>>>(rows, pitch, 100);
    cudaEventRecord(done, stream);
    std::printf("cudaStreamWaitEvent: %s\n", cudaGetErrorName(cudaStreamWaitEvent(nullptr, done, 0)));
    std::printf("cudaMemcpy2D out: %s\n", cudaGetErrorName(cudaMemcpy2D(host, sizeof host[0], rows, pitch,
                                                                        sizeof host[0], 4, cudaMemcpyDeviceToHost)));
    std::printf("rows[3][99] = %g\n", static_cast<double>(host[3][99]));
    int minGridSize = 0, blockSize = 0;
    const cudaError_t occupancy = cudaOccupancyMaxPotentialBlockSize(&minGridSize, &blockSize, addRows);
    std::printf("cudaOccupancyMaxPotentialBlockSize: %s, a block size from 32 to 1024: %s\n", cudaGetErrorName(occupancy),
                blockSize >= 32 && blockSize <= 1024 && blockSize % 32 == 0 && minGridSize > 0 ? "yes" : "no");
    DeviceArray<float> values(64, 3.0f);
    scale<<<2, 32>>>(values.device, 2.0f);
    std::printf("scale<<<2, 32>>>(values, 2.0f): %s, values[63] = %g\n", cudaGetErrorName(cudaDeviceSynchronize()),
                static_cast<double>(values.read()[63]));
    cudaEventDestroy(start);
    cudaEventDestroy(done);
    cudaStreamDestroy(stream);
    cudaFree(rows);
    return 0;
}
