// dynamic_shared_rows_legal.cu: dynamic shared memory declared as rows,
// `extern __shared__ float rows[][kColumns];`, as cudaTensorCoreGemm
// declares its tiles: each thread writes a row of its own, a __syncthreads()
// orders the writes, and each thread reads another's row. The rows lie in
// the launch's dynamic shared memory (its third <<<>>> argument), one after
// another, as any C++ array of arrays. No finding, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

constexpr int kColumns = 5;

__global__ void rowsOfShared(int* out) {
    extern __shared__ __align__(16) float rows[][kColumns];
    const int t = threadIdx.x;
    for (int column = 0; column < kColumns; ++column) {
        rows[t][column] = static_cast<float>(t * 10 + column);
    }
    __syncthreads();
    const int other = blockDim.x - 1 - t;
    out[t] = static_cast<int>(rows[other][kColumns - 1]) + static_cast<int>(&rows[1][0] - &rows[0][0]);
}

int main() {
    DeviceArray<int> out(32, -1);
    rowsOfShared<<<1, 32, 32 * kColumns * sizeof(float)>>>(out.device);
    const int status = printLaunchVerdict();
    printValues("another thread's last column, plus the row's length", out.read());
    return status;
}
