// cuda_arrays_legal.cu: CUDA arrays and texture and surface objects as the
// runtime API makes them, copies into and out of arrays, and what the API
// answers where it must refuse (each answer printed, to compare with an
// H200's): a copy that runs past an array (cudaErrorInvalidValue, as
// cudaMemcpy2DToArray's documentation: "wOffset + width must not exceed the
// width of the CUDA array"), a 3-channel format, a linear texture not
// aligned to textureAlignment (512 bytes on an H200), a pitch not a multiple
// of texturePitchAlignment (32), a surface over an array made without
// cudaArraySurfaceLoadStore, a texture object destroyed twice. No kernel runs
// wrong: compute-sanitizer should report nothing.
// On an H200 (evidence/case-answers-h200.txt): alone exit 0; memcheck 9 errors (Program hit cudaErrorInvalidValue (error 1) due to "invalid argument" on CUDA API call to cudaMemcpy2DToArray); initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

// cudaMemcpyToArray and cudaMemcpyFromArray are deprecated, and still in
// NVIDIA's samples: the Toolkit's headers say so at each call.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

#include <cstring>

void say(const char* what, cudaError_t error) { std::printf("%s: %s\n", what, cudaGetErrorName(error)); }

int main() {
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    std::printf("cudaCreateChannelDesc<float>: %d %d %d %d kind %d\n", desc.x, desc.y, desc.z, desc.w,
                static_cast<int>(desc.f));
    const cudaChannelFormatDesc uchar4Desc = cudaCreateChannelDesc<uchar4>();
    std::printf("cudaCreateChannelDesc<uchar4>: %d %d %d %d kind %d\n", uchar4Desc.x, uchar4Desc.y, uchar4Desc.z,
                uchar4Desc.w, static_cast<int>(uchar4Desc.f));
    const cudaChannelFormatDesc halfDesc = cudaCreateChannelDescHalf2();
    std::printf("cudaCreateChannelDescHalf2: %d %d %d %d kind %d\n", halfDesc.x, halfDesc.y, halfDesc.z, halfDesc.w,
                static_cast<int>(halfDesc.f));

    cudaArray_t plane = nullptr;
    say("cudaMallocArray 8x4 float", cudaMallocArray(&plane, &desc, 8, 4));
    cudaChannelFormatDesc got;
    cudaExtent extent;
    unsigned int flags = 99;
    say("cudaArrayGetInfo", cudaArrayGetInfo(&got, &extent, &flags, plane));
    std::printf("  desc %d %d %d %d kind %d, extent %zu %zu %zu, flags %u\n", got.x, got.y, got.z, got.w,
                static_cast<int>(got.f), extent.width, extent.height, extent.depth, flags);

    // Copies: 2D in at an offset, flat in, 2D out, array to array.
    float rows[4 * 8];
    for (int i = 0; i < 32; ++i) {
        rows[i] = static_cast<float>(i);
    }
    say("cudaMemcpyToArray all", cudaMemcpyToArray(plane, 0, 0, rows, sizeof rows, cudaMemcpyHostToDevice));
    const float patch[2 * 2] = {-1, -2, -3, -4};
    say("cudaMemcpy2DToArray 2x2 at (3, 1)",
        cudaMemcpy2DToArray(plane, 3 * sizeof(float), 1, patch, 2 * sizeof(float), 2 * sizeof(float), 2,
                            cudaMemcpyHostToDevice));
    say("cudaMemcpy2DToArray past the right edge",
        cudaMemcpy2DToArray(plane, 7 * sizeof(float), 0, patch, 2 * sizeof(float), 2 * sizeof(float), 2,
                            cudaMemcpyHostToDevice));
    say("cudaMemcpy2DToArray past the bottom",
        cudaMemcpy2DToArray(plane, 0, 3, patch, 2 * sizeof(float), 2 * sizeof(float), 2, cudaMemcpyHostToDevice));
    say("cudaMemcpyToArray past the end",
        cudaMemcpyToArray(plane, 4 * sizeof(float), 3, rows, 8 * sizeof(float), cudaMemcpyHostToDevice));
    cudaArray_t copyOf = nullptr;
    say("cudaMallocArray 8x4 float", cudaMallocArray(&copyOf, &desc, 8, 4));
    say("cudaMemcpy2DArrayToArray",
        cudaMemcpy2DArrayToArray(copyOf, 0, 0, plane, 0, 0, 8 * sizeof(float), 4, cudaMemcpyDeviceToDevice));
    float back[4 * 8];
    say("cudaMemcpy2DFromArray",
        cudaMemcpy2DFromArray(back, 8 * sizeof(float), copyOf, 0, 0, 8 * sizeof(float), 4, cudaMemcpyDeviceToHost));
    printValues("rows 1 and 2", std::vector<float>(back + 8, back + 24));
    float tail[5];
    say("cudaMemcpyFromArray 5 from (6, 1)",
        cudaMemcpyFromArray(tail, copyOf, 6 * sizeof(float), 1, sizeof tail, cudaMemcpyDeviceToHost));
    printValues("those 5", std::vector<float>(tail, tail + 5));

    // A device buffer to and from an array, and 3D copies of a layered one.
    DeviceArray<float> device(32, 0.5f);
    say("cudaMemcpy2DToArray from device memory",
        cudaMemcpy2DToArray(copyOf, 0, 0, device.device, 8 * sizeof(float), 8 * sizeof(float), 4,
                            cudaMemcpyDeviceToDevice));
    say("cudaMemcpy2DFromArray to device memory",
        cudaMemcpy2DFromArray(device.device, 8 * sizeof(float), plane, 0, 0, 8 * sizeof(float), 4,
                              cudaMemcpyDeviceToDevice));
    const std::vector<float> deviceValues = device.read();
    printValues("device[8..15]", std::vector<float>(deviceValues.begin() + 8, deviceValues.begin() + 16));
    cudaArray_t layered = nullptr;
    say("cudaMalloc3DArray 4x2, 3 layers", cudaMalloc3DArray(&layered, &desc, make_cudaExtent(4, 2, 3), cudaArrayLayered));
    say("cudaArrayGetInfo", cudaArrayGetInfo(&got, &extent, &flags, layered));
    std::printf("  extent %zu %zu %zu, flags %u\n", extent.width, extent.height, extent.depth, flags);
    cudaMemcpy3DParms copy;
    std::memset(&copy, 0, sizeof copy);
    copy.srcPtr = make_cudaPitchedPtr(rows, 4 * sizeof(float), 4, 2);
    copy.dstArray = layered;
    copy.extent = make_cudaExtent(4, 2, 3);
    copy.kind = cudaMemcpyHostToDevice;
    say("cudaMemcpy3D host to layered array", cudaMemcpy3D(&copy));
    std::memset(&copy, 0, sizeof copy);
    float corner[2 * 2 * 2];
    copy.srcArray = layered;
    copy.srcPos = make_cudaPos(2, 1, 1);
    copy.dstPtr = make_cudaPitchedPtr(corner, 2 * sizeof(float), 2, 1);
    copy.extent = make_cudaExtent(2, 1, 2);
    copy.kind = cudaMemcpyDeviceToHost;
    say("cudaMemcpy3D 2x1x2 from (2, 1, 1)", cudaMemcpy3D(&copy));
    printValues("those 4", std::vector<float>(corner, corner + 4));
    copy.srcPos = make_cudaPos(3, 1, 1);
    say("cudaMemcpy3D past the array's width", cudaMemcpy3D(&copy));
    cudaArray_t cubemap = nullptr;
    say("cudaMalloc3DArray cubemap 4x4x6", cudaMalloc3DArray(&cubemap, &desc, make_cudaExtent(4, 4, 6), cudaArrayCubemap));
    cudaArray_t refused = nullptr;
    say("cudaMalloc3DArray cubemap 4x4x5", cudaMalloc3DArray(&refused, &desc, make_cudaExtent(4, 4, 5), cudaArrayCubemap));
    say("cudaMalloc3DArray cubemap 4x3x6", cudaMalloc3DArray(&refused, &desc, make_cudaExtent(4, 3, 6), cudaArrayCubemap));
    const cudaChannelFormatDesc three = cudaCreateChannelDesc(32, 32, 32, 0, cudaChannelFormatKindFloat);
    say("cudaMallocArray with 3 channels", cudaMallocArray(&refused, &three, 8, 4));

    // Texture and surface objects, made and refused.
    cudaResourceDesc resource;
    std::memset(&resource, 0, sizeof resource);
    resource.resType = cudaResourceTypeLinear;
    resource.res.linear.devPtr = device.device + 1;
    resource.res.linear.desc = desc;
    resource.res.linear.sizeInBytes = 16 * sizeof(float);
    cudaTextureDesc sampling;
    std::memset(&sampling, 0, sizeof sampling);
    cudaTextureObject_t texture = 0;
    say("cudaCreateTextureObject over linear memory 4 bytes into an allocation",
        cudaCreateTextureObject(&texture, &resource, &sampling, nullptr));
    float* pitched = nullptr;
    size_t pitch = 0;
    cudaMallocPitch(&pitched, &pitch, 8 * sizeof(float), 4);
    resource.resType = cudaResourceTypePitch2D;
    resource.res.pitch2D.devPtr = pitched;
    resource.res.pitch2D.desc = desc;
    resource.res.pitch2D.width = 8;
    resource.res.pitch2D.height = 4;
    resource.res.pitch2D.pitchInBytes = 8 * sizeof(float) + 4;
    say("cudaCreateTextureObject over pitched memory, pitch 36",
        cudaCreateTextureObject(&texture, &resource, &sampling, nullptr));
    resource.res.pitch2D.pitchInBytes = pitch;
    say("cudaCreateTextureObject over pitched memory, cudaMallocPitch's pitch",
        cudaCreateTextureObject(&texture, &resource, &sampling, nullptr));
    cudaResourceDesc asked;
    say("cudaGetTextureObjectResourceDesc", cudaGetTextureObjectResourceDesc(&asked, texture));
    std::printf("  resType %d, width %zu, height %zu, pitch is cudaMallocPitch's: %s\n", static_cast<int>(asked.resType),
                asked.res.pitch2D.width, asked.res.pitch2D.height, asked.res.pitch2D.pitchInBytes == pitch ? "yes" : "no");
    say("cudaDestroyTextureObject", cudaDestroyTextureObject(texture));
    say("cudaDestroyTextureObject again", cudaDestroyTextureObject(texture));
    std::memset(&resource, 0, sizeof resource);
    resource.resType = cudaResourceTypeArray;
    resource.res.array.array = plane;
    cudaSurfaceObject_t surface = 0;
    say("cudaCreateSurfaceObject over an array made without cudaArraySurfaceLoadStore",
        cudaCreateSurfaceObject(&surface, &resource));
    say("cudaFreeArray", cudaFreeArray(plane));
    say("cudaFreeArray", cudaFreeArray(copyOf));
    say("cudaFreeArray", cudaFreeArray(layered));
    say("cudaFreeArray", cudaFreeArray(cubemap));
    cudaFree(pitched);
    return 0;
}
