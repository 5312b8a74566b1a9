// streams.cpp: streams, events and host functions
// (warp_emulator/host/stream_api.hpp). Every launch has finished when its call
// returns, so a stream orders nothing the host's own order does not.
#include <chrono>

#include "api/api_state.hpp"
#include "warp_emulator/host/runtime_api.hpp"

using warp_emulator::api;

cudaError_t cudaStreamCreate(cudaStream_t* stream) { return cudaStreamCreateWithFlags(stream, cudaStreamDefault); }
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags) {
    if (stream == nullptr || flags > cudaStreamNonBlocking) {
        return api().answer(cudaErrorInvalidValue);
    }
    *stream = new CUstream_st{flags};
    return api().answer(cudaSuccess);
}
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int) {
    return cudaStreamCreateWithFlags(stream, flags);
}
cudaError_t cudaStreamDestroy(cudaStream_t stream) {
    delete stream;
    return api().answer(cudaSuccess);
}
cudaError_t cudaStreamSynchronize(cudaStream_t) { return api().answer(api().syncError); }
cudaError_t cudaStreamQuery(cudaStream_t) { return api().answer(cudaSuccess); }
cudaError_t cudaLaunchHostFunc(cudaStream_t, cudaHostFn_t function, void* data) {
    if (function == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    function(data);
    return api().answer(cudaSuccess);
}

cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t event, unsigned int) {
    return api().answer(event == nullptr ? cudaErrorInvalidResourceHandle : cudaSuccess);
}
cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest) {
    if (least != nullptr) {
        *least = 0;
    }
    if (greatest != nullptr) {
        *greatest = -5;
    }
    return api().answer(cudaSuccess);
}

cudaError_t cudaEventCreate(cudaEvent_t* event) { return cudaEventCreateWithFlags(event, cudaEventDefault); }
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags) {
    if (event == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *event = new CUevent_st{0.0, flags, false};
    return api().answer(cudaSuccess);
}
cudaError_t cudaEventDestroy(cudaEvent_t event) {
    delete event;
    return api().answer(cudaSuccess);
}
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t) {
    if (event == nullptr) {
        return api().answer(cudaErrorInvalidResourceHandle);
    }
    event->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    event->recorded = true;
    return api().answer(cudaSuccess);
}
cudaError_t cudaEventSynchronize(cudaEvent_t) { return api().answer(cudaSuccess); }
cudaError_t cudaEventQuery(cudaEvent_t) { return api().answer(cudaSuccess); }
cudaError_t cudaEventElapsedTime(float* milliseconds, cudaEvent_t start, cudaEvent_t end) {
    if (start == nullptr || end == nullptr || (start->flags & cudaEventDisableTiming) != 0 ||
        (end->flags & cudaEventDisableTiming) != 0 || !start->recorded || !end->recorded) {
        return api().answer(cudaErrorInvalidResourceHandle);
    }
    *milliseconds = static_cast<float>((end->seconds - start->seconds) * 1000.0);
    return api().answer(cudaSuccess);
}
