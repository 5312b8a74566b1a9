// cuda_arrays.cpp: CUDA arrays, and the copies into them, out of them and
// between them (warp_emulator/host/texture_api.hpp).
//
// An array's texels are a device allocation in row order
// (memory/texture_objects.hpp), so a copy is rows of bytes, and it carries
// definedness as cudaMemcpy does (initcheck.hpp): bytes copied from the host
// are defined, bytes copied from device memory are as defined as they were.
// Where the runtime API of a GPU refuses a call, so does this one: a region
// that runs past the array, or past an allocation of device memory on the
// other side, is cudaErrorInvalidValue and copies nothing. A format the
// emulator cannot fetch (NV12, block compression) and the mipmapped arrays
// are not emulated: the call says so and fails.
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "api/api_state.hpp"
#include "checks/initcheck.hpp"
#include "memory/device_memory.hpp"
#include "memory/texture_objects.hpp"
#include "reporting/text.hpp"
#include "warp_emulator/host/runtime_api.hpp"

namespace warp_emulator {

namespace {

cudaError_t notEmulated(const std::string& call, const std::string& what) {
    std::fprintf(stderr, "warp emulator: %s: %s is not emulated\n", call.c_str(), what.c_str());
    return api().answer(cudaErrorNotSupported);
}

bool formatNotEmulated(cudaChannelFormatKind kind) {
    return kind == cudaChannelFormatKindNV12 || kind == cudaChannelFormatKindUnsignedNormalized1010102 ||
           (kind >= cudaChannelFormatKindUnsignedBlockCompressed1 && kind <= cudaChannelFormatKindUnsignedBlockCompressed7SRGB);
}

// The largest arrays an H200 makes (evidence/h200-device-properties.txt).
bool withinLimits(ArrayShape shape, size_t width, size_t height, size_t depth) {
    switch (shape) {
        case ArrayShape::OneD: return width <= 131072;
        case ArrayShape::TwoD: return width <= 131072 && height <= 65536;
        case ArrayShape::ThreeD: return width <= 16384 && height <= 16384 && depth <= 16384;
        case ArrayShape::OneDLayered: return width <= 32768 && depth <= 2048;
        case ArrayShape::TwoDLayered: return width <= 32768 && height <= 32768 && depth <= 2048;
        case ArrayShape::Cubemap: return width <= 32768;
        case ArrayShape::CubemapLayered: return width <= 32768 && depth <= 2046 * 6;
    }
    return false;
}

cudaError_t makeArray(cudaArray_t* made, const cudaChannelFormatDesc* desc, cudaExtent extent, unsigned int flags,
                      bool threeD, const char* how, const char* file, int line) {
    const std::string call = std::string(how) + " at " + siteText(file, line);
    if (made == nullptr || desc == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    *made = nullptr;
    if (formatNotEmulated(desc->f)) {
        return notEmulated(call, "a CUDA array of this channel format (NV12, 10-10-10-2, block-compressed)");
    }
    if ((flags & (cudaArraySparse | cudaArrayDeferredMapping | cudaArrayColorAttachment)) != 0) {
        return notEmulated(call, "a sparse, deferred-mapping or colour-attachment CUDA array");
    }
    constexpr unsigned int kKnownFlags = cudaArrayLayered | cudaArraySurfaceLoadStore | cudaArrayCubemap |
                                         cudaArrayTextureGather;
    auto array = std::make_unique<cudaArray>();
    std::string why;
    if ((flags & ~kKnownFlags) != 0 || !texelFormatOf(*desc, &array->format, &why) || extent.width == 0 ||
        (!threeD && (flags & (cudaArrayLayered | cudaArrayCubemap)) != 0)) {
        return api().answer(cudaErrorInvalidValue);
    }
    const bool layered = (flags & cudaArrayLayered) != 0;
    const bool cubemap = (flags & cudaArrayCubemap) != 0;
    size_t width = extent.width, height = extent.height, depth = extent.depth;
    ArrayShape shape;
    if (cubemap) {
        if (width != height || depth == 0 || (layered ? depth % 6 != 0 : depth != 6)) {
            return api().answer(cudaErrorInvalidValue);
        }
        shape = layered ? ArrayShape::CubemapLayered : ArrayShape::Cubemap;
    } else if (layered) {
        if (depth == 0) {
            return api().answer(cudaErrorInvalidValue);
        }
        shape = height == 0 ? ArrayShape::OneDLayered : ArrayShape::TwoDLayered;
    } else if (depth == 0) {
        shape = height == 0 ? ArrayShape::OneD : ArrayShape::TwoD;
    } else {
        if (height == 0) {
            return api().answer(cudaErrorInvalidValue);
        }
        shape = ArrayShape::ThreeD;
    }
    height = height == 0 ? 1 : height;
    depth = depth == 0 ? 1 : depth;
    if (!withinLimits(shape, width, height, depth)) {
        return api().answer(cudaErrorInvalidValue);
    }
    array->desc = *desc;
    array->shape = shape;
    array->extent = extent;
    array->flags = flags;
    array->width = width;
    array->height = height;
    array->depth = depth;
    array->origin = call;
    DeviceMemory& memory = DeviceMemory::instance();
    array->texels = static_cast<char*>(memory.allocate(array->bytes(), MemoryKind::Device, array->format.element(), call));
    if (array->texels == nullptr) {
        return api().answer(cudaErrorMemoryAllocation);
    }
    memory.holding(array->texels)->shape = array->shapeText();
    *made = TextureObjects::get().addArray(std::move(array));
    return cudaSuccess;
}

// The live array a handle names; null for one nothing made, or one freed.
cudaArray* liveArray(const void* handle) {
    cudaArray* array = TextureObjects::get().array(handle);
    return array != nullptr && array->live() ? array : nullptr;
}

// One side of a copy: an array, or memory (device memory, or the host's).
struct Side {
    char* base = nullptr;
    size_t rowPitch = 0;    // bytes from a row to the next
    size_t slicePitch = 0;  // bytes from a slice to the next
    cudaArray* array = nullptr;

    char* at(size_t row, size_t slice) const { return base + slice * slicePitch + row * rowPitch; }
};

Side arraySide(cudaArray* array, size_t x, size_t y, size_t z) {
    Side side;
    side.array = array;
    side.rowPitch = array->rowBytes();
    side.slicePitch = array->rowBytes() * array->height;
    side.base = array->texels + z * side.slicePitch + y * side.rowPitch + x;
    return side;
}

// Device memory must hold every row of a memory side in one live allocation;
// host memory is the program's word. Null: host memory (or a __device__
// variable); sets `bad` when a row leaves its allocation.
Allocation* memoryHolding(const char* row, size_t bytes, bool* bad) {
    if (!inDeviceArena(row)) {
        return nullptr;
    }
    Allocation* allocation = DeviceMemory::instance().liveHolding(row, bytes);
    if (allocation == nullptr) {
        *bad = true;
    }
    return allocation;
}

bool memoryRowsFit(const Side& side, size_t rowBytes, size_t rows, size_t slices) {
    if (side.array != nullptr) {
        return true;
    }
    bool bad = side.base == nullptr;
    for (size_t slice = 0; slice < slices && !bad; ++slice) {
        for (size_t row = 0; row < rows && !bad; ++row) {
            memoryHolding(side.at(row, slice), rowBytes, &bad);
        }
    }
    return !bad;
}

// Row by row: the bytes, and their definedness into device memory.
void copyEachRow(const Side& to, const Side& from, size_t rowBytes, size_t rows, size_t slices) {
    for (size_t slice = 0; slice < slices; ++slice) {
        for (size_t row = 0; row < rows; ++row) {
            char* target = to.at(row, slice);
            const char* source = from.at(row, slice);
            std::memmove(target, source, rowBytes);
            bool unused = false;
            Allocation* toAllocation = memoryHolding(target, rowBytes, &unused);
            if (toAllocation == nullptr) {
                continue;  // the host's
            }
            const size_t toOffset = static_cast<size_t>(target - toAllocation->start);
            const Allocation* fromAllocation = memoryHolding(source, rowBytes, &unused);
            if (fromAllocation != nullptr) {
                InitCheck::copyDefinedness(*toAllocation, toOffset, *fromAllocation,
                                           static_cast<size_t>(source - fromAllocation->start), rowBytes);
            } else {
                InitCheck::defined(*toAllocation, toOffset, rowBytes);
            }
        }
    }
}

// The copy itself, once both sides are known good; carries definedness.
void copyRows(const Side& to, const Side& from, size_t rowBytes, size_t rows, size_t slices) {
    copyEachRow(to, from, rowBytes, rows, slices);
    if (to.array != nullptr) {
        to.array->noteCopiedInto();
    }
}

bool validKind(cudaMemcpyKind kind) { return kind >= cudaMemcpyHostToHost && kind <= cudaMemcpyDefault; }

// A 2D copy of `rows` rows of `rowBytes`, with an array on one side or both;
// `pitch` is the memory side's, checked as cudaMemcpy2D checks it.
cudaError_t copy2D(const Side& to, const Side& from, size_t rowBytes, size_t rows, cudaMemcpyKind kind) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (!validKind(kind)) {
        return api().answer(cudaErrorInvalidMemcpyDirection);
    }
    for (const Side* side : {&to, &from}) {
        if (side->array == nullptr && rowBytes > side->rowPitch) {
            // As cudaMemcpy2D answered on the H200 (evidence/gpu-answers-h200.txt).
            return api().answer(rows > 1 ? cudaErrorInvalidPitchValue : cudaErrorInvalidValue);
        }
    }
    if (rowBytes == 0 || rows == 0) {
        return cudaSuccess;
    }
    if (!memoryRowsFit(to, rowBytes, rows, 1) || !memoryRowsFit(from, rowBytes, rows, 1)) {
        return api().answer(cudaErrorInvalidValue);
    }
    copyRows(to, from, rowBytes, rows, 1);
    return cudaSuccess;
}

// The array's rows from (wOffset bytes, hOffset) on, `width` bytes by `height`, of its first slice.
bool regionFits(const cudaArray* array, size_t wOffset, size_t hOffset, size_t width, size_t height) {
    return array != nullptr && wOffset + width <= array->rowBytes() && hOffset + height <= array->height;
}

Side memorySide(const void* pointer, size_t pitch) {
    Side side;
    side.base = static_cast<char*>(const_cast<void*>(pointer));
    side.rowPitch = pitch;
    return side;
}

// `count` bytes in the array's row order from (wOffset bytes, hOffset) on:
// one long row of the array's bytes.
Side flatArraySide(cudaArray* array, size_t wOffset, size_t hOffset) {
    Side side = arraySide(array, wOffset, hOffset, 0);
    side.rowPitch = 0;
    return side;
}

bool flatFits(const cudaArray* array, size_t wOffset, size_t hOffset, size_t count) {
    return array != nullptr && wOffset <= array->rowBytes() && hOffset * array->rowBytes() + wOffset + count <= array->bytes();
}

cudaError_t copyFlat(const Side& to, const Side& from, size_t count, cudaMemcpyKind kind) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (!validKind(kind)) {
        return api().answer(cudaErrorInvalidMemcpyDirection);
    }
    if (count == 0) {
        return cudaSuccess;
    }
    if (!memoryRowsFit(to, count, 1, 1) || !memoryRowsFit(from, count, 1, 1)) {
        return api().answer(cudaErrorInvalidValue);
    }
    copyRows(to, from, count, 1, 1);
    return cudaSuccess;
}

}  // namespace

cudaError_t copy3DWithArray(const cudaMemcpy3DParms& p) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    // One source and one destination, each an array or pitched memory.
    if ((p.srcArray != nullptr) == (p.srcPtr.ptr != nullptr) || (p.dstArray != nullptr) == (p.dstPtr.ptr != nullptr)) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (!validKind(p.kind)) {
        return api().answer(cudaErrorInvalidMemcpyDirection);
    }
    cudaArray* source = p.srcArray != nullptr ? liveArray(p.srcArray) : nullptr;
    cudaArray* destination = p.dstArray != nullptr ? liveArray(p.dstArray) : nullptr;
    if ((p.srcArray != nullptr && source == nullptr) || (p.dstArray != nullptr && destination == nullptr) ||
        (source != nullptr && destination != nullptr && source->format.bytes() != destination->format.bytes())) {
        return api().answer(cudaErrorInvalidValue);
    }
    const cudaArray* either = source != nullptr ? source : destination;
    const size_t texelBytes = either->format.bytes();
    const size_t rowBytes = p.extent.width * texelBytes;
    const size_t rows = p.extent.height, slices = p.extent.depth;
    if (rowBytes == 0 || rows == 0 || slices == 0) {
        return cudaSuccess;
    }
    auto sideOf = [&](cudaArray* array, const cudaPos& at, const cudaPitchedPtr& memory, Side* side) {
        if (array != nullptr) {
            if (at.x + p.extent.width > array->width || at.y + rows > array->height || at.z + slices > array->depth) {
                return false;
            }
            *side = arraySide(array, at.x * texelBytes, at.y, at.z);
            return true;
        }
        // Pitched memory's element is a byte: its position's x counts bytes.
        if (rowBytes > memory.pitch || (slices > 1 && rows > memory.ysize)) {
            return false;
        }
        side->base = static_cast<char*>(memory.ptr) + at.z * memory.pitch * memory.ysize + at.y * memory.pitch + at.x;
        side->rowPitch = memory.pitch;
        side->slicePitch = memory.pitch * memory.ysize;
        return true;
    };
    Side to, from;
    if (!sideOf(destination, p.dstPos, p.dstPtr, &to) || !sideOf(source, p.srcPos, p.srcPtr, &from) ||
        !memoryRowsFit(to, rowBytes, rows, slices) || !memoryRowsFit(from, rowBytes, rows, slices)) {
        return api().answer(cudaErrorInvalidValue);
    }
    copyRows(to, from, rowBytes, rows, slices);
    return cudaSuccess;
}

}  // namespace warp_emulator

using warp_emulator::api;

cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, cudaChannelFormatKind kind) {
    return {x, y, z, w, kind};
}

cudaError_t cudaMallocArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, size_t width, size_t height,
                            unsigned int flags, const char* file, int line) {
    return warp_emulator::makeArray(array, desc, make_cudaExtent(width, height, 0), flags, false, "cudaMallocArray",
                                    file, line);
}

cudaError_t cudaMalloc3DArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, cudaExtent extent,
                              unsigned int flags, const char* file, int line) {
    return warp_emulator::makeArray(array, desc, extent, flags, true, "cudaMalloc3DArray", file, line);
}

cudaError_t cudaFreeArray(cudaArray_t array, const char* file, int line) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (array == nullptr) {
        return cudaSuccess;
    }
    cudaArray* found = warp_emulator::liveArray(array);
    if (found == nullptr ||
        !warp_emulator::DeviceMemory::instance().release(found->texels, "cudaFreeArray at " +
                                                                            warp_emulator::siteText(file, line))) {
        return api().answer(cudaErrorInvalidValue);
    }
    return cudaSuccess;
}

cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc* desc, cudaExtent* extent, unsigned int* flags, cudaArray_t array) {
    const cudaArray* found = warp_emulator::liveArray(array);
    if (found == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (desc != nullptr) {
        *desc = found->desc;
    }
    if (extent != nullptr) {
        *extent = found->extent;
    }
    if (flags != nullptr) {
        *flags = found->flags;
    }
    return api().answer(cudaSuccess);
}

cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc* desc, cudaArray_const_t array) {
    const cudaArray* found = warp_emulator::liveArray(array);
    if (desc == nullptr || found == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *desc = found->desc;
    return api().answer(cudaSuccess);
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t destination, size_t wOffset, size_t hOffset, const void* source,
                                size_t sourcePitch, size_t width, size_t height, cudaMemcpyKind kind) {
    cudaArray* array = warp_emulator::liveArray(destination);
    if (!warp_emulator::regionFits(array, wOffset, hOffset, width, height)) {
        return api().answer(cudaErrorInvalidValue);
    }
    return warp_emulator::copy2D(warp_emulator::arraySide(array, wOffset, hOffset, 0),
                                 warp_emulator::memorySide(source, sourcePitch), width, height, kind);
}

cudaError_t cudaMemcpy2DFromArray(void* destination, size_t destinationPitch, cudaArray_const_t source,
                                  size_t wOffset, size_t hOffset, size_t width, size_t height, cudaMemcpyKind kind) {
    cudaArray* array = warp_emulator::liveArray(source);
    if (!warp_emulator::regionFits(array, wOffset, hOffset, width, height)) {
        return api().answer(cudaErrorInvalidValue);
    }
    return warp_emulator::copy2D(warp_emulator::memorySide(destination, destinationPitch),
                                 warp_emulator::arraySide(array, wOffset, hOffset, 0), width, height, kind);
}

cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t destination, size_t wOffsetDestination, size_t hOffsetDestination,
                                     cudaArray_const_t source, size_t wOffsetSource, size_t hOffsetSource,
                                     size_t width, size_t height, cudaMemcpyKind kind) {
    cudaArray* to = warp_emulator::liveArray(destination);
    cudaArray* from = warp_emulator::liveArray(source);
    if (!warp_emulator::regionFits(to, wOffsetDestination, hOffsetDestination, width, height) ||
        !warp_emulator::regionFits(from, wOffsetSource, hOffsetSource, width, height)) {
        return api().answer(cudaErrorInvalidValue);
    }
    return warp_emulator::copy2D(warp_emulator::arraySide(to, wOffsetDestination, hOffsetDestination, 0),
                                 warp_emulator::arraySide(from, wOffsetSource, hOffsetSource, 0), width, height, kind);
}

cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t destination, size_t wOffset, size_t hOffset, const void* source,
                                     size_t sourcePitch, size_t width, size_t height, cudaMemcpyKind kind,
                                     cudaStream_t) {
    return cudaMemcpy2DToArray(destination, wOffset, hOffset, source, sourcePitch, width, height, kind);
}

cudaError_t cudaMemcpy2DFromArrayAsync(void* destination, size_t destinationPitch, cudaArray_const_t source,
                                       size_t wOffset, size_t hOffset, size_t width, size_t height,
                                       cudaMemcpyKind kind, cudaStream_t) {
    return cudaMemcpy2DFromArray(destination, destinationPitch, source, wOffset, hOffset, width, height, kind);
}

cudaError_t cudaMemcpyToArray(cudaArray_t destination, size_t wOffset, size_t hOffset, const void* source,
                              size_t count, cudaMemcpyKind kind) {
    cudaArray* array = warp_emulator::liveArray(destination);
    if (!warp_emulator::flatFits(array, wOffset, hOffset, count)) {
        return api().answer(cudaErrorInvalidValue);
    }
    return warp_emulator::copyFlat(warp_emulator::flatArraySide(array, wOffset, hOffset),
                                   warp_emulator::memorySide(source, 0), count, kind);
}

cudaError_t cudaMemcpyFromArray(void* destination, cudaArray_const_t source, size_t wOffset, size_t hOffset,
                                size_t count, cudaMemcpyKind kind) {
    cudaArray* array = warp_emulator::liveArray(source);
    if (!warp_emulator::flatFits(array, wOffset, hOffset, count)) {
        return api().answer(cudaErrorInvalidValue);
    }
    return warp_emulator::copyFlat(warp_emulator::memorySide(destination, 0),
                                   warp_emulator::flatArraySide(array, wOffset, hOffset), count, kind);
}

cudaError_t cudaMemcpyArrayToArray(cudaArray_t destination, size_t wOffsetDestination, size_t hOffsetDestination,
                                   cudaArray_const_t source, size_t wOffsetSource, size_t hOffsetSource, size_t count,
                                   cudaMemcpyKind kind) {
    cudaArray* to = warp_emulator::liveArray(destination);
    cudaArray* from = warp_emulator::liveArray(source);
    if (!warp_emulator::flatFits(to, wOffsetDestination, hOffsetDestination, count) ||
        !warp_emulator::flatFits(from, wOffsetSource, hOffsetSource, count)) {
        return api().answer(cudaErrorInvalidValue);
    }
    return warp_emulator::copyFlat(warp_emulator::flatArraySide(to, wOffsetDestination, hOffsetDestination),
                                   warp_emulator::flatArraySide(from, wOffsetSource, hOffsetSource), count, kind);
}

cudaError_t cudaMemcpyToArrayAsync(cudaArray_t destination, size_t wOffset, size_t hOffset, const void* source,
                                   size_t count, cudaMemcpyKind kind, cudaStream_t) {
    return cudaMemcpyToArray(destination, wOffset, hOffset, source, count, kind);
}

cudaError_t cudaMemcpyFromArrayAsync(void* destination, cudaArray_const_t source, size_t wOffset, size_t hOffset,
                                     size_t count, cudaMemcpyKind kind, cudaStream_t) {
    return cudaMemcpyFromArray(destination, source, wOffset, hOffset, count, kind);
}

cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t* array, const cudaChannelFormatDesc*, cudaExtent,
                                     unsigned int, unsigned int) {
    if (array != nullptr) {
        *array = nullptr;
    }
    return warp_emulator::notEmulated("cudaMallocMipmappedArray", "a mipmapped CUDA array");
}
cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t* level, cudaMipmappedArray_const_t, unsigned int) {
    if (level != nullptr) {
        *level = nullptr;
    }
    return warp_emulator::notEmulated("cudaGetMipmappedArrayLevel", "a mipmapped CUDA array");
}
cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t) {
    return warp_emulator::notEmulated("cudaFreeMipmappedArray", "a mipmapped CUDA array");
}
