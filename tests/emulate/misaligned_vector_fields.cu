// misaligned_vector_fields.cu: a vector load through a pointer its type's
// alignment does not divide (a float4 at 8 bytes past a 16-byte boundary, an
// int2 at 4 past 8, a double2 in shared memory at 8 past 16). Where the
// kernel sums the fields one by one, GCC splits the load into aligned 4- or
// 8-byte loads, so the emulator sees nothing; nvcc keeps one vector load,
// which the Programming Guide's alignment rule ("any address of a variable
// residing in global memory ... is always aligned to at least 256 bytes",
// and a built-in vector type's size is its alignment) says a GPU cannot
// make. The float4 stored whole stays one 16-byte access, which the emulator
// names. A review found the miss; evidence/h200-misaligned-vector-fields.txt
// holds what an H200 and compute-sanitizer say, for the fix to match.
//   ./misaligned_vector_fields float4|int2|double2_shared|float4_whole
#include <cstdio>
#include <cstring>

__global__ void float4Fields(const float* a, float* out) {
    const float4 v = *reinterpret_cast<const float4*>(a + 2);
    out[0] = v.x + v.y + v.z + v.w;
}

__global__ void int2Fields(const int* a, int* out) {
    const int2 v = *reinterpret_cast<const int2*>(a + 1);
    out[0] = v.x + v.y;
}

__global__ void double2SharedFields(double* out) {
    __shared__ double tile[8];
    tile[threadIdx.x] = threadIdx.x;
    __syncthreads();
    const double2 v = *reinterpret_cast<const double2*>(&tile[1]);
    out[threadIdx.x] = v.x + v.y;
}

__global__ void float4Whole(const float* a, float4* out) {
    out[0] = *reinterpret_cast<const float4*>(a + 2);
}

int main(int argc, char** argv) {
    const char* variant = argc > 1 ? argv[1] : "";
    float* floats = nullptr;
    double* doubles = nullptr;
    cudaMalloc(&floats, 64 * sizeof(float));
    cudaMalloc(&doubles, 64 * sizeof(double));
    cudaMemset(floats, 0, 64 * sizeof(float));
    if (std::strcmp(variant, "float4") == 0) {
        float4Fields<<<1, 1>>>(floats, floats + 32);
    } else if (std::strcmp(variant, "int2") == 0) {
        int2Fields<<<1, 1>>>(reinterpret_cast<const int*>(floats), reinterpret_cast<int*>(floats) + 32);
    } else if (std::strcmp(variant, "double2_shared") == 0) {
        double2SharedFields<<<1, 8>>>(doubles);
    } else if (std::strcmp(variant, "float4_whole") == 0) {
        float4Whole<<<1, 1>>>(floats, reinterpret_cast<float4*>(floats + 32));
    } else {
        std::fprintf(stderr, "usage: misaligned_vector_fields float4|int2|double2_shared|float4_whole\n");
        return 2;
    }
    const cudaError_t error = cudaDeviceSynchronize();
    std::printf("%s: %s\n", variant, cudaGetErrorName(error));
    return error == cudaSuccess ? 0 : 1;
}
