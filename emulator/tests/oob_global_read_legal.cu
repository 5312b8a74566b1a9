// oob_global_read_legal.cu: the same sum, with the last thread adding nothing.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out[62], out[63]: 2 1"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void addRightNeighbour(const int* in, int* out, int n) {
    const int i = threadIdx.x;
    if (i < n) {
        out[i] = in[i] + (i + 1 < n ? in[i + 1] : 0);
    }
}

int main() {
    DeviceArray<int> in(64, 1);
    DeviceArray<int> out(64, 0);
    addRightNeighbour<<<1, 64>>>(in.device, out.device, 64);
    const int status = printLaunchVerdict();
    printValues("out[62], out[63]", {out.read()[62], out.read()[63]});
    return status;
}
