// struct_copy_legal.cu: a struct with padding (a char, then an int) is set
// member by member, so its three padding bytes are never written, and then
// copied whole. C++ copies an object's padding with it, and the host compiler
// does it with one 8-byte load and store: a copy carries definedness, as in
// Valgrind's memcheck, so the copy is no uninitialised read, and its padding
// stays undefined where it lands (struct_field_unwritten_broken.cu).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "value + tag: 153 139 127 117 109 103 99 97"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

struct Item {
    char tag;
    int value;
};

__global__ void make(Item* items) {
    const int t = static_cast<int>(threadIdx.x);
    items[t].tag = static_cast<char>('a' + t);
    items[t].value = t * t;
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
    const int status = printLaunchVerdict();
    printValues("value + tag", out.read());
    cudaFree(a);
    cudaFree(b);
    return status;
}
