// struct_field_unwritten_broken.cu: struct_copy_legal.cu, but make() forgets
// the int member. The whole-struct copy carries the unwritten bytes along
// (no finding there), and the read of `value` from the copy is the
// uninitialised read: initcheck on a GPU reports it at the copy instead.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 8 errors (Uninitialized __global__ memory read of size 4 bytes); racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

struct Item {
    char tag;
    int value;
};

__global__ void make(Item* items) {
    const int t = static_cast<int>(threadIdx.x);
    items[t].tag = static_cast<char>('a' + t);
}

__global__ void reverse(const Item* in, Item* out, int n) {
    const int t = static_cast<int>(threadIdx.x);
    out[n - 1 - t] = in[t];
}

__global__ void values(const Item* items, int* out) {
    const int t = static_cast<int>(threadIdx.x);
    out[t] = items[t].value + items[t].tag;
}

int main() {
    const int n = 8;
    Item* a = nullptr;
    Item* b = nullptr;
    cudaMalloc(&a, n * sizeof(Item));
    cudaMalloc(&b, n * sizeof(Item));
    DeviceArray<int> out(n, 0);
    make<<<1, n>>>(a);
    reverse<<<1, n>>>(a, b, n);
    values<<<1, n>>>(b, out.device);
    printLaunchVerdict();
    cudaFree(a);
    cudaFree(b);
    return 0;
}
