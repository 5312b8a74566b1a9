// surface_x_in_elements_broken.cu: a kernel writes a float CUDA array
// through a surface with x the element's index, where CUDA's surface
// functions take x in bytes (the Programming Guide's "Surface Functions":
// surf2Dwrite(data, surfObj, x * 4, y) for 4-byte elements). Thread 1 writes
// at byte 1, which no 4-byte element starts at: the PTX ISA leaves an
// access not aligned to its size undefined (a GPU may drop the low bits and
// write element 0 again, or fault). The emulator stops the kernel there.
// On an H200 (evidence/case-answers-h200.txt): alone cudaErrorMisalignedAddress; memcheck 34 errors (Misaligned shared or local address); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

#include <cstring>

__global__ void writeRow(cudaSurfaceObject_t surface) {
    const int x = threadIdx.x;
    surf2Dwrite(static_cast<float>(x), surface, x, 0);
}

int main() {
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    cudaArray_t array = nullptr;
    cudaMallocArray(&array, &desc, 32, 1, cudaArraySurfaceLoadStore);
    cudaResourceDesc resource;
    std::memset(&resource, 0, sizeof resource);
    resource.resType = cudaResourceTypeArray;
    resource.res.array.array = array;
    cudaSurfaceObject_t surface = 0;
    cudaCreateSurfaceObject(&surface, &resource);
    writeRow<<<1, 32>>>(surface);
    printLaunchVerdict();
    return 0;
}
