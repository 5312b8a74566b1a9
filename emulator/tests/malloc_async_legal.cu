// malloc_async_legal.cu: stream-ordered allocation (Programming Guide, "Stream
// Ordered Memory Allocator"): cudaMallocAsync, a kernel, a copy and
// cudaFreeAsync on one stream, from the device's default pool and from a pool
// of the program's own (cudaMemPoolCreate, cudaMallocFromPoolAsync); the
// pool's counts (cudaMemPoolGetAttribute: used memory while allocated, none
// after the free; the emulator counts the bytes asked for, a GPU may round
// them up) and its release threshold, kept until a trim. On an H200:
// cudaSuccess, both sums 300, used at least 400 then 0, threshold 1048576.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include <cstdint>

#include "case.cuh"

__global__ void fill(int* values, int value) { values[threadIdx.x] = value; }

int main() {
    cudaStream_t stream;
    cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    cudaMemPool_t pool;
    cudaDeviceGetDefaultMemPool(&pool, 0);
    std::uint64_t threshold = 1 << 20;
    cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);

    int* values = nullptr;
    cudaMallocAsync(&values, 100 * sizeof(int), stream);
    fill<<<1, 100, 0, stream>>>(values, 3);
    int host[100];
    cudaMemcpyAsync(host, values, sizeof host, cudaMemcpyDeviceToHost, stream);
    std::uint64_t used = 0;
    cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used);
    cudaFreeAsync(values, stream);
    cudaStreamSynchronize(stream);
    std::uint64_t after = 0, kept = 0;
    cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &after);
    cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &kept);
    int sum = 0;
    for (int value : host) {
        sum += value;
    }
    std::printf("default pool: sum %d, used %llu then %llu, threshold %llu\n", sum,
                static_cast<unsigned long long>(used), static_cast<unsigned long long>(after),
                static_cast<unsigned long long>(kept));
    cudaMemPoolTrimTo(pool, 0);

    cudaMemPoolProps properties = {};
    properties.allocType = cudaMemAllocationTypePinned;
    properties.location.type = cudaMemLocationTypeDevice;
    properties.location.id = 0;
    cudaMemPool_t own;
    std::printf("cudaMemPoolCreate: %s\n", cudaGetErrorName(cudaMemPoolCreate(&own, &properties)));
    cudaMemAccessDesc access = {};
    access.location.type = cudaMemLocationTypeDevice;
    access.location.id = 0;
    access.flags = cudaMemAccessFlagsProtReadWrite;
    cudaMemPoolSetAccess(own, &access, 1);
    int* more = nullptr;
    cudaMallocFromPoolAsync(&more, 100 * sizeof(int), own, stream);
    fill<<<1, 100, 0, stream>>>(more, 3);
    cudaMemcpyAsync(host, more, sizeof host, cudaMemcpyDeviceToHost, stream);
    cudaFreeAsync(more, stream);
    cudaStreamSynchronize(stream);
    sum = 0;
    for (int value : host) {
        sum += value;
    }
    std::printf("own pool: sum %d\n", sum);
    cudaMemPoolDestroy(own);
    cudaStreamDestroy(stream);
    return printLaunchVerdict();
}
