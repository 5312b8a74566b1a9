// occupancy_legal.cu: the occupancy calculator's answers (CUDA Runtime API,
// cudaOccupancyMaxActiveBlocksPerMultiprocessor and its kin) for kernels
// given typed and cast to void*, with an H200's limits: 2048 threads, 32
// blocks and 228 KiB of shared memory on each of 132 multiprocessors, a block
// taking its shared memory and 1 KiB the system reserves. Registers would
// limit too; a kernel's count of them is unknown to the emulator, which
// takes them as no limit, so a kernel that needs many gets a higher answer
// here than on a GPU. The answers printed are the emulator's; the H200's
// answers, printed by the same case, are its own.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void plain(float* out) { out[threadIdx.x] = 1.0f; }

__global__ void withShared(float* out) {
    __shared__ float tile[4096];  // 16 KiB
    tile[threadIdx.x] = 1.0f;
    __syncthreads();
    out[threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x];
}

int main() {
    int blocks = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, plain, 256, 0);
    std::printf("plain, 256 threads: %d blocks\n", blocks);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (void*)plain, 96, 0);
    std::printf("plain as void*, 96 threads: %d blocks\n", blocks);
    cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, plain, 1024, 0, cudaOccupancyDefault);
    std::printf("plain, 1024 threads: %d blocks\n", blocks);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, withShared, 128, 0);
    std::printf("16 KiB of shared memory, 128 threads: %d blocks\n", blocks);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, plain, 128, 40 * 1024);
    std::printf("40 KiB of dynamic shared memory, 128 threads: %d blocks\n", blocks);
    int minGrid = 0, blockSize = 0;
    cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, plain, 0, 0);
    std::printf("plain: best block %d, grid %d\n", blockSize, minGrid);
    cudaOccupancyMaxPotentialBlockSizeVariableSMem(&minGrid, &blockSize, plain,
                                                   [](int size) { return static_cast<size_t>(size) * 64; });
    std::printf("64 bytes of shared memory per thread: best block %d, grid %d\n", blockSize, minGrid);
    size_t available = 0;
    cudaOccupancyAvailableDynamicSMemPerBlock(&available, plain, 4, 256);
    std::printf("dynamic shared memory for 4 blocks of 256: %zu bytes\n", available);
    return printLaunchVerdict();
}
