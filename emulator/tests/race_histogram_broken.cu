// race_histogram_broken.cu: a histogram whose threads count with bins[v]++,
// a plain read-modify-write, and 64 threads meet on each bin. Two threads
// that read the same old count write back the same new one, and an update is
// lost; no barrier can fix that, since every thread must update the bin. The
// report must say that both accesses are the one read-modify-write line run
// by many threads, name atomicAdd(), and say which line allocated the bins
// (the cudaMalloc below) apart from the line that accessed them.
// What a GPU should answer: the Programming Guide's atomic functions exist
// for this ("the operation is atomic in the sense that it is guaranteed to be
// performed without interference from other threads"), so a GPU may count
// below 64 in a bin; compute-sanitizer's racecheck looks at shared memory only
// (bins is global memory): 0 hazards; memcheck and initcheck: 0 errors.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "bins (64 each when no update is lost): 1 1 1 1"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

constexpr int kValues = 256, kBins = 4;

__global__ void histogram(const int* values, int* bins) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < kValues) {
        bins[values[i]]++;
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
