// texture_past_allocation_broken.cu: a texture over linear memory whose
// sizeInBytes says 64 floats, over an allocation of 32 (the size copied from
// the wrong buffer). cudaCreateTextureObject cannot know an allocation's
// size and accepts it; threads 24-31 fetch elements 32-39, past the end.
// The emulator reads each texel as the memory under it, and stops the
// kernel at the first fetch past the allocation, as at any other read past
// it. A GPU reads whatever lies there (cudaMalloc's granularity leaves memory
// after 128 bytes) and returns it: no error, and compute-sanitizer's memcheck
// does not check texture fetches, which go through the texture unit.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "cudaCreateTextureObject: cudaSuccess"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

#include <cstring>

__global__ void gather(cudaTextureObject_t texture, float* out) {
    out[threadIdx.x] = tex1Dfetch<float>(texture, threadIdx.x + 8);
}

int main() {
    DeviceArray<float> data(32, 1.0f);
    DeviceArray<float> out(32, 0.0f);
    cudaResourceDesc resource;
    std::memset(&resource, 0, sizeof resource);
    resource.resType = cudaResourceTypeLinear;
    resource.res.linear.devPtr = data.device;
    resource.res.linear.desc = cudaCreateChannelDesc<float>();
    resource.res.linear.sizeInBytes = 64 * sizeof(float);
    cudaTextureDesc sampling;
    std::memset(&sampling, 0, sizeof sampling);
    cudaTextureObject_t texture = 0;
    std::printf("cudaCreateTextureObject: %s\n",
                cudaGetErrorName(cudaCreateTextureObject(&texture, &resource, &sampling, nullptr)));
    gather<<<1, 32>>>(texture, out.device);
    printLaunchVerdict();
    return 0;
}
