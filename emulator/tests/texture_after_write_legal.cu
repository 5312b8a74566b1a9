// texture_after_write_legal.cu: texture_after_write_broken.cu done right: one
// launch writes `data`, the next fetches it through a texture. The end of a
// kernel orders everything, and the texture cache starts each launch afresh
// (the Programming Guide: a thread may fetch what "has been updated by a
// previous kernel call or memory copy"). compute-sanitizer reports nothing.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out[0], out[62], out[63]: 1 63 0"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

#include <cstring>

__global__ void write(float* data) { data[threadIdx.x] = static_cast<float>(threadIdx.x); }

__global__ void fetch(cudaTextureObject_t texture, float* out) {
    out[threadIdx.x] = tex1Dfetch<float>(texture, (threadIdx.x + 1) % 64);
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
    write<<<1, 64>>>(data.device);
    fetch<<<1, 64>>>(texture, out.device);
    const int status = printLaunchVerdict();
    const std::vector<float> values = out.read();
    printValues("out[0], out[62], out[63]", {values[0], values[62], values[63]});
    cudaDestroyTextureObject(texture);
    return status;
}
