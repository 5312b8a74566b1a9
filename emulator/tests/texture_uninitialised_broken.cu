// texture_uninitialised_broken.cu: a CUDA array is made and a texture over
// it fetched, but nothing was ever copied into the array (the
// cudaMemcpy2DToArray forgotten). Each fetch reads texels nothing wrote: the
// emulator reports uninitialised reads, and the fetches return its poison
// (NaN). A GPU returns whatever the memory held; compute-sanitizer's
// initcheck does not follow CUDA arrays.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

#include <cstring>

__global__ void fetch(cudaTextureObject_t texture, float* out) {
    out[threadIdx.x] = tex2D<float>(texture, threadIdx.x + 0.5f, 1.5f);
}

int main() {
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    cudaArray_t array = nullptr;
    cudaMallocArray(&array, &desc, 32, 4);
    cudaResourceDesc resource;
    std::memset(&resource, 0, sizeof resource);
    resource.resType = cudaResourceTypeArray;
    resource.res.array.array = array;
    cudaTextureDesc sampling;
    std::memset(&sampling, 0, sizeof sampling);
    cudaTextureObject_t texture = 0;
    cudaCreateTextureObject(&texture, &resource, &sampling, nullptr);
    DeviceArray<float> out(32, 0.0f);
    fetch<<<1, 32>>>(texture, out.device);
    printLaunchVerdict();
    cudaDestroyTextureObject(texture);
    cudaFreeArray(array);
    return 0;
}
