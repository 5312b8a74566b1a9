// surface_trap_broken.cu: a kernel writes one element past each row of a
// 16x4 CUDA array through a surface (the row's width in bytes taken for its
// last element). The surface functions' boundary mode defaults to
// cudaBoundaryModeTrap, under which, as the Programming Guide's "Surface
// Functions" says, an out-of-range access makes the kernel fail: on a GPU,
// the launch ends in an error, as it does here.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorIllegalAddress; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

#include <cstring>

__global__ void writeRows(cudaSurfaceObject_t surface, int width) {
    const int y = threadIdx.x;
    surf2Dwrite(1.0f, surface, width * static_cast<int>(sizeof(float)), y);
}

int main() {
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    cudaArray_t array = nullptr;
    cudaMallocArray(&array, &desc, 16, 4, cudaArraySurfaceLoadStore);
    cudaResourceDesc resource;
    std::memset(&resource, 0, sizeof resource);
    resource.resType = cudaResourceTypeArray;
    resource.res.array.array = array;
    cudaSurfaceObject_t surface = 0;
    cudaCreateSurfaceObject(&surface, &resource);
    writeRows<<<1, 4>>>(surface, 16);
    printLaunchVerdict();
    return 0;
}
