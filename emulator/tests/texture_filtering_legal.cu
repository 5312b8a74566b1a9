// texture_filtering_legal.cu: what texture fetches return, as a table of
// float bits (hex) to compare with an H200's bit for bit: point and linear
// filtering, each address mode, normalized and unnormalized coordinates,
// 8- and 16-bit integers read as normalized floats, half floats, a border
// colour, the channels a format lacks, sRGB (decoded with sRGB's transfer
// function before filtering), tex1Dfetch in and out of range, 2D,
// pitched, layered, 3D and cubemap textures. Every fetch reads memory a copy
// wrote before the launch: legal, and no check may say otherwise.
// The Programming Guide's "Texture Fetching" appendix: point sampling
// returns T[floor(x)]; linear filtering returns (1 - a) T[i] + a T[i + 1],
// i = floor(x - 0.5), a = frac(x - 0.5) held "in 9-bit fixed point format
// with 8 bits of fractional value"; normalized coordinates are scaled by the
// size; cudaTextureDesc's documentation: without normalized coordinates,
// wrap and mirror are clamp; an 8-bit unsigned integer read as normalized
// float is v / 255. compute-sanitizer should report nothing.
// Where the documents say less, the emulator chooses (an H200's bits will
// say whether it chose as the hardware does): the texel coordinate is held
// to 1/256 of a texel, rounded to nearest (ties to even), for point
// sampling too; the weighted sum is exact, rounded to float once; tex1Dfetch
// outside the elements returns zeros; channels the format lacks read 0, 0,
// 1; an integer texture's border colour is its float's bits; a cubemap
// fetch clamps on its face; between cubemap axes of equal size, x wins, then y.
// On an H200 (evidence/case-answers-h200.txt): alone exit 0; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

#include <cstdint>
#include <cstring>

constexpr int kCount = 12;

__global__ void fetch1D(cudaTextureObject_t texture, const float* x, unsigned int* out) {
    const int i = threadIdx.x;
    const float value = tex1D<float>(texture, x[i]);
    out[i] = __float_as_uint(value);
}

__global__ void fetch2D(cudaTextureObject_t texture, const float* x, const float* y, unsigned int* out) {
    const int i = threadIdx.x;
    const float4 value = tex2D<float4>(texture, x[i], y[i]);
    const float channels[4] = {value.x, value.y, value.z, value.w};
    for (int c = 0; c < 4; ++c) {
        out[4 * i + c] = __float_as_uint(channels[c]);
    }
}

__global__ void fetchElements(cudaTextureObject_t texture, const float* x, const float* y, unsigned int* out) {
    const int i = threadIdx.x;
    const uint4 value = tex2D<uint4>(texture, x[i], y[i]);
    out[4 * i] = value.x;
    out[4 * i + 1] = value.y;
    out[4 * i + 2] = value.z;
    out[4 * i + 3] = value.w;
}

__global__ void fetchLinear(cudaTextureObject_t texture, unsigned int* out) {
    const int i = threadIdx.x;
    const float value = tex1Dfetch<float>(texture, i - 2);
    out[i] = __float_as_uint(value);
}

__global__ void fetchLayered(cudaTextureObject_t texture, const float* x, unsigned int* out) {
    const int i = threadIdx.x;
    const float value = tex2DLayered<float>(texture, x[i], 0.5f, i / 2 - 1);
    out[i] = __float_as_uint(value);
}

__global__ void fetch3D(cudaTextureObject_t texture, const float* x, unsigned int* out) {
    const int i = threadIdx.x;
    const float value = tex3D<float>(texture, x[i], x[(i + 5) % kCount], x[(i + 7) % kCount]);
    out[i] = __float_as_uint(value);
}

__global__ void fetchCubemap(cudaTextureObject_t texture, const float* direction, unsigned int* out) {
    const int i = threadIdx.x;
    const float value = texCubemap<float>(texture, direction[3 * i], direction[3 * i + 1], direction[3 * i + 2]);
    out[i] = __float_as_uint(value);
}

template <typename T>
T* deviceCopy(const T* host, int count) {
    T* device = nullptr;
    cudaMalloc(&device, count * sizeof(T));
    cudaMemcpy(device, host, count * sizeof(T), cudaMemcpyHostToDevice);
    return device;
}

std::vector<unsigned int> hostCopy(const unsigned int* device, int count) {
    std::vector<unsigned int> host(count);
    cudaMemcpy(host.data(), device, count * sizeof(unsigned int), cudaMemcpyDeviceToHost);
    return host;
}

cudaTextureObject_t textureOver(cudaArray_t array, cudaTextureFilterMode filter, cudaTextureAddressMode mode,
                                bool normalized, cudaTextureReadMode read = cudaReadModeElementType, bool srgb = false) {
    cudaResourceDesc resource;
    std::memset(&resource, 0, sizeof resource);
    resource.resType = cudaResourceTypeArray;
    resource.res.array.array = array;
    cudaTextureDesc sampling;
    std::memset(&sampling, 0, sizeof sampling);
    sampling.filterMode = filter;
    sampling.addressMode[0] = sampling.addressMode[1] = sampling.addressMode[2] = mode;
    sampling.normalizedCoords = normalized;
    sampling.readMode = read;
    sampling.sRGB = srgb;
    sampling.borderColor[0] = 0.25f;
    sampling.borderColor[1] = 0.5f;
    sampling.borderColor[2] = 0.75f;
    sampling.borderColor[3] = 1.0f;
    cudaTextureObject_t texture = 0;
    cudaCreateTextureObject(&texture, &resource, &sampling, nullptr);
    return texture;
}

const char* modeName(cudaTextureAddressMode mode) {
    switch (mode) {
        case cudaAddressModeWrap: return "wrap";
        case cudaAddressModeClamp: return "clamp";
        case cudaAddressModeMirror: return "mirror";
        default: return "border";
    }
}

int main() {
    // A 1D array of four floats with many mantissa bits.
    const float texels1D[4] = {0.1f, 1.7f, -3.3f, 10.0f};
    cudaChannelFormatDesc floatDesc = cudaCreateChannelDesc<float>();
    cudaArray_t line = nullptr;
    cudaMallocArray(&line, &floatDesc, 4, 0);
    cudaMemcpy2DToArray(line, 0, 0, texels1D, sizeof texels1D, sizeof texels1D, 1, cudaMemcpyHostToDevice);

    // Normalized coordinates: outside [0, 1), at texel edges and centres, on
    // and between the 1/256 steps of the weights (0.125 + 1/2048 is half a step).
    const float normalizedX[kCount] = {-0.3f, -0.125f, 0.0f, 0.1f, 0.124f, 0.125f + 1.0f / 2048,
                                       0.3f,  0.5f,    0.55f, 0.99f, 1.0f,  1.3f};
    // Unnormalized: texel coordinates.
    const float texelX[kCount] = {-1.0f, 0.0f, 0.5f, 0.6f, 1.0f + 1.0f / 512, 1.0f + 3.0f / 512,
                                  1.49f, 2.0f, 3.5f, 3.9f, 4.0f,              5.2f};
    float* normalizedDevice = deviceCopy(normalizedX, kCount);
    float* texelDevice = deviceCopy(texelX, kCount);
    unsigned int* out = nullptr;
    cudaMalloc(&out, 4 * kCount * sizeof(unsigned int));

    const cudaTextureAddressMode modes[4] = {cudaAddressModeWrap, cudaAddressModeClamp, cudaAddressModeMirror,
                                             cudaAddressModeBorder};
    for (int filter = 0; filter < 2; ++filter) {
        for (int normalized = 1; normalized >= 0; --normalized) {
            for (cudaTextureAddressMode mode : modes) {
                const cudaTextureObject_t texture =
                    textureOver(line, filter ? cudaFilterModeLinear : cudaFilterModePoint, mode, normalized != 0);
                fetch1D<<<1, kCount>>>(texture, normalized ? normalizedDevice : texelDevice, out);
                char name[96];
                std::snprintf(name, sizeof name, "tex1D %s %s %s", filter ? "linear" : "point", modeName(mode),
                              normalized ? "normalized" : "unnormalized");
                printValues(name, hostCopy(out, kCount));
                cudaDestroyTextureObject(texture);
            }
        }
    }

    // A 3x2 array of float4 (the border colour shows in every channel), and
    // one of uchar4 read as normalized floats and as integers.
    float texels2D[3 * 2 * 4];
    unsigned char bytes2D[3 * 2 * 4];
    for (int i = 0; i < 3 * 2 * 4; ++i) {
        texels2D[i] = 0.37f * static_cast<float>(i * i % 11) - 1.1f;
        bytes2D[i] = static_cast<unsigned char>(i * 37 % 256);
    }
    const float x2D[kCount] = {0.0f, 0.5f, 0.7f, 1.25f, 1.5f, 2.3f, 2.5f, 3.0f, -0.4f, 1.1f, 0.9f, 2.75f};
    const float y2D[kCount] = {0.0f, 0.5f, 0.5f, 0.9f, 1.3f, 1.5f, 2.0f, 0.6f, 1.2f, -0.2f, 1.74f, 1.01f};
    float* x2DDevice = deviceCopy(x2D, kCount);
    float* y2DDevice = deviceCopy(y2D, kCount);
    cudaChannelFormatDesc float4Desc = cudaCreateChannelDesc<float4>();
    cudaArray_t plane = nullptr;
    cudaMallocArray(&plane, &float4Desc, 3, 2);
    cudaMemcpy2DToArray(plane, 0, 0, texels2D, 3 * sizeof(float4), 3 * sizeof(float4), 2, cudaMemcpyHostToDevice);
    for (cudaTextureAddressMode mode : {cudaAddressModeClamp, cudaAddressModeBorder}) {
        const cudaTextureObject_t texture = textureOver(plane, cudaFilterModeLinear, mode, false);
        fetch2D<<<1, kCount>>>(texture, x2DDevice, y2DDevice, out);
        printValues(mode == cudaAddressModeClamp ? "tex2D float4 linear clamp" : "tex2D float4 linear border",
                    hostCopy(out, 4 * kCount));
        cudaDestroyTextureObject(texture);
    }
    cudaChannelFormatDesc uchar4Desc = cudaCreateChannelDesc<uchar4>();
    cudaArray_t bytes = nullptr;
    cudaMallocArray(&bytes, &uchar4Desc, 3, 2);
    cudaMemcpy2DToArray(bytes, 0, 0, bytes2D, 3 * 4, 3 * 4, 2, cudaMemcpyHostToDevice);
    {
        const cudaTextureObject_t texture =
            textureOver(bytes, cudaFilterModeLinear, cudaAddressModeClamp, false, cudaReadModeNormalizedFloat);
        fetch2D<<<1, kCount>>>(texture, x2DDevice, y2DDevice, out);
        printValues("tex2D uchar4 normalized-float linear clamp", hostCopy(out, 4 * kCount));
        cudaDestroyTextureObject(texture);
        const cudaTextureObject_t srgb = textureOver(bytes, cudaFilterModeLinear, cudaAddressModeClamp, false,
                                                     cudaReadModeNormalizedFloat, true);
        fetch2D<<<1, kCount>>>(srgb, x2DDevice, y2DDevice, out);
        printValues("tex2D uchar4 sRGB normalized-float linear clamp", hostCopy(out, 4 * kCount));
        cudaDestroyTextureObject(srgb);
        const cudaTextureObject_t elements = textureOver(bytes, cudaFilterModePoint, cudaAddressModeBorder, false);
        fetchElements<<<1, kCount>>>(elements, x2DDevice, y2DDevice, out);
        printValues("tex2D uchar4 element-type point border", hostCopy(out, 4 * kCount));
        cudaDestroyTextureObject(elements);
    }

    // Signed 8-bit and unsigned 16-bit integers, and half floats, in one channel:
    // the channels a format lacks read 0, 0, 1.
    {
        const signed char signedBytes[6] = {-128, -127, -1, 0, 1, 127};
        const unsigned short shorts[6] = {0, 1, 257, 32768, 65534, 65535};
        const unsigned short halves[6] = {0x3c00, 0xc000, 0x3555, 0x0001, 0x7bff, 0x8400};  // 1, -2, 1/3, tiny, max, -2^-14
        cudaChannelFormatDesc descs[3] = {cudaCreateChannelDesc<signed char>(), cudaCreateChannelDesc<unsigned short>(),
                                          cudaCreateChannelDescHalf()};
        const void* data[3] = {signedBytes, shorts, halves};
        const size_t sizes[3] = {1, 2, 2};
        const char* names[3] = {"tex2D signed char normalized-float", "tex2D unsigned short normalized-float",
                                "tex2D half"};
        for (int kind = 0; kind < 3; ++kind) {
            cudaArray_t small = nullptr;
            cudaMallocArray(&small, &descs[kind], 3, 2);
            cudaMemcpy2DToArray(small, 0, 0, data[kind], 3 * sizes[kind], 3 * sizes[kind], 2, cudaMemcpyHostToDevice);
            for (int filter = 0; filter < 2; ++filter) {
                const cudaTextureObject_t texture =
                    textureOver(small, filter ? cudaFilterModeLinear : cudaFilterModePoint, cudaAddressModeClamp, false,
                                kind < 2 ? cudaReadModeNormalizedFloat : cudaReadModeElementType);
                fetch2D<<<1, kCount>>>(texture, x2DDevice, y2DDevice, out);
                char name[96];
                std::snprintf(name, sizeof name, "%s %s clamp", names[kind], filter ? "linear" : "point");
                printValues(name, hostCopy(out, 4 * kCount));
                cudaDestroyTextureObject(texture);
            }
            cudaFreeArray(small);
        }
    }

    // tex1Dfetch over linear memory, from element -2 on: outside, zeros.
    {
        const float linearTexels[8] = {1.5f, -2.25f, 3.125f, 0.1f, 7.0f, -0.5f, 1e-3f, 42.0f};
        float* linearDevice = deviceCopy(linearTexels, 8);
        cudaResourceDesc resource;
        std::memset(&resource, 0, sizeof resource);
        resource.resType = cudaResourceTypeLinear;
        resource.res.linear.devPtr = linearDevice;
        resource.res.linear.desc = floatDesc;
        resource.res.linear.sizeInBytes = sizeof linearTexels;
        cudaTextureDesc sampling;
        std::memset(&sampling, 0, sizeof sampling);
        cudaTextureObject_t texture = 0;
        cudaCreateTextureObject(&texture, &resource, &sampling, nullptr);
        fetchLinear<<<1, kCount>>>(texture, out);
        printValues("tex1Dfetch linear memory, elements -2 to 9", hostCopy(out, kCount));
        cudaDestroyTextureObject(texture);

        // The same floats as 4x2 pitched memory, filtered and mirrored.
        float* pitched = nullptr;
        size_t pitch = 0;
        cudaMallocPitch(&pitched, &pitch, 4 * sizeof(float), 2);
        cudaMemcpy2D(pitched, pitch, linearTexels, 4 * sizeof(float), 4 * sizeof(float), 2, cudaMemcpyHostToDevice);
        resource.resType = cudaResourceTypePitch2D;
        resource.res.pitch2D.devPtr = pitched;
        resource.res.pitch2D.desc = floatDesc;
        resource.res.pitch2D.width = 4;
        resource.res.pitch2D.height = 2;
        resource.res.pitch2D.pitchInBytes = pitch;
        sampling.filterMode = cudaFilterModeLinear;
        sampling.normalizedCoords = 1;
        sampling.addressMode[0] = sampling.addressMode[1] = cudaAddressModeMirror;
        cudaCreateTextureObject(&texture, &resource, &sampling, nullptr);
        fetch2D<<<1, kCount>>>(texture, normalizedDevice, x2DDevice, out);
        printValues("tex2D pitched float linear mirror normalized", hostCopy(out, 4 * kCount));
        cudaDestroyTextureObject(texture);
        cudaFree(pitched);
        cudaFree(linearDevice);
    }

    // Three layers of 4x1, fetched at layers -1 to 4 (clamped), filtered along x.
    {
        float layers[3 * 4];
        for (int i = 0; i < 12; ++i) {
            layers[i] = 1.0f + 0.3f * static_cast<float>(i);
        }
        cudaArray_t layered = nullptr;
        cudaMalloc3DArray(&layered, &floatDesc, make_cudaExtent(4, 1, 3), cudaArrayLayered);
        cudaMemcpy3DParms copy;
        std::memset(&copy, 0, sizeof copy);
        copy.srcPtr = make_cudaPitchedPtr(layers, 4 * sizeof(float), 4, 1);
        copy.dstArray = layered;
        copy.extent = make_cudaExtent(4, 1, 3);
        copy.kind = cudaMemcpyHostToDevice;
        cudaMemcpy3D(&copy);
        const cudaTextureObject_t texture = textureOver(layered, cudaFilterModeLinear, cudaAddressModeWrap, true);
        fetchLayered<<<1, kCount>>>(texture, normalizedDevice, out);
        printValues("tex2DLayered linear wrap normalized, layers -1 to 4", hostCopy(out, kCount));
        cudaDestroyTextureObject(texture);
        cudaFreeArray(layered);
    }

    // A 2x2x2 volume, trilinear, and a cubemap of 2x2 faces.
    {
        const float volume[8] = {0.0f, 1.0f, 2.0f, 4.0f, 8.0f, 16.0f, 32.0f, 64.5f};
        cudaArray_t cube = nullptr;
        cudaMalloc3DArray(&cube, &floatDesc, make_cudaExtent(2, 2, 2), 0);
        cudaMemcpy3DParms copy;
        std::memset(&copy, 0, sizeof copy);
        copy.srcPtr = make_cudaPitchedPtr(const_cast<float*>(volume), 2 * sizeof(float), 2, 2);
        copy.dstArray = cube;
        copy.extent = make_cudaExtent(2, 2, 2);
        copy.kind = cudaMemcpyHostToDevice;
        cudaMemcpy3D(&copy);
        const cudaTextureObject_t texture = textureOver(cube, cudaFilterModeLinear, cudaAddressModeClamp, false);
        fetch3D<<<1, kCount>>>(texture, x2DDevice, out);
        printValues("tex3D linear clamp", hostCopy(out, kCount));
        cudaDestroyTextureObject(texture);
        cudaFreeArray(cube);

        float faces[6 * 4];
        for (int i = 0; i < 24; ++i) {
            faces[i] = static_cast<float>(i) + 0.5f;
        }
        cudaArray_t cubemap = nullptr;
        cudaMalloc3DArray(&cubemap, &floatDesc, make_cudaExtent(2, 2, 6), cudaArrayCubemap);
        copy.srcPtr = make_cudaPitchedPtr(faces, 2 * sizeof(float), 2, 2);
        copy.dstArray = cubemap;
        copy.extent = make_cudaExtent(2, 2, 6);
        cudaMemcpy3D(&copy);
        const float directions[3 * kCount] = {1, 0.2f, -0.3f, -1, 0.2f, -0.3f, 0.2f, 1, -0.3f, 0.2f, -1, -0.3f,
                                              0.2f, -0.3f, 1, 0.2f, -0.3f, -1, 2, 1.9f, -1.5f, -0.5f, 0.25f, 3,
                                              1, 1, 0.5f, 0.7f, -0.7f, 0.7f, 0, 0, 1, 0.5f, 0.5f, -0.5f};
        float* directionDevice = deviceCopy(directions, 3 * kCount);
        for (int filter = 0; filter < 2; ++filter) {
            const cudaTextureObject_t faceTexture =
                textureOver(cubemap, filter ? cudaFilterModeLinear : cudaFilterModePoint, cudaAddressModeClamp, true);
            fetchCubemap<<<1, kCount>>>(faceTexture, directionDevice, out);
            printValues(filter ? "texCubemap linear" : "texCubemap point", hostCopy(out, kCount));
            cudaDestroyTextureObject(faceTexture);
        }
        cudaFree(directionDevice);
        cudaFreeArray(cubemap);
    }

    const int status = printLaunchVerdict();
    cudaFreeArray(line);
    cudaFreeArray(plane);
    cudaFreeArray(bytes);
    cudaFree(out);
    cudaFree(normalizedDevice);
    cudaFree(texelDevice);
    cudaFree(x2DDevice);
    cudaFree(y2DDevice);
    return status;
}
