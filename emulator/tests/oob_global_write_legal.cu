// oob_global_write_legal.cu: the same fill with the bounds check right.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "values[99]: 99"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void fill(int* values, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        values[i] = i;
    }
}

int main() {
    DeviceArray<int> values(100, -1);
    fill<<<1, 128>>>(values.device, 100);
    const int status = printLaunchVerdict();
    printValues("values[99]", {values.read()[99]});
    return status;
}
