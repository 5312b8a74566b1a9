// heap_write_past_row.cu: a kernel writes one element past the end of a row
// that its own malloc gave. The Programming Guide and compute-sanitizer's
// documentation predict that a GPU runs on, the write landing unseen in the
// heap, and that memcheck names an invalid __global__ write (not captured:
// the H200's answers cover emulator/tests/ alone). The emulator names the
// write at its line, past the end of the heap block, and stops the kernel.
// tests/emulate.cmake runs it (CHECK=heap_write_past_row): the emulator case
// device_heap_broken's own write past a row never runs, because its double
// free stops the kernel first, as an H200's does.
#include <cstdio>

__global__ void writePastRow() {
    __shared__ int* row;
    if (threadIdx.x == 0) {
        row = static_cast<int*>(malloc(32 * sizeof(int)));
    }
    __syncthreads();
    if (row != nullptr) {
        row[threadIdx.x + 1] = static_cast<int>(threadIdx.x);  // thread 31: one past the end
    }
    __syncthreads();
    if (threadIdx.x == 0 && row != nullptr) {
        free(row);
    }
}

int main() {
    writePastRow<<<1, 32>>>();
    std::printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
