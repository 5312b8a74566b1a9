// texture_own_write_broken.cu: each thread writes an element, then fetches
// the same element through a texture. Program order does not help: the
// Programming Guide says a thread may fetch a location only if "a previous
// kernel call or memory copy" updated it, "but not if it has been previously
// updated by the same thread or another thread from the same kernel call"
// (the texture cache is not kept coherent with the kernel's writes). On a
// GPU the fetch may return the old value; no tool reports it.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

#include <cstring>

__global__ void writeThenFetch(float* data, cudaTextureObject_t texture, float* out) {
    const int i = threadIdx.x;
    data[i] = 2.0f * static_cast<float>(i);
    out[i] = tex1Dfetch<float>(texture, i);
}

int main() {
    DeviceArray<float> data(32, 0.0f);
    DeviceArray<float> out(32, 0.0f);
    cudaResourceDesc resource;
    std::memset(&resource, 0, sizeof resource);
    resource.resType = cudaResourceTypeLinear;
    resource.res.linear.devPtr = data.device;
    resource.res.linear.desc = cudaCreateChannelDesc<float>();
    resource.res.linear.sizeInBytes = 32 * sizeof(float);
    cudaTextureDesc sampling;
    std::memset(&sampling, 0, sizeof sampling);
    cudaTextureObject_t texture = 0;
    cudaCreateTextureObject(&texture, &resource, &sampling, nullptr);
    writeThenFetch<<<1, 32>>>(data.device, texture, out.device);
    printLaunchVerdict();
    cudaDestroyTextureObject(texture);
    return 0;
}
