// texture_destroyed_broken.cu: the texture object is destroyed before the
// kernel that fetches through it is launched (cudaDestroyTextureObject
// moved up past the launch). Its handle names nothing any more: the fetch
// is an invalid access, and the emulator stops the kernel there, as at a
// read of freed memory. A GPU may still find the old descriptor and return
// the old texels, or garbage; no tool reports it.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

#include <cstring>

__global__ void fetch(cudaTextureObject_t texture, float* out) {
    out[threadIdx.x] = tex1Dfetch<float>(texture, threadIdx.x);
}

int main() {
    DeviceArray<float> data(32, 3.0f);
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
    cudaDestroyTextureObject(texture);
    fetch<<<1, 32>>>(texture, out.device);
    printLaunchVerdict();
    return 0;
}
