// streams.cpp: streams, events and host functions
// (warp_emulator/host/stream_api.hpp). The work of the program's own streams
// is queued until the host waits (stream_work.hpp): a synchronisation or a
// query runs it, and an event queued after work keeps the time that work
// ended. A stream that captures records its host functions, and the events
// recorded on it join other streams into the capture (capture.cpp).
#include <chrono>
#include <cstring>
#include <map>

#include "api/api_state.hpp"
#include "api/stream_work.hpp"
#include "memory/device_memory.hpp"
#include "warp_emulator/host/runtime_api.hpp"

using warp_emulator::api;
using warp_emulator::DeviceLock;

namespace {

// An H200's priorities: 0 the least, -5 the greatest.
constexpr int kLeastPriority = 0;
constexpr int kGreatestPriority = -5;

bool isOwnStream(cudaStream_t stream) {
    return stream != nullptr && stream != cudaStreamLegacy && stream != cudaStreamPerThread;
}

struct StreamRecords {
    unsigned long long nextId = 3;  // after the legacy (1) and per-thread (2) streams'
    // Each stream's attributes, as it was given them.
    std::map<cudaStream_t, std::map<int, cudaLaunchAttributeValue>> attributes;
    static StreamRecords& get() {
        static StreamRecords* records = new StreamRecords;
        return *records;
    }
};

// The host waits for a stream: not one that captures. Everything queued runs
// (one order runs all the streams' work).
cudaError_t waitFor(cudaStream_t stream) {
    if (const cudaError_t refused = warp_emulator::refuseWaitDuringCapture(stream); refused != cudaSuccess) {
        return refused;
    }
    warp_emulator::runQueuedWork();
    warp_emulator::releaseAboveThresholds();
    return api().syncError;
}

void recordNow(cudaEvent_t event) {
    const DeviceLock lock;
    delete event->captured;
    event->captured = nullptr;
    event->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    event->recorded = true;
}

}  // namespace

cudaError_t cudaStreamCreate(cudaStream_t* stream) { return cudaStreamCreateWithFlags(stream, cudaStreamDefault); }
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags) {
    return cudaStreamCreateWithPriority(stream, flags, kLeastPriority);
}
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int priority) {
    const DeviceLock lock;
    if (stream == nullptr || flags > cudaStreamNonBlocking) {
        return api().answer(cudaErrorInvalidValue);
    }
    *stream = new CUstream_st{flags};
    (*stream)->priority = priority > kLeastPriority ? kLeastPriority : priority < kGreatestPriority ? kGreatestPriority : priority;
    (*stream)->id = StreamRecords::get().nextId++;
    return api().answer(cudaSuccess);
}
cudaError_t cudaStreamDestroy(cudaStream_t stream) {
    warp_emulator::runQueuedWork();  // its work goes on after it is destroyed, as a GPU's does: run it first
    const DeviceLock lock;
    if (!isOwnStream(stream)) {
        return api().answer(cudaErrorInvalidResourceHandle);
    }
    if (const cudaError_t error = warp_emulator::leaveCapture(stream); error != cudaSuccess) {
        return api().answer(error);
    }
    StreamRecords::get().attributes.erase(stream);
    delete stream;
    return api().answer(cudaSuccess);
}
cudaError_t cudaStreamSynchronize(cudaStream_t stream) { return api().answer(waitFor(stream)); }
// Everything queued runs, so the stream's work is done when the query answers.
cudaError_t cudaStreamQuery(cudaStream_t stream) {
    if (const cudaError_t refused = warp_emulator::refuseWaitDuringCapture(stream); refused != cudaSuccess) {
        return api().answer(refused);
    }
    warp_emulator::runQueuedWork();
    return api().answer(cudaSuccess);
}

cudaError_t cudaStreamGetPriority(cudaStream_t stream, int* priority) {
    if (priority == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *priority = isOwnStream(stream) ? stream->priority : kLeastPriority;
    return cudaSuccess;
}
cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int* flags) {
    if (flags == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *flags = isOwnStream(stream) ? stream->flags : cudaStreamDefault;
    return cudaSuccess;
}
cudaError_t cudaStreamGetId(cudaStream_t stream, unsigned long long* id) {
    if (id == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *id = isOwnStream(stream) ? stream->id : stream == cudaStreamPerThread ? 2 : 1;
    return cudaSuccess;
}
cudaError_t cudaStreamGetDevice(cudaStream_t, int* device) {
    if (device == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *device = 0;
    return cudaSuccess;
}

cudaError_t cudaStreamSetAttribute(cudaStream_t stream, cudaLaunchAttributeID attribute,
                                   const cudaLaunchAttributeValue* value) {
    const DeviceLock lock;
    if (!isOwnStream(stream) || value == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    switch (attribute) {
        case cudaLaunchAttributeAccessPolicyWindow:
            if (value->accessPolicyWindow.hitRatio < 0.0f || value->accessPolicyWindow.hitRatio > 1.0f) {
                return api().answer(cudaErrorInvalidValue);
            }
            break;
        case cudaLaunchAttributePriority:
            stream->priority = value->priority > kLeastPriority      ? kLeastPriority
                               : value->priority < kGreatestPriority ? kGreatestPriority
                                                                     : value->priority;
            break;
        case cudaLaunchAttributeSynchronizationPolicy:
        case cudaLaunchAttributeMemSyncDomainMap:
        case cudaLaunchAttributeMemSyncDomain: break;
        default: return api().answer(cudaErrorInvalidValue);  // not a stream's attribute
    }
    StreamRecords::get().attributes[stream][attribute] = *value;
    return cudaSuccess;
}

cudaError_t cudaStreamGetAttribute(cudaStream_t stream, cudaLaunchAttributeID attribute,
                                   cudaLaunchAttributeValue* value) {
    const DeviceLock lock;
    if (!isOwnStream(stream) || value == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    std::memset(value, 0, sizeof *value);
    if (attribute == cudaLaunchAttributePriority) {
        value->priority = stream->priority;
        return cudaSuccess;
    }
    if (attribute == cudaLaunchAttributeSynchronizationPolicy) {
        value->syncPolicy = cudaSyncPolicyAuto;
    }
    const auto& kept = StreamRecords::get().attributes[stream];
    const auto found = kept.find(attribute);
    if (found != kept.end()) {
        *value = found->second;
    }
    return cudaSuccess;
}

cudaError_t cudaStreamCopyAttributes(cudaStream_t destination, cudaStream_t source) {
    const DeviceLock lock;
    if (!isOwnStream(destination) || !isOwnStream(source)) {
        return api().answer(cudaErrorInvalidValue);
    }
    StreamRecords::get().attributes[destination] = StreamRecords::get().attributes[source];
    destination->priority = source->priority;
    return cudaSuccess;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t function, void* data, const char* file, int line) {
    if (function == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    {
        const warp_emulator::StreamWork work(stream);
        if (work.refusal() != cudaSuccess) {
            return api().answer(work.refusal());
        }
        if (work.captured()) {
            work.record(cudaGraphNodeTypeHost,
                        warp_emulator::nodeOrigin(cudaGraphNodeTypeHost, "cudaLaunchHostFunc", file, line))
                .host = cudaHostNodeParams{function, data};
            return cudaSuccess;
        }
        if (work.queued()) {
            work.queue([function, data] { function(data); });
            return cudaSuccess;
        }
    }
    function(data);  // without the device's lock: it may start threads that call the runtime API
    return api().answer(cudaSuccess);
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void* data, unsigned int flags,
                                  const char*, int) {
    if (callback == nullptr || flags != 0) {
        return api().answer(cudaErrorInvalidValue);
    }
    {
        const warp_emulator::StreamWork work(stream);
        if (work.refusal() != cudaSuccess) {
            return api().answer(work.refusal());
        }
        if (work.captured()) {
            // CUDA captures cudaLaunchHostFunc, not the older callbacks.
            warp_emulator::refuseWaitDuringCapture(stream);
            return api().answer(cudaErrorStreamCaptureUnsupported);
        }
        if (work.queued()) {
            work.queue([callback, stream, data] { callback(stream, api().syncError, data); });
            return cudaSuccess;
        }
    }
    callback(stream, api().syncError, data);  // without the device's lock, as a host function
    return api().answer(cudaSuccess);
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t, void* pointer, size_t bytes, unsigned int flags) {
    const DeviceLock lock;
    if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost && flags != cudaMemAttachSingle) {
        return api().answer(cudaErrorInvalidValue);
    }
    const warp_emulator::Allocation* allocation =
        warp_emulator::inDeviceArena(pointer) ? warp_emulator::DeviceMemory::instance().holding(pointer) : nullptr;
    if (allocation == nullptr || !allocation->live || allocation->kind != warp_emulator::MemoryKind::Managed ||
        (bytes != 0 && (allocation->start != pointer || bytes != allocation->bytes))) {
        return api().answer(cudaErrorInvalidValue);  // managed memory, whole
    }
    return cudaSuccess;
}

// The queue's one order already has the event's work before the waiting
// stream's next: a wait adds nothing to it, outside a capture.
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
    if (event == nullptr) {
        return api().answer(cudaErrorInvalidResourceHandle);
    }
    if (flags > cudaEventWaitExternal) {
        return api().answer(cudaErrorInvalidValue);
    }
    {
        const DeviceLock lock;
        if (const cudaError_t error = warp_emulator::captureEventWait(stream, event); error != cudaSuccess) {
            return api().answer(error);
        }
    }
    const warp_emulator::StreamWork work(stream);
    if (work.captured() && (flags & cudaEventWaitExternal) != 0) {
        work.record(cudaGraphNodeTypeWaitEvent,
                    warp_emulator::nodeOrigin(cudaGraphNodeTypeWaitEvent, "cudaStreamWaitEvent", "", 0))
            .event = event;
    }
    return api().answer(cudaSuccess);
}

cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest) {
    if (least != nullptr) {
        *least = kLeastPriority;
    }
    if (greatest != nullptr) {
        *greatest = kGreatestPriority;
    }
    return api().answer(cudaSuccess);
}

cudaError_t cudaCtxResetPersistingL2Cache() { return api().answer(cudaSuccess); }

cudaError_t cudaEventCreate(cudaEvent_t* event) { return cudaEventCreateWithFlags(event, cudaEventDefault); }
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags) {
    if (event == nullptr ||
        (flags & ~(cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess)) != 0 ||
        ((flags & cudaEventInterprocess) != 0 && (flags & cudaEventDisableTiming) == 0)) {
        return api().answer(cudaErrorInvalidValue);
    }
    *event = new CUevent_st{0.0, flags, false};
    return api().answer(cudaSuccess);
}
cudaError_t cudaEventDestroy(cudaEvent_t event) {
    warp_emulator::runQueuedWork();  // a record of it may be queued
    const DeviceLock lock;
    if (event != nullptr) {
        delete event->captured;
    }
    delete event;
    return api().answer(cudaSuccess);
}
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) { return cudaEventRecordWithFlags(event, stream, 0); }
cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags) {
    if (event == nullptr) {
        return api().answer(cudaErrorInvalidResourceHandle);
    }
    if (flags > cudaEventRecordExternal) {
        return api().answer(cudaErrorInvalidValue);
    }
    const warp_emulator::StreamWork work(stream);
    const DeviceLock lock;
    if (work.refusal() != cudaSuccess) {
        return api().answer(work.refusal());
    }
    if (work.captured()) {
        if ((flags & cudaEventRecordExternal) != 0) {
            work.record(cudaGraphNodeTypeEventRecord,
                        warp_emulator::nodeOrigin(cudaGraphNodeTypeEventRecord, "cudaEventRecordWithFlags", "", 0))
                .event = event;
        }
        warp_emulator::captureEventRecord(event, *warp_emulator::captureOf(stream));
        return cudaSuccess;
    }
    if (work.queued()) {
        delete event->captured;
        event->captured = nullptr;
        work.queue([event] { recordNow(event); });  // the time the work before it ends
        return cudaSuccess;
    }
    recordNow(event);
    return api().answer(cudaSuccess);
}
cudaError_t cudaEventSynchronize(cudaEvent_t event) {
    if (event == nullptr) {
        return api().answer(cudaErrorInvalidResourceHandle);
    }
    if (warp_emulator::recordedInActiveCapture(event)) {
        return api().answer(cudaErrorCapturedEvent);
    }
    warp_emulator::runQueuedWork();
    warp_emulator::releaseAboveThresholds();
    return api().answer(cudaSuccess);
}
cudaError_t cudaEventQuery(cudaEvent_t event) {
    if (event == nullptr) {
        return api().answer(cudaErrorInvalidResourceHandle);
    }
    if (warp_emulator::recordedInActiveCapture(event)) {
        return api().answer(cudaErrorCapturedEvent);
    }
    warp_emulator::runQueuedWork();  // then its work is done
    return api().answer(cudaSuccess);
}
cudaError_t cudaEventElapsedTime(float* milliseconds, cudaEvent_t start, cudaEvent_t end) {
    warp_emulator::runQueuedWork();
    if (start == nullptr || end == nullptr || (start->flags & cudaEventDisableTiming) != 0 ||
        (end->flags & cudaEventDisableTiming) != 0 || !start->recorded || !end->recorded) {
        return api().answer(cudaErrorInvalidResourceHandle);
    }
    *milliseconds = static_cast<float>((end->seconds - start->seconds) * 1000.0);
    return api().answer(cudaSuccess);
}
