// memory3d.cpp: pitched 3D memory and copies between devices
// (warp_emulator/host/memory3d_api.hpp). A 3D copy or memset is one of rows
// (copies.hpp), checked and carried out as cudaMemcpy2D's are.
#include <cstdio>

#include "api/api_state.hpp"
#include "api/stream_work.hpp"
#include "api/copies.hpp"
#include "reporting/text.hpp"
#include "warp_emulator/host/runtime_api.hpp"

namespace warp_emulator {

namespace {

// The rows cudaMalloc3D makes start this many bytes apart, at least, as cudaMallocPitch's do.
constexpr size_t kPitchAlignment = 512;

// The rows of one side of a 3D copy: from `position` in `pointer`, the copy's extent.
Rows rowsOf(const cudaPitchedPtr& pointer, const cudaPos& position, const cudaExtent& extent) {
    const size_t slicePitch = pointer.pitch * pointer.ysize;
    char* base = static_cast<char*>(pointer.ptr) + position.z * slicePitch + position.y * pointer.pitch + position.x;
    return Rows{base, pointer.pitch, slicePitch, extent.width, extent.height, extent.depth};
}

// A side whose rows overlap each other, or run past its pitch, is no pitched memory.
bool fits(const cudaPitchedPtr& pointer, const cudaPos& position, const cudaExtent& extent) {
    return position.x + extent.width <= pointer.pitch &&
           (extent.depth <= 1 || position.y + extent.height <= pointer.ysize);
}

}  // namespace

cudaError_t copy3DError(const cudaMemcpy3DParms& copy, bool later) {
    if (copy.srcArray != nullptr || copy.dstArray != nullptr) {
        return cudaSuccess;  // the arrays' part (cuda_arrays.cpp) checks its own as it copies
    }
    if (copy.kind < cudaMemcpyHostToHost || copy.kind > cudaMemcpyDefault) {
        return cudaErrorInvalidMemcpyDirection;
    }
    if (!fits(copy.srcPtr, copy.srcPos, copy.extent) || !fits(copy.dstPtr, copy.dstPos, copy.extent)) {
        return cudaErrorInvalidValue;
    }
    return rowsError(rowsOf(copy.dstPtr, copy.dstPos, copy.extent), rowsOf(copy.srcPtr, copy.srcPos, copy.extent),
                     later);
}

cudaError_t copy3D(const cudaMemcpy3DParms& copy) {
    if (copy.srcArray != nullptr || copy.dstArray != nullptr) {
        return copy3DWithArray(copy);
    }
    if (const cudaError_t error = copy3DError(copy); error != cudaSuccess) {
        return api().answer(error);
    }
    return copyRows(rowsOf(copy.dstPtr, copy.dstPos, copy.extent), rowsOf(copy.srcPtr, copy.srcPos, copy.extent));
}

cudaError_t malloc3D(cudaPitchedPtr* pointer, cudaExtent extent, const char* file, int line) {
    if (pointer == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    const size_t pitch = (extent.width + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
    void* memory = nullptr;
    const cudaError_t error = allocate(&memory, pitch * extent.height * extent.depth, MemoryKind::Device,
                                       ElementType{}, "cudaMalloc3D", file, line);
    *pointer = make_cudaPitchedPtr(memory, pitch, extent.width, extent.height);
    return error;
}

namespace {

// A 3D memset: the rows of each slice, one memset node for each slice when captured.
cudaError_t set3D(cudaPitchedPtr pointer, int value, cudaExtent extent, cudaStream_t stream, const char* how,
                  const char* file, int line) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (extent.width > pointer.pitch || (extent.depth > 1 && extent.height > pointer.ysize)) {
        return api().answer(cudaErrorInvalidValue);
    }
    const size_t slicePitch = pointer.pitch * pointer.ysize;
    for (size_t slice = 0; slice < extent.depth; ++slice) {
        const cudaMemsetParams set{static_cast<char*>(pointer.ptr) + slice * slicePitch, pointer.pitch,
                                   static_cast<unsigned int>(value) & 0xff, 1, extent.width, extent.height};
        if (const cudaError_t error = setOnStream(stream, set, how, file, line); error != cudaSuccess) {
            return error;
        }
    }
    return cudaSuccess;
}

}  // namespace

}  // namespace warp_emulator

using warp_emulator::api;

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* parameters, const char*, int) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (parameters == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    const warp_emulator::StreamWork work(nullptr);
    if (work.refusal() != cudaSuccess) {
        return api().answer(work.refusal());
    }
    return warp_emulator::copy3D(*parameters);
}

cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms* parameters, cudaStream_t stream, const char* file, int line) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (parameters == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    const warp_emulator::StreamWork work(stream);
    if (work.refusal() != cudaSuccess) {
        return api().answer(work.refusal());
    }
    if (work.captured()) {
        work.record(cudaGraphNodeTypeMemcpy,
                    warp_emulator::nodeOrigin(cudaGraphNodeTypeMemcpy, "cudaMemcpy3DAsync", file, line))
            .copy = *parameters;
        return cudaSuccess;
    }
    if (work.queued()) {
        if (const cudaError_t error = warp_emulator::copy3DError(*parameters, true); error != cudaSuccess) {
            return api().answer(error);
        }
        const cudaMemcpy3DParms copy = *parameters;
        work.queue([copy] { warp_emulator::copy3D(copy); });
        return cudaSuccess;
    }
    return warp_emulator::copy3D(*parameters);
}

cudaError_t cudaMemset3D(cudaPitchedPtr pointer, int value, cudaExtent extent, const char* file, int line) {
    return warp_emulator::set3D(pointer, value, extent, nullptr, "cudaMemset3D", file, line);
}

cudaError_t cudaMemset3DAsync(cudaPitchedPtr pointer, int value, cudaExtent extent, cudaStream_t stream,
                              const char* file, int line) {
    return warp_emulator::set3D(pointer, value, extent, stream, "cudaMemset3DAsync", file, line);
}

namespace {

cudaError_t checkDevices(int destinationDevice, int sourceDevice) {
    return destinationDevice == 0 && sourceDevice == 0 ? cudaSuccess : cudaErrorInvalidDevice;
}

}  // namespace

cudaError_t cudaMemcpyPeer(void* destination, int destinationDevice, const void* source, int sourceDevice,
                           size_t bytes) {
    if (const cudaError_t error = checkDevices(destinationDevice, sourceDevice); error != cudaSuccess) {
        return api().answer(error);
    }
    return cudaMemcpy(destination, source, bytes, cudaMemcpyDeviceToDevice);
}

cudaError_t cudaMemcpyPeerAsync(void* destination, int destinationDevice, const void* source, int sourceDevice,
                                size_t bytes, cudaStream_t stream, const char* file, int line) {
    if (const cudaError_t error = checkDevices(destinationDevice, sourceDevice); error != cudaSuccess) {
        return api().answer(error);
    }
    return cudaMemcpyAsync(destination, source, bytes, cudaMemcpyDeviceToDevice, stream, file, line);
}

namespace {

cudaMemcpy3DParms fromPeer(const cudaMemcpy3DPeerParms& peer) {
    cudaMemcpy3DParms copy{};
    copy.srcArray = peer.srcArray;
    copy.srcPos = peer.srcPos;
    copy.srcPtr = peer.srcPtr;
    copy.dstArray = peer.dstArray;
    copy.dstPos = peer.dstPos;
    copy.dstPtr = peer.dstPtr;
    copy.extent = peer.extent;
    copy.kind = cudaMemcpyDeviceToDevice;
    return copy;
}

}  // namespace

cudaError_t cudaMemcpy3DPeer(const cudaMemcpy3DPeerParms* parameters) {
    if (parameters == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (const cudaError_t error = checkDevices(parameters->dstDevice, parameters->srcDevice); error != cudaSuccess) {
        return api().answer(error);
    }
    const cudaMemcpy3DParms copy = fromPeer(*parameters);
    return cudaMemcpy3D(&copy);
}

cudaError_t cudaMemcpy3DPeerAsync(const cudaMemcpy3DPeerParms* parameters, cudaStream_t stream) {
    if (parameters == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (const cudaError_t error = checkDevices(parameters->dstDevice, parameters->srcDevice); error != cudaSuccess) {
        return api().answer(error);
    }
    const cudaMemcpy3DParms copy = fromPeer(*parameters);
    return cudaMemcpy3DAsync(&copy, stream);
}
