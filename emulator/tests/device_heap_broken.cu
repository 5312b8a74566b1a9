// device_heap_broken.cu: mistakes with the device heap. A row malloc gave is
// read before anything wrote it; a block is freed twice, and free is given
// memory cudaMalloc gave; the host's cudaFree is given a row of the heap; a
// write lands one element past a row's end. The Programming Guide and
// compute-sanitizer's documentation predict: alone, cudaSuccess for the first
// two launches (a double free "has undefined behavior"), an error from cudaFree
// (heap memory "cannot be freed using the runtime"), and the write past the
// end unseen (it lands in the heap); memcheck "Malloc/Free error" for the two
// frees and "Invalid __global__ write of size 4 bytes" for the write; initcheck
// the reads of the fresh row, if it follows the device heap. The H200 stops
// the kernel at the double free instead (cudaErrorLaunchFailure, which every
// later call answers, so that the rest never runs), initcheck does follow the
// heap, and the fresh row it summed held 0; the emulator stops the kernel at
// the double free as the H200 does, and its fresh rows hold poison (-32).
// (The write past a row: tests/emulate/heap_write_past_row.cu.)
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 15 errors (Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize); initcheck 32 errors (Uninitialized __global__ memory read of size 4 bytes); racecheck 0 hazards
// expect-exit: 1
#include "case.cuh"

constexpr int kThreads = 32;

// The row is summed as malloc gave it: nothing wrote it.
__global__ void sumFreshRow(int* total) {
    __shared__ int* row;
    if (threadIdx.x == 0) {
        row = static_cast<int*>(malloc(kThreads * sizeof(int)));
    }
    __syncthreads();
    if (row == nullptr) {
        return;
    }
    atomicAdd(total, row[threadIdx.x]);
    __syncthreads();
    if (threadIdx.x == 0) {
        free(row);
    }
}

// `kept` is volatile, so that the compiler frees what it reads each time.
__global__ void freeBadly(void* volatile* kept, int* fromCudaMalloc) {
    *kept = malloc(64);
    free(*kept);
    void* again = *kept;
    free(again);
    free(fromCudaMalloc);
}

__global__ void keepRow(int** rows) { rows[0] = static_cast<int*>(malloc(kThreads * sizeof(int))); }

// Thread 31 writes element 32 of a row of 32.
__global__ void writePastRow(int* const* rows) {
    int* row = rows[0];
    row[threadIdx.x + 1] = static_cast<int>(threadIdx.x);
}

int main() {
    DeviceArray<int> total(1, 0);
    sumFreshRow<<<1, kThreads>>>(total.device);
    printLaunchVerdict();
    printValues("the fresh row's sum", total.read());

    void** kept = nullptr;
    cudaMalloc(&kept, sizeof(void*));
    DeviceArray<int> notTheHeaps(4, 0);
    freeBadly<<<1, 1>>>(kept, notTheHeaps.device);
    printLaunchVerdict();

    int** rows = nullptr;
    cudaMalloc(&rows, sizeof(int*));
    keepRow<<<1, 1>>>(rows);
    printLaunchVerdict();
    int* row = nullptr;
    cudaMemcpy(&row, rows, sizeof row, cudaMemcpyDeviceToHost);
    const cudaError_t freed = cudaFree(row);
    cudaGetLastError();
    std::printf("cudaFree of a row from the device heap: %s\n", cudaGetErrorName(freed));

    writePastRow<<<1, kThreads>>>(rows);
    return printLaunchVerdict();
}
