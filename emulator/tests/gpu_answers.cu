// gpu_answers.cu: what a real GPU answers where the emulator must answer the
// same: the CUDA error of each launch configuration, the results of
// collectives at the edges of the PTX ISA's rules (exited lanes, operands of 32
// and more), the runtime API's answers to calls it refuses, and what a kernel
// that a GPU stops leaves behind (the sticky error). Each such kernel runs in
// a process of its own (this program again, as "gpu_answers N"), since after
// one the context is lost. A line that begins "memcheck:" is one where the
// emulator answers as compute-sanitizer's memcheck would, not as the GPU
// alone, and one that begins "after cudaDeviceReset:" one where the H200's
// driver refused the device to the process (cudaErrorDevicesUnavailable) and
// the emulator gives a fresh context, as the Runtime API describes
// cudaDeviceReset: the comparison shows both and skips them. Run on a GPU by tools/capture-h200-evidence.sh into
// evidence/gpu-answers-h200.txt; the emulator runs this same file
// (emulator/emulate) and a test compares its lines with that evidence. Every
// launch here is small enough for the emulator to run: the largest grid a GPU
// accepts is in the device line (maxGridSize), not launched.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <cuda_runtime.h>
__global__ void empty() {}
__global__ void dynamicShared(int* out) {
    extern __shared__ int s[];
    s[threadIdx.x] = 1;
    if (threadIdx.x == 0) {
        out[0] = s[0];
    }
}
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
__global__ void writeAt(int* values, int index) { values[index] = 1; }
__global__ void atomicAt(int* values) { atomicAdd(reinterpret_cast<int*>(reinterpret_cast<char*>(values) + 2), 1); }
__global__ void failAssert(int value) {
    if (value < 0) {
        __trap();
    }
}
__global__ void sharedPastEnd(int* out) {
    __shared__ int tile[32];
    tile[threadIdx.x + 1] = 1;
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x];
}

// A kernel the GPU stops, then what the runtime API answers after it, then
// after cudaDeviceReset().
template <typename Launch>
static void stoppedKernel(const char* what, Launch launch) {
    launch();
    const cudaError_t sync = cudaDeviceSynchronize();
    const cudaError_t last = cudaGetLastError();
    int* more = nullptr;
    const cudaError_t malloc = cudaMalloc(&more, 4);
    std::printf("%s -> cudaDeviceSynchronize %s, cudaGetLastError %s, then cudaMalloc %s, cudaGetLastError %s\n", what,
                cudaGetErrorName(sync), cudaGetErrorName(last), cudaGetErrorName(malloc), cudaGetErrorName(cudaGetLastError()));
    const cudaError_t reset = cudaDeviceReset();
    const cudaError_t again = cudaMalloc(&more, 4);
    std::printf("after cudaDeviceReset: %s, then cudaMalloc %s\n", cudaGetErrorName(reset), cudaGetErrorName(again));
    cudaFree(more);
}

static void launchCase(const char* what, dim3 grid, dim3 block, size_t shared = 0) {
    cudaGetLastError();
    empty<<<grid, block, shared>>>();
    const cudaError_t launch = cudaGetLastError();
    const cudaError_t sync = cudaDeviceSynchronize();
    std::printf("launch %-44s -> cudaGetLastError %s (%d, \"%s\"), then cudaDeviceSynchronize %s\n", what,
                cudaGetErrorName(launch), (int)launch, cudaGetErrorString(launch), cudaGetErrorName(sync));
}
// The kernels a GPU stops, one per process: "gpu_answers N" runs the Nth.
static int runStoppedKernel(int which) {
    switch (which) {
        case 1: stoppedKernel("a kernel writes through a null pointer", [] { writeAt<<<1, 1>>>(nullptr, 0); }); break;
        case 2:
            stoppedKernel("a kernel writes to host memory from new[]", [] {
                static int* hostValues = new int[64];
                writeAt<<<1, 1>>>(hostValues, 0);
            });
            break;
        case 3:
            stoppedKernel("a kernel writes to freed device memory", [] {
                int* freed = nullptr;
                cudaMalloc(&freed, 64 * sizeof(int));
                cudaFree(freed);
                writeAt<<<1, 1>>>(freed, 0);
            });
            break;
        case 4:
            stoppedKernel("a kernel writes 1 past its only __shared__ array", [] {
                int* out = nullptr;
                cudaMalloc(&out, 32 * sizeof(int));
                sharedPastEnd<<<1, 32>>>(out);
            });
            break;
        case 5:
            stoppedKernel("an atomicAdd on an int 2 bytes into an allocation", [] {
                int* values = nullptr;
                cudaMalloc(&values, 64 * sizeof(int));
                atomicAt<<<1, 1>>>(values);
            });
            break;
        case 6: stoppedKernel("a kernel calls __trap()", [] { failAssert<<<1, 1>>>(-1); }); break;
        default: return 1;
    }
    return 0;
}
constexpr int kStoppedKernels = 6;

int main(int argc, char** argv) {
    if (argc == 2) {
        return runStoppedKernel(std::atoi(argv[1]));
    }
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
    // Threads 40-63 exit before the barrier, which the emulator reports (its
    // status differs from a GPU's on purpose), so only the count is compared.
    std::printf("__syncthreads_count(1) with threads 40-63 exited: %d\n", h[0]);
    ballotExited<<<1, 32>>>(uout);
    cudaMemcpy(hu, uout, 32 * sizeof(unsigned), cudaMemcpyDeviceToHost);
    std::printf("ballot|any<<1|all<<2 with odd lanes exited: lane 0 -> 0x%08x (%s)\n", hu[0], cudaGetErrorName(cudaDeviceSynchronize()));

    // The runtime API's answers to calls it refuses.
    int* hundred = nullptr;
    cudaMalloc(&hundred, 100 * sizeof(int));
    int host[101] = {};
    std::printf("cudaMemcpy 404 bytes into a 400-byte allocation -> %s\n",
                cudaGetErrorName(cudaMemcpy(hundred, host, sizeof host, cudaMemcpyHostToDevice)));
    cudaGetLastError();
    std::printf("cudaMemset 404 bytes of a 400-byte allocation -> %s\n", cudaGetErrorName(cudaMemset(hundred, 0, 404)));
    cudaGetLastError();
    std::printf("cudaMemcpy 400 bytes from 4 bytes into the allocation -> %s\n",
                cudaGetErrorName(cudaMemcpy(host, hundred + 1, 400, cudaMemcpyDeviceToHost)));
    cudaGetLastError();
    std::printf("cudaFree of a pointer 4 bytes into an allocation -> %s\n", cudaGetErrorName(cudaFree(hundred + 1)));
    cudaGetLastError();
    std::printf("cudaFree of host memory -> %s\n", cudaGetErrorName(cudaFree(host)));
    cudaGetLastError();
    const cudaError_t firstFree = cudaFree(hundred);
    const cudaError_t secondFree = cudaFree(hundred);
    std::printf("cudaFree -> %s, again -> %s\n", cudaGetErrorName(firstFree), cudaGetErrorName(secondFree));
    cudaGetLastError();
    std::printf("cudaMemcpy from freed device memory -> %s\n",
                cudaGetErrorName(cudaMemcpy(host, hundred, 400, cudaMemcpyDeviceToHost)));
    cudaGetLastError();
    float* pitched = nullptr;
    size_t pitch = 0;
    const cudaError_t pitchedMalloc = cudaMallocPitch(&pitched, &pitch, 400, 4);
    std::printf("cudaMallocPitch 400 bytes wide, 4 rows -> %s, pitch %zu\n", cudaGetErrorName(pitchedMalloc), pitch);
    std::printf("cudaMemcpy2D 400 bytes wide into rows 256 bytes apart -> %s\n",
                cudaGetErrorName(cudaMemcpy2D(pitched, 256, host, 400, 400, 1, cudaMemcpyHostToDevice)));
    cudaGetLastError();
    cudaFree(pitched);
    int* none = hundred;
    const cudaError_t zeroMalloc = cudaMalloc(&none, 0);
    std::printf("cudaMalloc of 0 bytes -> %s, pointer %s\n", cudaGetErrorName(zeroMalloc), none == nullptr ? "null" : "not null");
    cudaFree(none);

    // Kernels a GPU stops, or (memcheck:) would, under compute-sanitizer.
    int* small = nullptr;
    cudaMalloc(&small, 64 * sizeof(int));
    writeAt<<<1, 1>>>(small, 64);
    std::printf("memcheck: a kernel writes one int past a 64-int allocation -> %s\n",
                cudaGetErrorName(cudaDeviceSynchronize()));
    std::fflush(stdout);
    char self[4096] = {};
    if (readlink("/proc/self/exe", self, sizeof self - 1) <= 0) {
        std::printf("cannot find this program to run it again\n");
        return 1;
    }
    for (int which = 1; which <= kStoppedKernels; ++which) {
        // Its exit status is not an answer: on the emulator its finding makes it 66.
        const int status = std::system(("'" + std::string(self) + "' " + std::to_string(which) + " 2> /dev/null").c_str());
        (void)status;
    }
    return 0;
}
