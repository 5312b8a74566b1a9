// stream_latch_legal.cu: a kernel on a stream of the program's own waits for a
// latch in mapped host memory that the host sets only after it has queued
// the kernel and a copy behind it, as UnifiedMemoryPerf and
// p2pBandwidthLatencyTest do to hold a stream back until all its work is
// queued. A launch returns before its kernel has run (the Programming Guide,
// "Asynchronous Concurrent Execution"), so the kernel sees the latch set;
// the copy, into pinned host memory, runs after it, in the stream's order (a
// copy to pageable memory returns only once it is done: the Runtime API's
// "API synchronization behavior"; it would wait for the kernel, which waits
// for the latch, for ever); cudaStreamSynchronize waits
// for both, and an event recorded before and after them times them. The
// emulator queues the work of the program's own streams and runs it when the
// host waits. On an H200: cudaSuccess, the kernel saw 1 and the copy 42.
// A kernel run at its launch would wait for ever: the watchdog ends it soon.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck hangs; racecheck 0 hazards
// run: WARP_EMULATOR_WATCHDOG_SECONDS=3
#include "case.cuh"

__global__ void waitForLatch(volatile int* latch, int* seen, int* value) {
    while (*latch == 0) {
    }
    *seen = *latch;
    *value = 42;
}

int main() {
    int* latch = nullptr;
    cudaHostAlloc(&latch, sizeof(int), cudaHostAllocMapped);
    *latch = 0;
    DeviceArray<int> seen(1, -1);
    DeviceArray<int> value(1, -1);
    int* host = nullptr;
    cudaMallocHost(&host, 2 * sizeof(int));
    host[0] = host[1] = -1;
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start, stream);
    waitForLatch<<<1, 1, 0, stream>>>(latch, seen.device, value.device);
    cudaMemcpyAsync(&host[0], seen.device, sizeof(int), cudaMemcpyDeviceToHost, stream);
    cudaMemcpyAsync(&host[1], value.device, sizeof(int), cudaMemcpyDeviceToHost, stream);
    cudaEventRecord(stop, stream);
    *latch = 1;  // everything is queued: let the stream go
    cudaStreamSynchronize(stream);
    float milliseconds = -1.0f;
    const cudaError_t timed = cudaEventElapsedTime(&milliseconds, start, stop);
    std::printf("the kernel saw %d, the copy %d; timed: %s, %s\n", host[0], host[1], cudaGetErrorName(timed),
                milliseconds >= 0.0f ? "not negative" : "negative");
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaStreamDestroy(stream);
    cudaFreeHost(latch);
    cudaFreeHost(host);
    return printLaunchVerdict();
}
