// atomic_block_scope_broken.cu: threads of every block count into one global
// counter with atomicAdd_block, which is atomic only among the threads of one
// block ("Atomic APIs with _block suffix ... are atomic at scope
// cuda::thread_scope_block", the Guide): two blocks' additions may lose each other.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void countThreads(int* counter) { atomicAdd_block(counter, 1); }

int main() {
    DeviceArray<int> counter(1, 0);
    countThreads<<<2, 32>>>(counter.device);
    return printLaunchVerdict();
}
