// race_histogram_legal.cu: the histogram of race_histogram_broken.cu, counted
// with atomicAdd(&bins[v], 1): the read, the add and the write are one atomic
// operation, so 64 threads meeting on a bin lose nothing. Silent, exit 0.
// What a GPU should answer: 64 in every bin; compute-sanitizer's memcheck,
// initcheck and racecheck: 0 errors, 0 hazards.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "bins (64 each when no update is lost): 64 64 64 64"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

constexpr int kValues = 256, kBins = 4;

__global__ void histogram(const int* values, int* bins) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < kValues) {
        atomicAdd(&bins[values[i]], 1);
    }
}

int main() {
    std::vector<int> host(kValues);
    for (int i = 0; i < kValues; ++i) {
        host[i] = i % kBins;
    }
    DeviceArray<int> values(kValues, 0);
    cudaMemcpy(values.device, host.data(), kValues * sizeof(int), cudaMemcpyHostToDevice);
    int* bins = nullptr;
    cudaMalloc(&bins, kBins * sizeof(int));
    cudaMemset(bins, 0, kBins * sizeof(int));
    histogram<<<2, 128>>>(values.device, bins);
    const int status = printLaunchVerdict();
    std::vector<int> counts(kBins);
    cudaMemcpy(counts.data(), bins, kBins * sizeof(int), cudaMemcpyDeviceToHost);
    printValues("bins (64 each when no update is lost)", counts);
    cudaFree(bins);
    return status;
}
