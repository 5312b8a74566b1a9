// cuda_pipeline_broken.cu: two mistakes with libcu++'s cuda::pipeline of
// the thread's own (<cuda/pipeline>). The first kernel reads a stage's
// shared memory before consumer_wait(): the copy may not have landed (the
// Programming Guide, "Asynchronous Data Copies": the destination may be read
// only after the wait). The second keeps as many stages in flight as it has
// buffers plus one, as cuda-samples' globalToShmemAsyncCopy does (its loop
// issues stages 0-4 into 4 buffers before consuming stage 0): stage 4's copy
// into buffer 0 is in flight while stage 0's lands there and is read. Two
// copies in flight land in either order, and the reads may see either, so
// the sums are undefined; the emulator reports the copies' overlap and the
// reads. The rows here differ, and a pause after each consumer_wait() gives
// the stage 4 rows ahead the time to land, so an H200 most likely sums rows
// 4-7 twice and 0-3 not at all in the first 4 rows' places (columns 0 and 31:
// 4400 and 4648, not 2800 and 3048); the sample's rows are all alike, which
// hides it there.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 3 hazards (Warning: Race reported between Write access at readsBeforeTheWait(const int *, int *)+0xd0)
// expect-exit: 66
#include <cuda/pipeline>

#include "case.cuh"

constexpr int kRows = 8;
constexpr int kBuffers = 4;

__global__ void readsBeforeTheWait(const int* in, int* out) {
    __shared__ int buffer[32];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    pipe.producer_acquire();
    cuda::memcpy_async(&buffer[threadIdx.x], &in[threadIdx.x], sizeof(int), pipe);
    pipe.producer_commit();
    const int early = buffer[threadIdx.x];
    pipe.consumer_wait();
    out[threadIdx.x] = early + buffer[threadIdx.x];
    pipe.consumer_release();
}

__global__ void oneStageTooMany(const int* in, int* out) {
    __shared__ int buffers[kBuffers][32];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    const int column = static_cast<int>(threadIdx.x);
    int sum = 0;
    int produced = 0;
    for (int row = 0; row < kRows; ++row) {
        for (; produced < kRows && produced <= row + kBuffers; ++produced) {  // one stage more than buffers
            pipe.producer_acquire();
            cuda::memcpy_async(&buffers[produced % kBuffers][column], &in[produced * 32 + column], sizeof(int), pipe);
            pipe.producer_commit();
        }
        pipe.consumer_wait();
        __nanosleep(100000);  // time for stage row + 4's copy to land, as a longer computation would give it
        sum += buffers[row % kBuffers][column];
        pipe.consumer_release();
    }
    out[column] = sum;
}

int main() {
    std::vector<int> values(kRows * 32);
    for (int i = 0; i < kRows * 32; ++i) {
        values[i] = 100 * (i / 32) + i % 32;
    }
    DeviceArray<int> in(kRows * 32, 0), out(32, 0);
    cudaMemcpy(in.device, values.data(), sizeof(int) * values.size(), cudaMemcpyHostToDevice);
    readsBeforeTheWait<<<1, 32>>>(in.device, out.device);
    printLaunchVerdict();
    oneStageTooMany<<<1, 32>>>(in.device, out.device);
    printLaunchVerdict();
    printValues("sums, columns 0 and 31 (2800 and 3048 when each stage lands in order)", {out.read()[0], out.read()[31]});
    return 0;
}
