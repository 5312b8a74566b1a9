// surface_legal.cu: a kernel writes a 2D CUDA array through a surface
// object and a layered one through another; the next launch reads the 2D
// one back through the surface (in range, then out of it with
// cudaBoundaryModeClamp and cudaBoundaryModeZero) and through a texture.
// The Programming Guide's "Surface Functions": x counts bytes; a surface
// read or write outside the array follows its boundary mode (clamp: the
// nearest element; zero: reads return zero, writes are ignored). Every
// texel is written before it is read, in an earlier launch: legal, and
// compute-sanitizer should report nothing.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

#include <cstring>

__global__ void writeSurfaces(cudaSurfaceObject_t plane, cudaSurfaceObject_t layers) {
    const int x = threadIdx.x, y = threadIdx.y;
    surf2Dwrite(static_cast<float>(10 * y + x), plane, x * static_cast<int>(sizeof(float)), y);
    // Out of the array, in zero mode: written nowhere.
    surf2Dwrite(-1.0f, plane, (x + 8) * static_cast<int>(sizeof(float)), y, cudaBoundaryModeZero);
    surf2DLayeredwrite(make_uchar2(x, y), layers, x * static_cast<int>(sizeof(uchar2)), y, 1);
}

__global__ void readBack(cudaSurfaceObject_t plane, cudaTextureObject_t texture, float* out) {
    const int i = threadIdx.x;
    out[i] = surf2Dread<float>(plane, i * static_cast<int>(sizeof(float)), 1);
    out[8 + i] = surf2Dread<float>(plane, (i + 5) * static_cast<int>(sizeof(float)), 6, cudaBoundaryModeClamp);
    out[16 + i] = surf2Dread<float>(plane, (i - 4) * static_cast<int>(sizeof(float)), 2, cudaBoundaryModeZero);
    out[24 + i] = tex2D<float>(texture, i + 0.5f, 3.5f);
}

int main() {
    cudaChannelFormatDesc floatDesc = cudaCreateChannelDesc<float>();
    cudaArray_t plane = nullptr;
    cudaMallocArray(&plane, &floatDesc, 8, 4, cudaArraySurfaceLoadStore);
    cudaChannelFormatDesc uchar2Desc = cudaCreateChannelDesc<uchar2>();
    cudaArray_t layers = nullptr;
    cudaMalloc3DArray(&layers, &uchar2Desc, make_cudaExtent(8, 4, 2), cudaArrayLayered | cudaArraySurfaceLoadStore);

    cudaResourceDesc resource;
    std::memset(&resource, 0, sizeof resource);
    resource.resType = cudaResourceTypeArray;
    resource.res.array.array = plane;
    cudaSurfaceObject_t planeSurface = 0, layerSurface = 0;
    cudaCreateSurfaceObject(&planeSurface, &resource);
    cudaTextureDesc sampling;
    std::memset(&sampling, 0, sizeof sampling);
    cudaTextureObject_t texture = 0;
    cudaCreateTextureObject(&texture, &resource, &sampling, nullptr);
    resource.res.array.array = layers;
    cudaCreateSurfaceObject(&layerSurface, &resource);

    writeSurfaces<<<1, dim3(8, 4)>>>(planeSurface, layerSurface);
    DeviceArray<float> out(32, 0.0f);
    readBack<<<1, 8>>>(planeSurface, texture, out.device);
    const int status = printLaunchVerdict();

    const std::vector<float> values = out.read();
    printValues("row 1", std::vector<float>(values.begin(), values.begin() + 8));
    printValues("clamped (5..12, 6)", std::vector<float>(values.begin() + 8, values.begin() + 16));
    printValues("zero (-4..3, 2)", std::vector<float>(values.begin() + 16, values.begin() + 24));
    printValues("texture row 3", std::vector<float>(values.begin() + 24, values.end()));
    float rows[4 * 8];
    cudaMemcpy2DFromArray(rows, 8 * sizeof(float), plane, 0, 0, 8 * sizeof(float), 4, cudaMemcpyDeviceToHost);
    printValues("array row 0", std::vector<float>(rows, rows + 8));
    unsigned char layerBytes[2 * 4 * 8 * 2];
    cudaMemcpy3DParms copy;
    std::memset(&copy, 0, sizeof copy);
    copy.srcArray = layers;
    copy.srcPos = make_cudaPos(0, 0, 1);
    copy.dstPtr = make_cudaPitchedPtr(layerBytes, 8 * 2, 8, 4);
    copy.extent = make_cudaExtent(8, 4, 1);
    copy.kind = cudaMemcpyDeviceToHost;
    std::printf("cudaMemcpy3D of layer 1: %s\n", cudaGetErrorName(cudaMemcpy3D(&copy)));
    std::vector<int> texel;
    for (int i = 0; i < 8; ++i) {
        texel.push_back(layerBytes[(3 * 8 + i) * 2] * 100 + layerBytes[(3 * 8 + i) * 2 + 1]);
    }
    printValues("layer 1, row 3 (x * 100 + y)", texel);

    cudaDestroyTextureObject(texture);
    cudaDestroySurfaceObject(planeSurface);
    cudaDestroySurfaceObject(layerSurface);
    cudaFreeArray(plane);
    cudaFreeArray(layers);
    return status;
}
