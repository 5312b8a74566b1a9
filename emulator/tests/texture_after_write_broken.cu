// texture_after_write_broken.cu: each thread writes its element of `data`,
// the block meets at __syncthreads(), and each thread then fetches its
// neighbour's element through a texture over `data`. The barrier orders the
// plain accesses, but not the fetch: the PTX ISA's memory model "does not
// apply to texture (including ld.global.nc) and surface accesses", and the
// Programming Guide says a texture fetch of an address "written to via a
// global write or a surface write in the same kernel call returns undefined
// data". texture_after_write_legal.cu fetches in the next launch instead.
// On a GPU the fetch usually misses the texture cache and returns the new
// value (no error, and compute-sanitizer's racecheck checks only shared memory).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

#include <cstring>

__global__ void writeThenFetch(float* data, cudaTextureObject_t texture, float* out) {
    const int i = threadIdx.x;
    data[i] = static_cast<float>(i);
    __syncthreads();
    out[i] = tex1Dfetch<float>(texture, (i + 1) % 64);
}

int main() {
    DeviceArray<float> data(64, 0.0f);
    DeviceArray<float> out(64, 0.0f);
    cudaResourceDesc resource;
    std::memset(&resource, 0, sizeof resource);
    resource.resType = cudaResourceTypeLinear;
    resource.res.linear.devPtr = data.device;
    resource.res.linear.desc = cudaCreateChannelDesc<float>();
    resource.res.linear.sizeInBytes = 64 * sizeof(float);
    cudaTextureDesc sampling;
    std::memset(&sampling, 0, sizeof sampling);
    cudaTextureObject_t texture = 0;
    cudaCreateTextureObject(&texture, &resource, &sampling, nullptr);
    writeThenFetch<<<1, 64>>>(data.device, texture, out.device);
    printLaunchVerdict();
    cudaDestroyTextureObject(texture);
    return 0;
}
