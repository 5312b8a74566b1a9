// textures.cpp: the texture fetches and surface reads and writes a kernel
// makes (warp_emulator/device/textures.hpp). Each finds its object, works
// out which texels it touches (texture_sampling.hpp), and checks each texel
// as an access to the memory under it:
//   memcheck: a texel of linear or pitched memory must lie in a live
//     allocation (a texture's size is the program's word, and may run past
//     its allocation); so must an array's, which cudaFreeArray may have freed;
//   initcheck: a texel nothing has written is an uninitialised read;
//   racecheck: fetches and surface reads are outside the memory model (the
//     PTX ISA: it "does not apply to texture (including ld.global.nc) and
//     surface accesses"), and the Programming Guide says a texture fetch or
//     surface read of an address "written to via a global write or a surface
//     write in the same kernel call returns undefined data", by this thread
//     or another: so any write in the launch to what a fetch reads is a race
//     with it, whatever orders the two (racecheck.cpp).
// What a fetch does with a coordinate outside the texture is its address
// mode, never a finding. A fetch through an object that is no texture object
// (destroyed, never made, a surface object), or of the wrong geometry, is an
// invalid access, and stops the kernel as one.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "checks/initcheck.hpp"
#include "checks/memcheck.hpp"
#include "checks/racecheck.hpp"
#include "device/texture_sampling.hpp"
#include "memory/texture_objects.hpp"
#include "reporting/source_lines.hpp"
#include "reporting/text.hpp"
#include "scheduling/scheduler.hpp"

namespace warp_emulator {

namespace {

Scheduler& inKernel(const char* what) {
    Scheduler& scheduler = Scheduler::instance();
    if (!scheduler.inKernel()) {
        std::fprintf(stderr, "warp emulator: %s called outside a kernel\n", what);
        std::abort();
    }
    return scheduler;
}

const char* callName(TextureCall call) {
    switch (call) {
        case TextureCall::Fetch1D: return "tex1Dfetch";
        case TextureCall::Fetch1DArray: return "tex1D";
        case TextureCall::Fetch2D: return "tex2D";
        case TextureCall::Fetch3D: return "tex3D";
        case TextureCall::Fetch1DLayered: return "tex1DLayered";
        case TextureCall::Fetch2DLayered: return "tex2DLayered";
        case TextureCall::FetchCubemap: return "texCubemap";
        case TextureCall::FetchCubemapLayered: return "texCubemapLayered";
    }
    return "a texture fetch";
}

const char* callName(SurfaceCall call, bool isWrite) {
    switch (call) {
        case SurfaceCall::Surface1D: return isWrite ? "surf1Dwrite" : "surf1Dread";
        case SurfaceCall::Surface2D: return isWrite ? "surf2Dwrite" : "surf2Dread";
        case SurfaceCall::Surface3D: return isWrite ? "surf3Dwrite" : "surf3Dread";
        case SurfaceCall::Surface1DLayered: return isWrite ? "surf1DLayeredwrite" : "surf1DLayeredread";
        case SurfaceCall::Surface2DLayered: return isWrite ? "surf2DLayeredwrite" : "surf2DLayeredread";
        case SurfaceCall::SurfaceCubemap: return isWrite ? "surfCubemapwrite" : "surfCubemapread";
        case SurfaceCall::SurfaceCubemapLayered: return isWrite ? "surfCubemapLayeredwrite" : "surfCubemapLayeredread";
    }
    return "a surface access";
}

// The fetch each array shape takes, and the surface call.
TextureCall fetchOf(ArrayShape shape) {
    switch (shape) {
        case ArrayShape::OneD: return TextureCall::Fetch1DArray;
        case ArrayShape::TwoD: return TextureCall::Fetch2D;
        case ArrayShape::ThreeD: return TextureCall::Fetch3D;
        case ArrayShape::OneDLayered: return TextureCall::Fetch1DLayered;
        case ArrayShape::TwoDLayered: return TextureCall::Fetch2DLayered;
        case ArrayShape::Cubemap: return TextureCall::FetchCubemap;
        case ArrayShape::CubemapLayered: return TextureCall::FetchCubemapLayered;
    }
    return TextureCall::Fetch2D;
}

SurfaceCall surfaceCallOf(ArrayShape shape) {
    switch (shape) {
        case ArrayShape::OneD: return SurfaceCall::Surface1D;
        case ArrayShape::TwoD: return SurfaceCall::Surface2D;
        case ArrayShape::ThreeD: return SurfaceCall::Surface3D;
        case ArrayShape::OneDLayered: return SurfaceCall::Surface1DLayered;
        case ArrayShape::TwoDLayered: return SurfaceCall::Surface2DLayered;
        case ArrayShape::Cubemap: return SurfaceCall::SurfaceCubemap;
        case ArrayShape::CubemapLayered: return SurfaceCall::SurfaceCubemapLayered;
    }
    return SurfaceCall::Surface2D;
}

// "the 64x64 CUDA array of float from cudaMallocArray at x.cu:12", "linear memory at 0x..."
std::string resourceText(const ObjectResource& resource) {
    if (resource.array != nullptr) {
        return "the " + resource.array->shapeText() + " from " + resource.array->origin;
    }
    return resource.type == cudaResourceTypeLinear ? "linear memory (cudaResourceTypeLinear)"
                                                   : "pitched memory (cudaResourceTypePitch2D)";
}

// A call, for the messages that name it ("texture fetch (tex2D) at x.cu:12"),
// made into text only when one is said: fetches are many.
struct Call {
    const char* name;
    const char* file;
    int line;
    bool surface = false;
    bool isWrite = false;
    unsigned int bytes = 0;

    std::string text() const {
        if (!surface) {
            return std::string("texture fetch (") + name + ") at " + siteText(file, line);
        }
        return std::string(isWrite ? "surface write (" : "surface read (") + name + ") of " + std::to_string(bytes) +
               " bytes at " + siteText(file, line);
    }
};

[[noreturn]] void stop(const std::string& what, cudaError_t error) {
    Scheduler& scheduler = Scheduler::instance();
    scheduler.report.invalidAccess(scheduler.describeRunningThread() + ": invalid " + what + ".");
    scheduler.stopKernel(error, std::string("the kernel stopped at that access, as a GPU's does: the runtime API "
                                            "answers ") +
                                    cudaGetErrorName(error) + " from now on (until cudaDeviceReset())");
}

// The object a kernel named; stops the kernel, saying what the handle is,
// when it names no live object of the kind the call needs.
TextureOrSurface& objectNamed(unsigned long long handle, const Call& call) {
    const bool surface = call.surface;
    TextureOrSurface* object = TextureObjects::get().object(handle);
    if (object != nullptr && object->isSurface == surface && object->live) {
        return *object;  // the common case
    }
    const char* kind = surface ? "surface object" : "texture object";
    const std::string what = call.text();
    const std::string named = what + ", through " + kind + " " + std::to_string(handle);
    if (object == nullptr) {
        const unsigned long long made = TextureObjects::get().count();
        stop(named + ", which no " + (surface ? "cudaCreateSurfaceObject" : "cudaCreateTextureObject") +
                 " made (the program has made " + std::to_string(made) +
                 " texture and surface objects, numbered from 1): pass the handle that call returned",
             cudaErrorIllegalAddress);
    }
    if (object->isSurface != surface) {
        stop(what + ", through " + (surface ? "texture object " : "surface object ") + std::to_string(handle) +
                 " (" + object->createdBy + "), which is not a " + kind + ": " +
                 (surface ? "surfaces read and write through cudaCreateSurfaceObject's handles"
                          : "textures fetch through cudaCreateTextureObject's handles"),
             cudaErrorIllegalAddress);
    }
    stop(named + " (" + object->createdBy + "), which " + object->destroyedBy +
             " destroyed: destroy an object only after the last kernel that uses it has finished",
         cudaErrorIllegalAddress);
}

// siteOfLine, for the few lines a kernel fetches at, again and again.
std::uint64_t siteOf(const char* file, int line) {
    struct Cached {
        const char* file = nullptr;
        int line = 0;
        std::uint64_t site = 0;
    };
    static Cached cache[8];
    Cached& entry = cache[(reinterpret_cast<std::uintptr_t>(file) ^ static_cast<std::uintptr_t>(line)) % 8];
    if (entry.file != file || entry.line != line) {
        entry = {file, line, siteOfLine(file, line)};
    }
    return entry.site;
}

size_t clampIndex(long long index, size_t count) {
    return index < 0 ? 0 : static_cast<size_t>(index) >= count ? count - 1 : static_cast<size_t>(index);
}

// The texels of one call: reads them through the checks.
class TexelReads {
public:
    TexelReads(const TextureOrSurface& object, AccessKind kind, std::uint64_t site, const Call& call)
        : object_(object), call_(call) {
        access_.isWrite = false;
        access_.kind = kind;
        access_.scope = Scope::Device;
        access_.site = site;
        const cudaArray* array = object.resource.array;
        // An array no surface was made over is written by copies alone: no
        // access of a kernel can race with a fetch of it.
        raceChecked_ = array == nullptr || array->surfaceMade;
        if (array != nullptr) {
            // An array's texels are all in its allocation: one look for all of them.
            arrayTexels_ = DeviceMemory::instance().holding(array->texels);
            if (arrayTexels_ != nullptr && !arrayTexels_->live) {
                arrayTexels_ = nullptr;  // freed: memcheck says so at the first texel
            }
            allDefined_ = arrayTexels_ != nullptr && array->allDefined;
        }
    }

    char* addressOf(size_t x, size_t y, size_t z) const {
        const ObjectResource& resource = object_.resource;
        return resource.base + z * resource.slicePitch + y * resource.rowPitch + x * resource.format.bytes();
    }

    // The `bytes` at texel (x, y, z), once the checks have read them.
    const unsigned char* read(size_t x, size_t y, size_t z, size_t bytesAt, size_t bytes) {
        char* address = addressOf(x, y, z) + bytesAt;
        access_.address = address;
        access_.bytes = bytes;
        if (arrayTexels_ != nullptr && !raceChecked_ && (allDefined_ || reportedUndefined_)) {
            return reinterpret_cast<const unsigned char*>(address);  // nothing to check: the common case
        }
        // Stops the kernel if the texel is in no live memory.
        const Place place = arrayTexels_ != nullptr ? arrayPlace(address, bytes) : MemCheck::locate(access_);
        if (place.defined != nullptr && !reportedUndefined_ && !allDefined_) {
            for (size_t i = 0; i < bytes; ++i) {
                if (place.defined[i] != kDefined) {
                    reportUndefined(place, x, y, z);
                    break;
                }
            }
        }
        if (raceChecked_ && place.granules != nullptr) {
            RaceCheck::get().access(place, access_, false, false);
        }
        return reinterpret_cast<const unsigned char*>(address);
    }

private:
    const TextureOrSurface& object_;
    const Call& call_;
    AccessRequest access_{};
    bool raceChecked_ = true;
    bool reportedUndefined_ = false;
    Allocation* arrayTexels_ = nullptr;  // a live array's allocation
    bool allDefined_ = false;            // and every texel of it defined

    // Where a texel of a live array lies, as memcheck would say (memcheck.cpp).
    Place arrayPlace(char* address, size_t bytes) const {
        Place place;
        place.space = Space::Global;
        place.address = address;
        place.bytes = bytes;
        place.allocation = arrayTexels_;
        const size_t offset = static_cast<size_t>(address - arrayTexels_->start);
        place.defined = arrayTexels_->definedAt(offset);
        if (raceChecked_) {
            arrayTexels_->touchedThisLaunch = true;
            place.granules = arrayTexels_->granules + offset / kGranuleBytes;
            place.granuleAddress =
                reinterpret_cast<std::uintptr_t>(arrayTexels_->start) + offset / kGranuleBytes * kGranuleBytes;
        }
        return place;
    }

    void reportUndefined(const Place& place, size_t x, size_t y, size_t z) {
        reportedUndefined_ = true;
        Scheduler& scheduler = Scheduler::instance();
        const cudaArray* array = object_.resource.array;
        const std::string texel = array != nullptr ? array->texelText(x, y, z) + " of " + place.objectName()
                                                   : place.describe();
        const std::string since = array != nullptr
                                      ? "which nothing has written since the array was made (no copy into it, no "
                                        "surface write)"
                                      : "which nothing has written since it was allocated (no cudaMemcpy, "
                                        "cudaMemset or kernel wrote it)";
        scheduler.report.uninitialisedRead(lineOf(access_.site) + "|" + place.objectName(),
                                           scheduler.describeRunningThread() + ": " + call_.text() + " read " + texel +
                                               ", " + since);
    }
};

}  // namespace

Texel textureFetch(const TextureFetch& request) {
    const RuntimeCode runtime;
    inKernel(callName(request.call));
    InitCheck::settle();  // a fetch is no half of a copy
    const Call call{callName(request.call), request.file, request.line};
    TextureOrSurface& texture = objectNamed(request.object, call);
    const ObjectResource& resource = texture.resource;
    const cudaTextureDesc& sampling = texture.textureDesc;

    const TextureCall fits = resource.array != nullptr                   ? fetchOf(resource.array->shape)
                             : resource.type == cudaResourceTypeLinear  ? TextureCall::Fetch1D
                                                                         : TextureCall::Fetch2D;
    if (request.call != fits) {
        stop(call.text() + ", through texture object " + std::to_string(request.object) + ", which reads " +
                 resourceText(resource) + ": " + callName(request.call) + " cannot fetch it, " + callName(fits) +
                 " does",
             cudaErrorIllegalAddress);
    }

    TexelReads reads(texture, AccessKind::TextureFetch, siteOf(request.file, request.line), call);
    const size_t texelBytes = resource.format.bytes();
    TexelValue values[8];
    TexelFootprint footprint;
    if (request.call == TextureCall::Fetch1D) {
        // Linear memory: no filtering and no address mode; a GPU returns zeros
        // outside the texture's elements.
        if (request.index < 0 || static_cast<size_t>(request.index) >= resource.width) {
            return Texel{};
        }
        footprint.count = 1;
        footprint.taps[0] = TexelTap{static_cast<size_t>(request.index), 0, 0, false, 1};
    } else {
        SampleAt at;
        at.size[0] = resource.width;
        at.size[1] = resource.height;
        at.coordinate[0] = request.x;
        at.coordinate[1] = request.y;
        switch (request.call) {
            case TextureCall::Fetch1DArray: at.axes = 1; break;
            case TextureCall::Fetch2D: at.axes = 2; break;
            case TextureCall::Fetch3D:
                at.axes = 3;
                at.size[2] = resource.depth;
                at.coordinate[2] = request.z;
                break;
            case TextureCall::Fetch1DLayered:
                at.axes = 1;
                at.slice = clampIndex(request.index, resource.depth);
                break;
            case TextureCall::Fetch2DLayered:
                at.axes = 2;
                at.slice = clampIndex(request.index, resource.depth);
                break;
            case TextureCall::FetchCubemap:
            case TextureCall::FetchCubemapLayered: {
                const CubemapPoint point = cubemapPoint(request.x, request.y, request.z);
                at.axes = 2;
                at.cubemapFace = true;
                at.coordinate[0] = point.u;
                at.coordinate[1] = point.v;
                const size_t cubemap =
                    request.call == TextureCall::FetchCubemap ? 0 : clampIndex(request.index, resource.depth / 6);
                at.slice = cubemap * 6 + static_cast<size_t>(point.face);
                break;
            }
            case TextureCall::Fetch1D: break;
        }
        footprintOf(sampling, at, footprint);
    }
    for (int k = 0; k < footprint.count; ++k) {
        const TexelTap& tap = footprint.taps[k];
        if (tap.border) {
            borderTexel(resource.format, sampling, values[k]);
            continue;
        }
        decodeTexel(reads.read(tap.x, tap.y, tap.z, 0, texelBytes), resource.format, sampling, values[k]);
    }
    return combine(footprint, values, resource.format, sampling.readMode);
}

SurfaceBytes surfaceAccess(const SurfaceAccess& request) {
    const RuntimeCode runtime;
    const char* name = callName(request.call, request.isWrite);
    inKernel(name);
    InitCheck::settle();
    const Call call{name, request.file, request.line, true, request.isWrite, request.bytes};
    TextureOrSurface& surface = objectNamed(request.object, call);
    const ObjectResource& resource = surface.resource;
    const cudaArray& array = *resource.array;
    const SurfaceCall fits = surfaceCallOf(array.shape);
    if (request.call != fits) {
        stop(call.text() + ", through surface object " + std::to_string(request.object) + ", which reads and writes " +
                 resourceText(resource) + ": " + name + " cannot reach it, " + callName(fits, request.isWrite) +
                 " does",
             cudaErrorIllegalAddress);
    }
    const bool hasY = request.call != SurfaceCall::Surface1D && request.call != SurfaceCall::Surface1DLayered;
    const bool hasSlice = request.call != SurfaceCall::Surface1D && request.call != SurfaceCall::Surface2D;
    long long x = request.x;
    long long y = hasY ? request.y : 0;
    long long slice = hasSlice ? request.z : 0;
    const long long rowBytes = static_cast<long long>(array.rowBytes());
    const long long bytes = request.bytes;

    SurfaceBytes answer{};
    if (x % bytes != 0) {
        // The PTX ISA: a surface access whose address is not aligned to its
        // size is undefined (a GPU may drop the low bits, or fault).
        stop(call.text() + ", at x = " + std::to_string(x) + ", a byte offset that is not a multiple of its " +
                 std::to_string(bytes) + " bytes: a surface's x counts bytes, so element i is at x = i * sizeof(T)",
             cudaErrorMisalignedAddress);
    }
    const bool outside = x < 0 || x + bytes > rowBytes || y < 0 || y >= static_cast<long long>(array.height) ||
                         slice < 0 || slice >= static_cast<long long>(array.depth);
    const bool traps = request.boundary != cudaBoundaryModeZero && request.boundary != cudaBoundaryModeClamp;
    if (outside && traps) {
        std::string at = "x = " + std::to_string(x) + " bytes";
        at += hasY ? ", y = " + std::to_string(y) : "";
        at += hasSlice ? ", " + std::string(request.call == SurfaceCall::Surface3D ? "z" : "layer") + " = " +
                             std::to_string(slice)
                       : "";
        stop(call.text() + ", at " + at + ", outside " + resourceText(resource) + " (rows of " +
                 std::to_string(rowBytes) + " bytes): with cudaBoundaryModeTrap a GPU stops the kernel there; keep "
                 "x + sizeof(T) within width * sizeof(texel), or pass cudaBoundaryModeClamp or cudaBoundaryModeZero",
             cudaErrorLaunchFailure);
    }
    if (outside) {
        if (request.boundary == cudaBoundaryModeZero) {
            return answer;  // reads zeros, writes nothing
        }
        x = x < 0 ? 0 : x + bytes > rowBytes ? (rowBytes - bytes) / bytes * bytes : x;
        y = static_cast<long long>(clampIndex(y, array.height));
        slice = static_cast<long long>(clampIndex(slice, array.depth));
    }
    const size_t texelBytes = array.format.bytes();
    const auto column = static_cast<size_t>(x) / texelBytes;
    const auto within = static_cast<size_t>(x) % texelBytes;
    const std::uint64_t site = siteOf(request.file, request.line);
    if (!request.isWrite) {
        TexelReads reads(surface, AccessKind::SurfaceRead, site, call);
        std::memcpy(answer.data,
                    reads.read(column, static_cast<size_t>(y), static_cast<size_t>(slice), within, request.bytes),
                    request.bytes);
        return answer;
    }
    char* address = resource.base + static_cast<size_t>(slice) * resource.slicePitch +
                    static_cast<size_t>(y) * resource.rowPitch + static_cast<size_t>(x);
    AccessRequest access{};
    access.address = address;
    access.bytes = request.bytes;
    access.isWrite = true;
    access.kind = AccessKind::SurfaceWrite;
    access.scope = Scope::Device;
    access.site = site;
    const Place place = MemCheck::locate(access);  // stops the kernel if the array was freed
    std::memcpy(address, request.data, request.bytes);
    if (place.defined != nullptr) {
        std::memset(place.defined, kDefined, request.bytes);
    }
    if (place.granules != nullptr) {
        RaceCheck::get().access(place, access, true, false);
    }
    return answer;
}

}  // namespace warp_emulator
