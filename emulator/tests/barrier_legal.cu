// barrier_legal.cu: every thread of the block reaches every barrier, the
// guard around the work and not around the barrier; __syncthreads_count, _and
// and _or count, AND and OR their predicate over the block. No report, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void barriersEveryoneReaches(const int* in, int* out, int n, int* votes) {
    __shared__ int tile[64];
    const int i = threadIdx.x;
    if (i < n) {
        tile[i] = in[i] + i;
    }
    __syncthreads();
    if (i < n) {
        out[i] = tile[n - 1 - i];
    }
    const int count = __syncthreads_count(i < n);
    const int all = __syncthreads_and(i < 64);
    const int any = __syncthreads_or(i == 63);
    const int none = __syncthreads_or(i > 63);
    if (i == 0) {
        votes[0] = count;
        votes[1] = all;
        votes[2] = any;
        votes[3] = none;
    }
}

int main() {
    DeviceArray<int> in(64, 100);
    DeviceArray<int> out(64, -1);
    DeviceArray<int> votes(4, -1);
    barriersEveryoneReaches<<<1, 64>>>(in.device, out.device, 40, votes.device);
    printLaunchVerdict();
    printValues("out", out.read());
    printValues("count, and, or, or", votes.read());
    return 0;
}
