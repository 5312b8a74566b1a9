// textures.cpp: texture objects and surface objects (warp_emulator/host/texture_api.hpp).
//
// Making an object resolves what it reads (memory/texture_objects.hpp) and
// refuses what a GPU refuses, with cudaErrorInvalidValue: linear or pitched
// memory not aligned to the H200's textureAlignment (512 bytes), a pitch not
// a multiple of its texturePitchAlignment (32), rows wider than the pitch, a
// freed or unknown array, a surface over an array made without
// cudaArraySurfaceLoadStore. What it does not check is the one thing a GPU
// cannot: that a linear or pitched texture's size lies within its
// allocation. A fetch beyond it is the kernel's invalid access
// (device/textures.cpp).
//
// Not emulated, each said in one message, the call failing with
// cudaErrorNotSupported: mipmapped arrays, resource views, seamless cubemap
// filtering, and linear filtering of a texture that returns integers (which
// the Programming Guide does not allow: "Linear texture filtering may be
// done only for textures that are configured to return floating-point data").
#include <cstdint>
#include <cstdio>
#include <string>

#include "api/api_state.hpp"
#include "device/texture_sampling.hpp"
#include "memory/device_memory.hpp"
#include "memory/texture_objects.hpp"
#include "reporting/text.hpp"
#include "warp_emulator/host/runtime_api.hpp"

namespace warp_emulator {

namespace {

// The H200's (evidence/h200-device-properties.txt).
constexpr std::uintptr_t kTextureAlignment = 512;
constexpr size_t kTexturePitchAlignment = 32;
constexpr size_t kMaxLinear2DWidth = 131072, kMaxLinear2DHeight = 65000, kMaxLinear2DPitch = 2097120;

cudaError_t notEmulated(const std::string& call, const std::string& what, const std::string& advice = "") {
    std::fprintf(stderr, "warp emulator: %s: %s is not emulated%s%s\n", call.c_str(), what.c_str(),
                 advice.empty() ? "" : ": ", advice.c_str());
    return api().answer(cudaErrorNotSupported);
}

bool aligned(const void* pointer) { return reinterpret_cast<std::uintptr_t>(pointer) % kTextureAlignment == 0; }

// What `desc` reads, or the error a GPU answers.
cudaError_t resolve(const cudaResourceDesc& desc, ObjectResource* resource, const std::string& call) {
    resource->type = desc.resType;
    std::string why;
    switch (desc.resType) {
        case cudaResourceTypeArray: {
            cudaArray* array = TextureObjects::get().array(desc.res.array.array);
            if (array == nullptr || !array->live()) {
                return cudaErrorInvalidValue;
            }
            resource->array = array;
            resource->base = array->texels;
            resource->format = array->format;
            resource->width = array->width;
            resource->height = array->height;
            resource->depth = array->depth;
            resource->rowPitch = array->rowBytes();
            resource->slicePitch = array->rowBytes() * array->height;
            return cudaSuccess;
        }
        case cudaResourceTypeLinear: {
            const auto& linear = desc.res.linear;
            if (linear.devPtr == nullptr || !aligned(linear.devPtr) || !texelFormatOf(linear.desc, &resource->format, &why)) {
                return cudaErrorInvalidValue;
            }
            resource->base = static_cast<char*>(linear.devPtr);
            resource->width = linear.sizeInBytes / resource->format.bytes();
            resource->rowPitch = linear.sizeInBytes;
            resource->slicePitch = linear.sizeInBytes;
            return resource->width == 0 ? cudaErrorInvalidValue : cudaSuccess;
        }
        case cudaResourceTypePitch2D: {
            const auto& pitched = desc.res.pitch2D;
            if (pitched.devPtr == nullptr || !aligned(pitched.devPtr) ||
                !texelFormatOf(pitched.desc, &resource->format, &why) || pitched.width == 0 || pitched.height == 0 ||
                pitched.pitchInBytes % kTexturePitchAlignment != 0 ||
                pitched.width * resource->format.bytes() > pitched.pitchInBytes || pitched.width > kMaxLinear2DWidth ||
                pitched.height > kMaxLinear2DHeight || pitched.pitchInBytes > kMaxLinear2DPitch) {
                return cudaErrorInvalidValue;
            }
            resource->base = static_cast<char*>(pitched.devPtr);
            resource->width = pitched.width;
            resource->height = pitched.height;
            resource->rowPitch = pitched.pitchInBytes;
            resource->slicePitch = pitched.pitchInBytes * pitched.height;
            return cudaSuccess;
        }
        case cudaResourceTypeMipmappedArray:
            return notEmulated(call, "a texture or surface object over a mipmapped array");
    }
    return cudaErrorInvalidValue;
}

// "unsigned char texels read as cudaReadModeElementType"
std::string integerReadText(const TexelFormat& format, cudaTextureReadMode readMode) {
    return format.name() + " texels read as " +
           (readMode == cudaReadModeElementType ? "cudaReadModeElementType" : "cudaReadModeNormalizedFloat (32-bit "
                                                                              "integers are never normalized)");
}

cudaError_t destroy(unsigned long long handle, bool surface, const char* how, const char* file, int line) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    TextureOrSurface* object = TextureObjects::get().object(handle);
    if (object == nullptr || object->isSurface != surface || !object->live) {
        return api().answer(cudaErrorInvalidValue);
    }
    object->live = false;
    object->destroyedBy = std::string(how) + " at " + siteText(file, line);
    return cudaSuccess;
}

TextureOrSurface* liveObject(unsigned long long handle, bool surface) {
    TextureOrSurface* object = TextureObjects::get().object(handle);
    return object != nullptr && object->isSurface == surface && object->live ? object : nullptr;
}

}  // namespace

}  // namespace warp_emulator

using warp_emulator::api;

cudaError_t cudaCreateTextureObject(cudaTextureObject_t* texture, const cudaResourceDesc* resource,
                                    const cudaTextureDesc* sampling, const cudaResourceViewDesc* view,
                                    const char* file, int line) {
    using namespace warp_emulator;
    const std::string call = "cudaCreateTextureObject at " + siteText(file, line);
    if (texture == nullptr || resource == nullptr || sampling == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (view != nullptr) {
        return notEmulated(call, "a resource view (cudaResourceViewDesc)");
    }
    TextureOrSurface made;
    if (resource->flags != 0) {
        return api().answer(cudaErrorInvalidValue);
    }
    const cudaError_t resolved = resolve(*resource, &made.resource, call);
    if (resolved != cudaSuccess) {
        return api().answer(resolved);
    }
    const TexelFormat& format = made.resource.format;
    // A linear texture neither filters nor addresses (tex1Dfetch).
    if (resource->resType != cudaResourceTypeLinear && sampling->filterMode == cudaFilterModeLinear &&
        !returnsFloat(format, sampling->readMode)) {
        return notEmulated(call,
                           "linear filtering of a texture that returns integers (" +
                               integerReadText(format, sampling->readMode) + ")",
                           "the Programming Guide allows linear filtering \"only for textures that are configured to "
                           "return floating-point data\"; read it with cudaReadModeNormalizedFloat, or filter with "
                           "cudaFilterModePoint");
    }
    if (sampling->seamlessCubemap != 0 && sampling->filterMode == cudaFilterModeLinear) {
        return notEmulated(call, "seamless cubemap filtering (cudaTextureDesc::seamlessCubemap)");
    }
    made.resourceDesc = *resource;
    made.textureDesc = *sampling;
    made.createdBy = call;
    *texture = TextureObjects::get().add(made);
    return cudaSuccess;
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texture, const char* file, int line) {
    return warp_emulator::destroy(texture, false, "cudaDestroyTextureObject", file, line);
}

cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc* resource, cudaTextureObject_t texture) {
    const warp_emulator::TextureOrSurface* object = warp_emulator::liveObject(texture, false);
    if (resource == nullptr || object == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *resource = object->resourceDesc;
    return api().answer(cudaSuccess);
}

cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc* sampling, cudaTextureObject_t texture) {
    const warp_emulator::TextureOrSurface* object = warp_emulator::liveObject(texture, false);
    if (sampling == nullptr || object == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *sampling = object->textureDesc;
    return api().answer(cudaSuccess);
}

// No object here was made with a view: a GPU answers cudaErrorInvalidValue for one without.
cudaError_t cudaGetTextureObjectResourceViewDesc(cudaResourceViewDesc* view, cudaTextureObject_t texture) {
    (void)view;
    (void)texture;
    return api().answer(cudaErrorInvalidValue);
}

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t* surface, const cudaResourceDesc* resource, const char* file,
                                    int line) {
    using namespace warp_emulator;
    const std::string call = "cudaCreateSurfaceObject at " + siteText(file, line);
    if (surface == nullptr || resource == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (resource->resType != cudaResourceTypeArray || resource->flags != 0) {
        return api().answer(cudaErrorInvalidValue);
    }
    TextureOrSurface made;
    made.isSurface = true;
    const cudaError_t resolved = resolve(*resource, &made.resource, call);
    if (resolved != cudaSuccess) {
        return api().answer(resolved);
    }
    if ((made.resource.array->flags & cudaArraySurfaceLoadStore) == 0) {
        return api().answer(cudaErrorInvalidValue);
    }
    made.resource.array->surfaceMade = true;
    made.resourceDesc = *resource;
    made.createdBy = call;
    *surface = TextureObjects::get().add(made);
    return cudaSuccess;
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surface, const char* file, int line) {
    return warp_emulator::destroy(surface, true, "cudaDestroySurfaceObject", file, line);
}

cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc* resource, cudaSurfaceObject_t surface) {
    const warp_emulator::TextureOrSurface* object = warp_emulator::liveObject(surface, true);
    if (resource == nullptr || object == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *resource = object->resourceDesc;
    return api().answer(cudaSuccess);
}
