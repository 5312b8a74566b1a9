// builtin_names_shadowed_legal.cu: host code with variables of its own named
// gridDim and blockDim, as every one of the TensorCoreGemm samples has
// (`dim3 gridDim; dim3 blockDim; blockDim.x = 128;`), and a function whose
// parameters are so named. They are the program's variables, which shadow
// nothing on the host; the kernel's blockDim and gridDim are the launch's.
// No finding, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "main's launch: gridDim.x 16, blockDim.x 64, blockDim.y 2", "launch()'s: gridDim.x 3, blockDim.x 32, blockDim.y 1"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void sizes(unsigned int* out) {
    if (blockIdx.x == 0 && threadIdx.x == 0 && threadIdx.y == 0) {
        out[0] = gridDim.x;
        out[1] = blockDim.x;
        out[2] = blockDim.y;
    }
}

void launch(dim3 gridDim, dim3 blockDim, unsigned int* out) { sizes<<<gridDim, blockDim>>>(out); }

int main() {
    DeviceArray<unsigned int> out(3, 0u);
    dim3 gridDim;
    dim3 blockDim;
    blockDim.x = 64;
    blockDim.y = 2;
    gridDim.x = (1000 + blockDim.x - 1) / blockDim.x;
    sizes<<<gridDim, blockDim>>>(out.device);
    printLaunchVerdict();
    std::vector<unsigned int> seen = out.read();
    std::printf("main's launch: gridDim.x %u, blockDim.x %u, blockDim.y %u\n", seen[0], seen[1], seen[2]);
    launch(dim3(3), dim3(32), out.device);
    const int status = printLaunchVerdict();
    seen = out.read();
    std::printf("launch()'s: gridDim.x %u, blockDim.x %u, blockDim.y %u\n", seen[0], seen[1], seen[2]);
    return status;
}
