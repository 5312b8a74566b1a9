// struct_copy_over_memset_broken.cu: struct_field_unwritten_broken.cu, with
// the copies' target set whole by cudaMemset first. A whole cudaMemset (or
// cudaMemcpy) leaves the emulator keeping no byte-by-byte record of the
// target (every byte is defined); the whole-struct copies then carry the
// unwritten int members in, so those bytes are undefined again, and the read
// of `value` is the uninitialised read, as without the cudaMemset. Four blocks,
// so that several workers start the copy and the launch runs again on one
// (the program's own process writes that record out).
// On an H200: awaits capture (tools/capture-case-answers.sh); as struct_field_unwritten_broken.cu answered (initcheck there: 8 errors for 8 threads, at the copy), compute-sanitizer's initcheck tracks what memory was written, and a cudaMemset writes b: predicted alone cudaSuccess; memcheck 0 errors; initcheck 32 errors (Uninitialized __global__ memory read of size 4 bytes, at the copy); racecheck 0 hazards
// expect-exit: 66
// run: WARP_EMULATOR_WORKERS=1
// run: WARP_EMULATOR_WORKERS=4
#include "case.cuh"

struct Item {
    char tag;
    int value;
};

__global__ void make(Item* items) {
    const int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    items[t].tag = static_cast<char>('a' + t % 26);
}

__global__ void reverse(const Item* in, Item* out, int n) {
    const int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    out[n - 1 - t] = in[t];
}

__global__ void values(const Item* items, int* out) {
    const int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    out[t] = items[t].value + items[t].tag;
}

int main() {
    const int blocks = 4;
    const int threads = 8;
    const int n = blocks * threads;
    Item* a = nullptr;
    Item* b = nullptr;
    cudaMalloc(&a, n * sizeof(Item));
    cudaMalloc(&b, n * sizeof(Item));
    cudaMemset(b, 0, n * sizeof(Item));
    DeviceArray<int> out(n, 0);
    make<<<blocks, threads>>>(a);
    reverse<<<blocks, threads>>>(a, b, n);
    values<<<blocks, threads>>>(b, out.device);
    printLaunchVerdict();
    cudaFree(a);
    cudaFree(b);
    return 0;
}
