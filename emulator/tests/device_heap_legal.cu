// device_heap_legal.cu: kernels that take memory from the device heap with
// malloc and new and give it back with free and delete, as the Programming
// Guide's "Dynamic Global Memory Allocation and Operations" allows: a row one
// launch fills and the next sums and frees ("It can be used by any other CUDA
// threads even from subsequent kernel launches"), read by other threads than
// the one that wrote it after __syncthreads(); an object and an array from
// new; and a malloc larger than the heap, which gets NULL ("NULL if
// insufficient memory exists to fulfill the request"). The Guide and
// compute-sanitizer's documentation predict: alone, cudaSuccess for every
// launch, the sums below, NULL for the 64 MiB malloc under a 1 MiB heap, and
// cudaErrorInvalidValue for a heap limit set after a kernel used the heap
// ("must be performed before launching any kernel that uses the malloc() or
// free() device system calls"); memcheck, initcheck and racecheck silent.
// The H200 did so, but it read the 1 MiB heap limit back as 4194304 bytes
// (rounded up, by a rule no document states), where the emulator keeps the
// size asked; memcheck counts the refused cudaDeviceSetLimit among its errors.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 2 errors (Program hit cudaErrorInvalidValue (error 1) due to "invalid argument" on CUDA API call to cudaDeviceSetLimit); initcheck 0 errors; racecheck 0 hazards
// On several workers, each launch that calls malloc or free runs again on one,
// and says the same.
// run: WARP_EMULATOR_WORKERS=1
// run: WARP_EMULATOR_WORKERS=4
#include "case.cuh"

constexpr int kBlocks = 8;
constexpr int kThreads = 32;

// Each block's first thread takes a row from the heap; every thread writes
// its own element, then, after the barrier, reads its neighbour's. The row
// outlives the launch.
__global__ void fillRows(int** rows, int* neighbours) {
    __shared__ int* row;
    if (threadIdx.x == 0) {
        row = static_cast<int*>(malloc(kThreads * sizeof(int)));
    }
    __syncthreads();
    if (row == nullptr) {
        return;  // the heap was full: every thread of the block sees it
    }
    row[threadIdx.x] = static_cast<int>(blockIdx.x * 100 + threadIdx.x);
    __syncthreads();
    neighbours[blockIdx.x * kThreads + threadIdx.x] = row[(threadIdx.x + 1) % kThreads];
    if (threadIdx.x == 0) {
        rows[blockIdx.x] = row;
    }
}

// The next launch sums each row; its first thread frees it, after the barrier
// that orders every thread's read of it before the free.
__global__ void sumAndFreeRows(int* const* rows, int* sums) {
    int* row = rows[blockIdx.x];
    atomicAdd(&sums[blockIdx.x], row[threadIdx.x]);
    __syncthreads();
    if (threadIdx.x == 0) {
        free(row);
    }
}

struct Tally {
    int count;
    int total;
};

// new[] for the block's values, new for one object, each deleted.
__global__ void tallyWithNew(int* out) {
    __shared__ float* values;
    if (threadIdx.x == 0) {
        values = new float[kThreads];
    }
    __syncthreads();
    values[threadIdx.x] = 0.5f * static_cast<float>(threadIdx.x);
    __syncthreads();
    if (threadIdx.x == 0) {
        Tally* tally = new Tally{0, 0};
        for (int i = 0; i < kThreads; ++i) {
            tally->count += 1;
            tally->total += static_cast<int>(values[i] * 2.0f);
        }
        out[0] = tally->count;
        out[1] = tally->total;
        delete tally;
        delete[] values;
    }
}

// More than the heap holds: NULL, kept for the host to see; free(NULL) is ignored.
__global__ void askTooMuch(void** got, size_t bytes) {
    void* memory = malloc(bytes);
    *got = memory;
    free(memory);
}

int main() {
    const cudaError_t set = cudaDeviceSetLimit(cudaLimitMallocHeapSize, size_t{1} << 20);
    size_t limit = 0;
    cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize);
    std::printf("cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 MiB): %s; the limit: %zu bytes\n", cudaGetErrorName(set),
                limit);

    int** rows = nullptr;
    cudaMalloc(&rows, kBlocks * sizeof(int*));
    DeviceArray<int> neighbours(kBlocks * kThreads, 0);
    DeviceArray<int> sums(kBlocks, 0);
    fillRows<<<kBlocks, kThreads>>>(rows, neighbours.device);
    sumAndFreeRows<<<kBlocks, kThreads>>>(rows, sums.device);
    int status = printLaunchVerdict();
    const std::vector<int> near = neighbours.read();
    printValues("neighbours of threads 0 and 31 of blocks 0 and 7", {near[0], near[31], near[7 * kThreads], near[8 * kThreads - 1]});
    printValues("row sums", sums.read());

    DeviceArray<int> tally(2, 0);
    tallyWithNew<<<1, kThreads>>>(tally.device);
    status |= printLaunchVerdict();
    printValues("count and total of the new Tally", tally.read());

    void** got = nullptr;
    cudaMalloc(&got, sizeof(void*));
    askTooMuch<<<1, 1>>>(got, size_t{64} << 20);
    status |= printLaunchVerdict();
    void* answer = &answer;
    cudaMemcpy(&answer, got, sizeof answer, cudaMemcpyDeviceToHost);
    std::printf("malloc of 64 MiB under a 1 MiB heap: %s\n", answer == nullptr ? "NULL" : "memory");

    const cudaError_t late = cudaDeviceSetLimit(cudaLimitMallocHeapSize, size_t{2} << 20);
    cudaGetLastError();
    std::printf("cudaDeviceSetLimit once a kernel has used the heap: %s\n", cudaGetErrorName(late));
    cudaFree(got);
    cudaFree(rows);
    return status;
}
