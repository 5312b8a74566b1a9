// surface_read_after_write_broken.cu: each thread writes its element of a
// CUDA array through a surface, the block meets at __syncthreads(), and
// each thread reads its neighbour's element back through the surface. The
// Programming Guide: "any texture fetch or surface read to an address that
// has been written to via a global write or a surface write in the same
// kernel call returns undefined data"; the barrier does not change that (the
// memory model does not apply to surface accesses). On a GPU the read
// usually sees the write; no tool reports it.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

#include <cstring>

__global__ void writeThenRead(cudaSurfaceObject_t surface, int* out) {
    const int i = threadIdx.x;
    surf1Dwrite(i * 3, surface, i * static_cast<int>(sizeof(int)));
    __syncthreads();
    out[i] = surf1Dread<int>(surface, ((i + 1) % 32) * static_cast<int>(sizeof(int)));
}

int main() {
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<int>();
    cudaArray_t array = nullptr;
    cudaMallocArray(&array, &desc, 32, 0, cudaArraySurfaceLoadStore);
    cudaResourceDesc resource;
    std::memset(&resource, 0, sizeof resource);
    resource.resType = cudaResourceTypeArray;
    resource.res.array.array = array;
    cudaSurfaceObject_t surface = 0;
    cudaCreateSurfaceObject(&surface, &resource);
    DeviceArray<int> out(32, 0);
    writeThenRead<<<1, 32>>>(surface, out.device);
    printLaunchVerdict();
    cudaDestroySurfaceObject(surface);
    cudaFreeArray(array);
    return 0;
}
