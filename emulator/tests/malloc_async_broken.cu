// malloc_async_broken.cu: a kernel writes one element past the end of memory
// from cudaMallocAsync, as the off-by-one guard `i <= n` does. Stream-ordered
// memory is device memory like cudaMalloc's (Programming Guide, "Stream
// Ordered Memory Allocator"), and the access is invalid; the emulator names
// the allocation and its call. On an H200 a write this close to the end may
// land in the pool's other memory without a fault; memcheck reports an
// invalid __global__ write of 4 bytes.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 4 errors (Invalid __global__ write of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include "case.cuh"

__global__ void fill(int* values, int count) {
    const int i = static_cast<int>(threadIdx.x);
    if (i <= count) {  // the mistake: i < count
        values[i] = i;
    }
}

int main() {
    cudaStream_t stream;
    cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    int* values = nullptr;
    cudaMallocAsync(&values, 100 * sizeof(int), stream);
    fill<<<1, 128, 0, stream>>>(values, 100);
    cudaFreeAsync(values, stream);
    cudaStreamSynchronize(stream);
    return printLaunchVerdict();
}
