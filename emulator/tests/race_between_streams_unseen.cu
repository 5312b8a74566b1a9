// race_between_streams_unseen.cu: what the emulator cannot see. A kernel in
// one non-blocking stream writes what a kernel in another reads, with no
// event between them: the Programming Guide's "Streams" gives two streams'
// work no order, so on a GPU the two may run at once. Here every call
// finishes before the next begins, so the reads always come after the writes,
// and the race check, which starts afresh at each launch, has nothing to see.
// cudaStreamWaitEvent between them is what a correct program does.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out[31]: 62"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void produce(int* values) { values[threadIdx.x] = static_cast<int>(threadIdx.x); }

__global__ void consume(const int* values, int* out) { out[threadIdx.x] = 2 * values[threadIdx.x]; }

int main() {
    DeviceArray<int> values(32, 0);
    DeviceArray<int> out(32, 0);
    cudaStream_t first = nullptr, second = nullptr;
    cudaStreamCreateWithFlags(&first, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&second, cudaStreamNonBlocking);
    produce<<<1, 32, 0, first>>>(values.device);
    consume<<<1, 32, 0, second>>>(values.device, out.device);
    const int status = printLaunchVerdict();
    printValues("out[31]", {out.read()[31]});
    cudaStreamDestroy(first);
    cudaStreamDestroy(second);
    return status;
}
