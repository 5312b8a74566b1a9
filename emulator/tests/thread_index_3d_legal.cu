// thread_index_3d_legal.cu: each thread of blocks of 3 x 5 x 7 threads (105:
// not a whole number of warps) writes its own threadIdx, and the host checks
// every one against x fastest, then y, then z (the Programming Guide's "Thread
// Hierarchy": thread (x, y, z) of a block (Dx, Dy, Dz) is number x + y Dx +
// z Dx Dy). The emulator counts threadIdx on from thread to thread when a
// block starts; a carry into y or z that went wrong shows here.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "wrong threadIdx: 0 of 210; thread 104: 642"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void writeIndex(unsigned int* out) {
    const unsigned int number = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
    const unsigned int block = blockIdx.x * blockDim.x * blockDim.y * blockDim.z;
    out[block + number] = threadIdx.x + 10 * threadIdx.y + 100 * threadIdx.z;
}

int main() {
    const dim3 threads(3, 5, 7);
    const int perBlock = 3 * 5 * 7;
    DeviceArray<unsigned int> out(2 * perBlock, 0u);
    writeIndex<<<2, threads>>>(out.device);
    const int status = printLaunchVerdict();
    const std::vector<unsigned int> got = out.read();
    int wrong = 0;
    for (int i = 0; i < 2 * perBlock; ++i) {
        const int number = i % perBlock;
        wrong += got[static_cast<size_t>(i)] != static_cast<unsigned int>(number % 3 + 10 * (number / 3 % 5) + 100 * (number / 15));
    }
    std::printf("wrong threadIdx: %d of %d; thread 104: %u\n", wrong, 2 * perBlock, got[104]);
    return status;
}
