// queued_work_on_workers.cu: a launch on a stream of the program's own, whose
// 64 blocks all add to one counter, then a copy of the counter into pinned
// host memory queued behind it, as simpleAtomicIntrinsics and simpleMultiGPU
// do. The queued work runs at cudaStreamSynchronize; the launch's blocks run
// on worker processes, meet at the counter, and the launch runs again on one
// worker. The copy must see the launch's end, however the launch was run:
// tests/emulate.cmake runs it with WARP_EMULATOR_WORKERS=2 (CHECK=queued_work_on_workers).
#include <cstdio>

__global__ void count(int* counter) {
    atomicAdd(&counter[0], 10);
    atomicSub(&counter[1], 10);
}

int main() {
    int* pinned = nullptr;
    cudaMallocHost(&pinned, 2 * sizeof(int));
    pinned[0] = pinned[1] = 7;
    int* counter = nullptr;
    cudaMalloc(&counter, 2 * sizeof(int));
    cudaMemset(counter, 0, 2 * sizeof(int));
    cudaStream_t stream;
    cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    count<<<64, 256, 0, stream>>>(counter);
    cudaMemcpyAsync(pinned, counter, 2 * sizeof(int), cudaMemcpyDeviceToHost, stream);
    cudaStreamSynchronize(stream);
    std::printf("counter %d %d, expected %d %d\n", pinned[0], pinned[1], 64 * 256 * 10, -64 * 256 * 10);
    cudaStreamDestroy(stream);
    cudaFree(counter);
    cudaFreeHost(pinned);
    return 0;
}
