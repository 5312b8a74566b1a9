// memory.cpp: allocating, copying and setting memory, host pointers and
// symbols (warp_emulator/host/memory_api.hpp), and the copies and memsets
// of every other part (copies.hpp).
//
// Where the runtime API of a GPU refuses a call, so does this one, with the
// same error: a copy or a memset that runs past its allocation's end, or
// starts in freed memory, is cudaErrorInvalidValue and copies nothing; so is
// freeing what is not an allocation's start, or freeing twice. After a kernel
// stopped (an invalid access, a failed assert) every call answers that error.
// A copy or a memset given to a stream of the program's own is checked now
// and queued; given to a capturing stream, it becomes a node of its graph
// (stream_work.hpp); the synchronous ones run on the legacy stream, once
// what is queued has run.
#include <cstring>
#include <string>

#include "api/api_state.hpp"
#include "api/stream_work.hpp"
#include "api/copies.hpp"
#include "checks/graph_races.hpp"
#include "checks/initcheck.hpp"
#include "memory/device_memory.hpp"
#include "reporting/text.hpp"
#include "warp_emulator/host/runtime_api.hpp"

namespace warp_emulator {

namespace {

// The rows cudaMallocPitch makes start this many bytes apart, at least.
constexpr size_t kPitchAlignment = 512;

// One side of a copy or a memset: device memory must hold all its bytes.
// Returns the allocation, or null for memory outside the arena (the host's,
// or a __device__ variable); sets `bad` when the bytes are not all in one
// live allocation, or lie in the device heap, whose memory "cannot be used in
// any runtime or driver API calls (i.e. cudaMemcpy, cudaMemset, etc)".
// Work queued in a stream's order may reach graph memory that is not
// allocated yet: its allocation node runs before the work does (`later`).
Allocation* sideOf(const void* pointer, size_t bytes, bool* bad, bool later = false) {
    DeviceMemory& memory = DeviceMemory::instance();
    if (!inDeviceArena(pointer)) {
        return nullptr;
    }
    Allocation* allocation = memory.liveHolding(pointer, bytes);
    if (allocation == nullptr && later) {
        Allocation* reserved = memory.holding(pointer);
        if (reserved != nullptr && reserved->reserved &&
            bytes <= static_cast<size_t>(reserved->end() - static_cast<const char*>(pointer))) {
            return reserved;
        }
    }
    if (allocation == nullptr || allocation->heapBlock) {
        *bad = true;
    }
    return allocation;
}

// The copy itself, once both sides are known good; the bytes it writes into
// device memory are defined from then on (initcheck.hpp).
void copyBytes(void* destination, Allocation* to, const void* source, Allocation* from, size_t bytes) {
    std::memmove(destination, source, bytes);
    GraphRaces::recordCopy(destination, source, bytes);
    if (to != nullptr) {
        const size_t toOffset = static_cast<size_t>(static_cast<char*>(destination) - to->start);
        if (from != nullptr) {
            InitCheck::copyDefinedness(*to, toOffset, *from,
                                       static_cast<size_t>(static_cast<const char*>(source) - from->start), bytes);
        } else {
            InitCheck::defined(*to, toOffset, bytes);
        }
    }
}

// Whether the rows lie in pageable host memory: neither device nor pinned
// memory (the arena's) nor memory the program registered.
bool pageable(const Rows& rows) {
    DeviceMemory& memory = DeviceMemory::instance();
    return !inDeviceArena(rows.base) && (!memory.anyRegistered() || memory.registeredHolding(rows.base) == nullptr);
}

// The work of a synchronous call runs on the legacy stream.
cudaError_t legacyStreamRefusal() {
    const StreamWork work(nullptr);
    return work.refusal();
}

}  // namespace

cudaError_t rowsError(const Rows& to, const Rows& from, bool later) {
    const DeviceLock lock;
    if (to.width == 0 || to.rows == 0 || to.slices == 0) {
        return cudaSuccess;
    }
    bool bad = to.base == nullptr || from.base == nullptr;
    for (size_t slice = 0; slice < to.slices && !bad; ++slice) {
        for (size_t row = 0; row < to.rows && !bad; ++row) {
            sideOf(to.row(slice, row), to.width, &bad, later);
            sideOf(from.row(slice, row), to.width, &bad, later);
        }
    }
    return bad ? cudaErrorInvalidValue : cudaSuccess;
}

cudaError_t copyRows(const Rows& to, const Rows& from) {
    const DeviceLock lock;
    if (const cudaError_t error = rowsError(to, from); error != cudaSuccess) {
        return api().answer(error);
    }
    for (size_t slice = 0; slice < to.slices; ++slice) {
        for (size_t row = 0; row < to.rows; ++row) {
            char* destination = to.row(slice, row);
            const char* source = from.row(slice, row);
            bool unused = false;
            copyBytes(destination, sideOf(destination, to.width, &unused), source, sideOf(source, to.width, &unused),
                      to.width);
        }
    }
    return cudaSuccess;
}

cudaError_t setRowsError(const Rows& to, unsigned int elementBytes, bool later) {
    const DeviceLock lock;
    if (elementBytes != 1 && elementBytes != 2 && elementBytes != 4) {
        return cudaErrorInvalidValue;
    }
    if (to.width == 0 || to.rows == 0 || to.slices == 0) {
        return cudaSuccess;
    }
    bool bad = to.base == nullptr || to.width % elementBytes != 0;
    for (size_t slice = 0; slice < to.slices && !bad; ++slice) {
        for (size_t row = 0; row < to.rows && !bad; ++row) {
            if (sideOf(to.row(slice, row), to.width, &bad, later) == nullptr) {
                bad = true;  // only device memory is set
            }
        }
    }
    return bad ? cudaErrorInvalidValue : cudaSuccess;
}

cudaError_t setRows(const Rows& to, unsigned int value, unsigned int elementBytes) {
    const DeviceLock lock;
    if (const cudaError_t error = setRowsError(to, elementBytes); error != cudaSuccess) {
        return api().answer(error);
    }
    if (to.width == 0 || to.rows == 0 || to.slices == 0) {
        return cudaSuccess;
    }
    for (size_t slice = 0; slice < to.slices; ++slice) {
        for (size_t row = 0; row < to.rows; ++row) {
            char* destination = to.row(slice, row);
            if (elementBytes == 1) {
                std::memset(destination, static_cast<int>(value & 0xff), to.width);
            } else {
                for (size_t at = 0; at < to.width; at += elementBytes) {
                    std::memcpy(destination + at, &value, elementBytes);  // little-endian: the low bytes
                }
            }
            GraphRaces::recordWrite(destination, to.width);
            bool unused = false;
            Allocation* allocation = sideOf(destination, to.width, &unused);
            InitCheck::defined(*allocation, static_cast<size_t>(destination - allocation->start), to.width);
        }
    }
    return cudaSuccess;
}

cudaError_t allocate(void** pointer, size_t bytes, MemoryKind kind, ElementType element, const char* how,
                     const char* file, int line, unsigned int hostFlags) {
    const DeviceLock lock;
    if (pointer == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    *pointer = nullptr;
    if (bytes == 0) {
        return cudaSuccess;  // as the H200 answers: success, and a null pointer
    }
    void* memory = DeviceMemory::instance().allocate(bytes, kind, element, std::string(how) + " at " + siteText(file, line));
    if (memory == nullptr) {
        return api().answer(cudaErrorMemoryAllocation);
    }
    DeviceMemory::instance().holding(memory)->hostFlags = hostFlags;
    *pointer = memory;
    return cudaSuccess;
}

cudaError_t mallocPitch(void** pointer, size_t* pitch, size_t width, size_t height, ElementType element,
                        const char* file, int line) {
    if (pitch == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *pitch = (width + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
    return allocate(pointer, *pitch * height, MemoryKind::Device, element, "cudaMallocPitch", file, line);
}

cudaError_t release(void* pointer, MemoryKind kind, const char* how, const char* file, int line) {
    const DeviceLock lock;
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (pointer == nullptr) {
        return cudaSuccess;
    }
    DeviceMemory& memory = DeviceMemory::instance();
    const Allocation* allocation = inDeviceArena(pointer) ? memory.holding(pointer) : nullptr;
    const bool pinned = allocation != nullptr && allocation->kind == MemoryKind::HostPinned;
    if (allocation == nullptr || allocation->start != pointer || pinned != (kind == MemoryKind::HostPinned) ||
        !memory.release(pointer, std::string(how) + " at " + siteText(file, line))) {
        return api().answer(cudaErrorInvalidValue);
    }
    forgetPoolAllocation(pointer);
    return cudaSuccess;
}

cudaError_t copySymbol(void* destination, const void* source, size_t bytes, size_t offset, size_t symbolBytes,
                       bool toSymbol) {
    runQueuedWork();  // a copy on the legacy stream
    const DeviceLock lock;
    if (offset + bytes > symbolBytes) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (toSymbol) {
        std::memcpy(static_cast<char*>(destination) + offset, source, bytes);
    } else {
        std::memcpy(destination, static_cast<const char*>(source) + offset, bytes);
    }
    return cudaSuccess;
}

cudaError_t copyOnStream(cudaStream_t stream, const cudaMemcpy3DParms& copy, const Rows& to, const Rows& from,
                         const char* how, const char* file, int line) {
    const StreamWork work(stream);
    if (work.refusal() != cudaSuccess) {
        return api().answer(work.refusal());
    }
    if (work.captured()) {
        work.record(cudaGraphNodeTypeMemcpy, nodeOrigin(cudaGraphNodeTypeMemcpy, how, file, line)).copy = copy;
        return cudaSuccess;
    }
    if (work.queued()) {
        if (const cudaError_t error = rowsError(to, from, true); error != cudaSuccess) {
            return api().answer(error);
        }
        bool fromPageable = false, toPageable = false;
        {
            const DeviceLock lock;
            fromPageable = pageable(from);
            toPageable = pageable(to);
        }
        if (fromPageable || toPageable) {
            // CUDA's copy with pageable host memory returns once the host's
            // side is read (or written), after the stream's work before it.
            runQueuedWork();
            return copyRows(to, from);
        }
        work.queue([to, from] { copyRows(to, from); });
        return cudaSuccess;
    }
    return copyRows(to, from);
}

cudaError_t setOnStream(cudaStream_t stream, const cudaMemsetParams& set, const char* how, const char* file, int line) {
    const StreamWork work(stream);
    if (work.refusal() != cudaSuccess) {
        return api().answer(work.refusal());
    }
    if (work.captured()) {
        work.record(cudaGraphNodeTypeMemset, nodeOrigin(cudaGraphNodeTypeMemset, how, file, line)).set = set;
        return cudaSuccess;
    }
    const Rows rows{static_cast<char*>(set.dst), set.pitch, 0, set.width * set.elementSize, set.height, 1};
    if (work.queued()) {
        if (const cudaError_t error = setRowsError(rows, set.elementSize, true); error != cudaSuccess) {
            return api().answer(error);
        }
        work.queue([rows, set] { setRows(rows, set.value, set.elementSize); });
        return cudaSuccess;
    }
    return setRows(rows, set.value, set.elementSize);
}

}  // namespace warp_emulator

using warp_emulator::api;

// cudaFree waits for the device, as CUDA's does: what is queued runs first.
cudaError_t cudaFree(void* pointer, const char* file, int line) {
    warp_emulator::runQueuedWork();
    return warp_emulator::release(pointer, warp_emulator::MemoryKind::Device, "cudaFree", file, line);
}
cudaError_t cudaFreeHost(void* pointer, const char* file, int line) {
    warp_emulator::runQueuedWork();
    return warp_emulator::release(pointer, warp_emulator::MemoryKind::HostPinned, "cudaFreeHost", file, line);
}

namespace {

cudaError_t checkDirection(cudaMemcpyKind kind) {
    return kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault ? cudaErrorInvalidMemcpyDirection : cudaSuccess;
}

}  // namespace

cudaError_t cudaMemcpy(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (checkDirection(kind) != cudaSuccess) {
        return api().answer(checkDirection(kind));
    }
    if (const cudaError_t refused = warp_emulator::legacyStreamRefusal(); refused != cudaSuccess) {
        return api().answer(refused);
    }
    return warp_emulator::copyRows(warp_emulator::Rows::line(destination, bytes), warp_emulator::Rows::line(source, bytes));
}
cudaError_t cudaMemcpyAsync(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t stream, const char* file, int line) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (checkDirection(kind) != cudaSuccess) {
        return api().answer(checkDirection(kind));
    }
    return warp_emulator::copyOnStream(stream, warp_emulator::linearCopy(destination, source, bytes, kind),
                                       warp_emulator::Rows::line(destination, bytes),
                                       warp_emulator::Rows::line(source, bytes), "cudaMemcpyAsync", file, line);
}

namespace {

// A pitch narrower than the rows: the H200 answered cudaErrorInvalidPitchValue
// for 4 rows, and cudaErrorInvalidValue for one (evidence/gpu-answers-h200.txt).
cudaError_t checkPitches(size_t destinationPitch, size_t sourcePitch, size_t width, size_t height) {
    if (width > destinationPitch || width > sourcePitch) {
        return height > 1 ? cudaErrorInvalidPitchValue : cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

cudaMemcpy3DParms copy2D(void* destination, size_t destinationPitch, const void* source, size_t sourcePitch,
                         size_t width, size_t height, cudaMemcpyKind kind) {
    cudaMemcpy3DParms copy{};
    copy.srcPtr = make_cudaPitchedPtr(const_cast<void*>(source), sourcePitch, width, height);
    copy.dstPtr = make_cudaPitchedPtr(destination, destinationPitch, width, height);
    copy.extent = make_cudaExtent(width, height, 1);
    copy.kind = kind;
    return copy;
}

}  // namespace

cudaError_t cudaMemcpy2D(void* destination, size_t destinationPitch, const void* source, size_t sourcePitch,
                         size_t width, size_t height, cudaMemcpyKind kind) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (const cudaError_t error = checkPitches(destinationPitch, sourcePitch, width, height); error != cudaSuccess) {
        return api().answer(error);
    }
    if (const cudaError_t refused = warp_emulator::legacyStreamRefusal(); refused != cudaSuccess) {
        return api().answer(refused);
    }
    (void)kind;
    return warp_emulator::copyRows({static_cast<char*>(destination), destinationPitch, 0, width, height, 1},
                                   {static_cast<char*>(const_cast<void*>(source)), sourcePitch, 0, width, height, 1});
}
cudaError_t cudaMemcpy2DAsync(void* destination, size_t destinationPitch, const void* source, size_t sourcePitch,
                              size_t width, size_t height, cudaMemcpyKind kind, cudaStream_t stream, const char* file,
                              int line) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (const cudaError_t error = checkPitches(destinationPitch, sourcePitch, width, height); error != cudaSuccess) {
        return api().answer(error);
    }
    return warp_emulator::copyOnStream(
        stream, copy2D(destination, destinationPitch, source, sourcePitch, width, height, kind),
        {static_cast<char*>(destination), destinationPitch, 0, width, height, 1},
        {static_cast<char*>(const_cast<void*>(source)), sourcePitch, 0, width, height, 1}, "cudaMemcpy2DAsync", file,
        line);
}

cudaError_t cudaMemset(void* destination, int value, size_t bytes) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (const cudaError_t refused = warp_emulator::legacyStreamRefusal(); refused != cudaSuccess) {
        return api().answer(refused);
    }
    return warp_emulator::setRows(warp_emulator::Rows::line(destination, bytes), static_cast<unsigned int>(value), 1);
}
cudaError_t cudaMemsetAsync(void* destination, int value, size_t bytes, cudaStream_t stream, const char* file, int line) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    const cudaMemsetParams set{destination, bytes, static_cast<unsigned int>(value) & 0xff, 1, bytes, 1};
    return warp_emulator::setOnStream(stream, set, "cudaMemsetAsync", file, line);
}
cudaError_t cudaMemset2D(void* destination, size_t pitch, int value, size_t width, size_t height) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (width > pitch) {
        return api().answer(cudaErrorInvalidPitchValue);
    }
    if (const cudaError_t refused = warp_emulator::legacyStreamRefusal(); refused != cudaSuccess) {
        return api().answer(refused);
    }
    return warp_emulator::setRows({static_cast<char*>(destination), pitch, 0, width, height, 1},
                                  static_cast<unsigned int>(value), 1);
}
cudaError_t cudaMemset2DAsync(void* destination, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream, const char* file, int line) {
    if (api().sticky != cudaSuccess) {
        return api().answer(cudaSuccess);
    }
    if (width > pitch) {
        return api().answer(cudaErrorInvalidPitchValue);
    }
    const cudaMemsetParams set{destination, pitch, static_cast<unsigned int>(value) & 0xff, 1, width, height};
    return warp_emulator::setOnStream(stream, set, "cudaMemset2DAsync", file, line);
}
cudaError_t cudaMemPrefetchAsync(const void*, size_t, int, cudaStream_t) { return api().answer(cudaSuccess); }
cudaError_t cudaMemAdvise(const void*, size_t, cudaMemoryAdvise, int) { return api().answer(cudaSuccess); }
cudaError_t cudaMemPrefetchAsync(const void*, size_t, cudaMemLocation location, unsigned int flags, cudaStream_t) {
    if (flags != 0 || location.type > cudaMemLocationTypeHostNumaCurrent ||
        (location.type == cudaMemLocationTypeDevice && location.id != 0)) {
        return api().answer(location.type == cudaMemLocationTypeDevice ? cudaErrorInvalidDevice : cudaErrorInvalidValue);
    }
    return api().answer(cudaSuccess);
}
cudaError_t cudaMemAdvise(const void*, size_t, cudaMemoryAdvise, cudaMemLocation location) {
    if (location.type == cudaMemLocationTypeDevice && location.id != 0) {
        return api().answer(cudaErrorInvalidDevice);
    }
    return api().answer(cudaSuccess);
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* pointer) {
    const warp_emulator::DeviceLock lock;
    if (attributes == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    warp_emulator::DeviceMemory& memory = warp_emulator::DeviceMemory::instance();
    const warp_emulator::Allocation* allocation =
        warp_emulator::inDeviceArena(pointer) ? memory.holding(pointer) : memory.registeredHolding(pointer);
    *attributes = cudaPointerAttributes{cudaMemoryTypeUnregistered, -2, nullptr, nullptr};
    if (allocation != nullptr && allocation->live) {
        void* const address = const_cast<void*>(pointer);
        switch (allocation->kind) {
            case warp_emulator::MemoryKind::Device:
                *attributes = {cudaMemoryTypeDevice, 0, address, nullptr};
                break;
            case warp_emulator::MemoryKind::Managed:
                *attributes = {cudaMemoryTypeManaged, 0, address, address};
                break;
            case warp_emulator::MemoryKind::HostPinned:
            case warp_emulator::MemoryKind::HostRegistered:
                *attributes = {cudaMemoryTypeHost, 0, address, address};
                break;
        }
    }
    return api().answer(cudaSuccess);
}
