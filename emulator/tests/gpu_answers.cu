// gpu_answers.cu: what a real GPU answers where the emulator must answer the
// same: the CUDA error of each launch configuration, and the results of
// collectives at the edges of the PTX ISA's rules (exited lanes, operands of 32
// and more). Run on a GPU by tools/capture-gpu-answers.sh into
// evidence/gpu-answers-h200.txt; the emulator runs this same file
// (emulator/emulate) and a test compares its lines with that evidence.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void empty() {}
__global__ void dynamicShared(int* out) { extern __shared__ int s[]; s[threadIdx.x] = 1; out[0] = s[0]; }
__global__ void matchAllExited(unsigned* out, int* pred) {
    const int lane = threadIdx.x;
    if (lane >= 24) return;
    int p = -1;
    out[lane] = __match_all_sync(0xffffffffu, 7, &p);
    pred[lane] = p;
}
__global__ void shuffleBits(int* out) {
    const int lane = threadIdx.x;
    out[0 * 32 + lane] = __shfl_xor_sync(0xffffffffu, lane, 33);
    out[1 * 32 + lane] = __shfl_down_sync(0xffffffffu, lane, 33u);
    out[2 * 32 + lane] = __shfl_up_sync(0xffffffffu, lane, 33u);
    out[3 * 32 + lane] = __shfl_sync(0xffffffffu, lane, 33);
    out[4 * 32 + lane] = __shfl_sync(0xffffffffu, lane, -1);
    out[5 * 32 + lane] = __shfl_sync(0xffffffffu, lane, 11, 8);
    out[6 * 32 + lane] = __shfl_xor_sync(0xffffffffu, lane, 8, 8);
    out[7 * 32 + lane] = __shfl_down_sync(0xffffffffu, lane, 0xffffffffu);
}
__global__ void reduceExited(unsigned* out) {
    if (threadIdx.x >= 20) return;
    out[threadIdx.x] = __reduce_add_sync(0xffffffffu, 1u);
}
__global__ void syncthreadsCount(int* out) {
    if (threadIdx.x >= 40) return;
    out[threadIdx.x] = __syncthreads_count(1);
}
__global__ void ballotExited(unsigned* out) {
    if (threadIdx.x % 2) return;
    out[threadIdx.x] = __ballot_sync(0xffffffffu, 1) | (__any_sync(0xffffffffu, 0) << 1) | (__all_sync(0xffffffffu, 1) << 2);
}
static void launchCase(const char* what, dim3 grid, dim3 block, size_t shared = 0) {
    cudaGetLastError();
    empty<<<grid, block, shared>>>();
    const cudaError_t launch = cudaGetLastError();
    const cudaError_t sync = cudaDeviceSynchronize();
    std::printf("launch %-44s -> cudaGetLastError %s (%d, \"%s\"), then cudaDeviceSynchronize %s\n", what,
                cudaGetErrorName(launch), (int)launch, cudaGetErrorString(launch), cudaGetErrorName(sync));
}
int main() {
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    std::printf("device %s, cc %d.%d, maxThreadsPerBlock %d, maxThreadsDim %d %d %d, maxGridSize %d %d %d, sharedMemPerBlock %zu, sharedMemPerBlockOptin %zu\n",
                p.name, p.major, p.minor, p.maxThreadsPerBlock, p.maxThreadsDim[0], p.maxThreadsDim[1], p.maxThreadsDim[2],
                p.maxGridSize[0], p.maxGridSize[1], p.maxGridSize[2], p.sharedMemPerBlock, p.sharedMemPerBlockOptin);
    launchCase("<<<1, (1024,1,1)>>>", 1, dim3(1024));
    launchCase("<<<1, (1025,1,1)>>>", 1, dim3(1025));
    launchCase("<<<1, (32,32,2)>>> (2048 threads)", 1, dim3(32, 32, 2));
    launchCase("<<<1, (1,1,64)>>>", 1, dim3(1, 1, 64));
    launchCase("<<<1, (1,1,65)>>>", 1, dim3(1, 1, 65));
    launchCase("<<<1, (1,1,128)>>>", 1, dim3(1, 1, 128));
    launchCase("<<<1, (1,1025,1)>>>", 1, dim3(1, 1025, 1));
    launchCase("<<<1, (0,1,1)>>>", 1, dim3(0));
    launchCase("<<<(0,1,1), 32>>>", dim3(0), 32);
    launchCase("<<<(1,65535,1), 32>>>", dim3(1, 65535, 1), 32);
    launchCase("<<<(1,65536,1), 32>>>", dim3(1, 65536, 1), 32);
    launchCase("<<<(1,1,65536), 32>>>", dim3(1, 1, 65536), 32);
    launchCase("<<<(2147483647,1,1), 1>>> (valid, 2^31-1 blocks)", dim3(2147483647u), 1);
    launchCase("<<<(2147483648,1,1), 1>>>", dim3(2147483648u), 1);
    launchCase("<<<1, 32, 49152>>> (48 KiB dynamic shared)", 1, 32, 49152);
    launchCase("<<<1, 32, 49153>>>", 1, 32, 49153);
    launchCase("<<<1, 32, 232448>>> (227 KiB, no opt-in)", 1, 32, 232448);
    int* out; unsigned* uout; int* pred;
    cudaMalloc(&out, 8 * 32 * sizeof(int)); cudaMalloc(&uout, 64 * sizeof(unsigned)); cudaMalloc(&pred, 32 * sizeof(int));
    cudaGetLastError();
    dynamicShared<<<1, 32, 49153>>>(out);
    std::printf("dynamicShared<<<1, 32, 49153>>> without opt-in -> %s\n", cudaGetErrorName(cudaGetLastError()));
    std::printf("cudaFuncSetAttribute(MaxDynamicSharedMemorySize, 232448) -> %s\n",
                cudaGetErrorName(cudaFuncSetAttribute(dynamicShared, cudaFuncAttributeMaxDynamicSharedMemorySize, 232448)));
    dynamicShared<<<1, 32, 232448>>>(out);
    std::printf("dynamicShared<<<1, 32, 232448>>> after opt-in -> %s, sync %s\n", cudaGetErrorName(cudaGetLastError()), cudaGetErrorName(cudaDeviceSynchronize()));
    dynamicShared<<<1, 32, 232449>>>(out);
    std::printf("dynamicShared<<<1, 32, 232449>>> after opt-in -> %s\n", cudaGetErrorName(cudaGetLastError()));

    unsigned hu[64]; int hp[32]; int h[8 * 32];
    cudaMemset(uout, 0xee, 64 * sizeof(unsigned)); cudaMemset(pred, 0xee, 32 * sizeof(int));
    matchAllExited<<<1, 32>>>(uout, pred);
    std::printf("matchAllExited: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(hu, uout, 32 * sizeof(unsigned), cudaMemcpyDeviceToHost); cudaMemcpy(hp, pred, 32 * sizeof(int), cudaMemcpyDeviceToHost);
    std::printf("__match_all_sync(0xffffffff, 7, &pred) with lanes 24-31 exited: lane 0 -> 0x%08x pred %d, lane 23 -> 0x%08x pred %d\n", hu[0], hp[0], hu[23], hp[23]);
    shuffleBits<<<1, 32>>>(out);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    const char* names[] = {"xor 33", "down 33", "up 33", "idx 33", "idx -1", "idx 11 width 8", "xor 8 width 8", "down 0xffffffff"};
    for (int c = 0; c < 8; ++c) {
        std::printf("%-16s:", names[c]);
        for (int l = 0; l < 32; ++l) std::printf(" %d", h[c * 32 + l]);
        std::printf("\n");
    }
    cudaMemset(uout, 0, 64 * sizeof(unsigned));
    reduceExited<<<1, 32>>>(uout);
    cudaMemcpy(hu, uout, 32 * sizeof(unsigned), cudaMemcpyDeviceToHost);
    std::printf("__reduce_add_sync(0xffffffff, 1) with lanes 20-31 exited: %u (%s)\n", hu[0], cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemset(out, 0, 64 * sizeof(int));
    syncthreadsCount<<<1, 64>>>(out);
    cudaMemcpy(h, out, 64 * sizeof(int), cudaMemcpyDeviceToHost);
    std::printf("__syncthreads_count(1) with threads 40-63 exited: %d (%s)\n", h[0], cudaGetErrorName(cudaDeviceSynchronize()));
    ballotExited<<<1, 32>>>(uout);
    cudaMemcpy(hu, uout, 32 * sizeof(unsigned), cudaMemcpyDeviceToHost);
    std::printf("ballot|any<<1|all<<2 with odd lanes exited: lane 0 -> 0x%08x (%s)\n", hu[0], cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
