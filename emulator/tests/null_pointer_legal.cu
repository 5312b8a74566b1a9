// null_pointer_legal.cu: a kernel that takes an optional output and checks it.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void fill(int* values) {
    if (values != nullptr) {
        values[threadIdx.x] = 1;
    }
}

int main() {
    fill<<<1, 32>>>(nullptr);
    return printLaunchVerdict();
}
