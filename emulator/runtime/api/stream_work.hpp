// stream_work.hpp: what becomes of work given to a stream: a launch, a copy,
// a memset, a host function, an event's record, a graph's launch
// (stream_work.cpp).
//
//   The legacy stream (0): the work runs when its call is made, after
//     everything queued on the program's own streams (the legacy stream waits
//     for them); the launch has finished when its call returns.
//   A stream of the program's own (cudaStreamCreate): the work is queued, in
//     the order it was given, and runs when the host next waits for the
//     device: a synchronisation of a stream, an event or the device, a query,
//     cudaFree, or work given to the legacy stream; a wait of the host's own
//     (host_waits.cpp); or the end of the host thread that queued it. So a
//     kernel that waits for the host (a latch the host sets in mapped memory
//     after launching it, as UnifiedMemoryPerf's does) finds the host's write
//     when it runs, as on a GPU; and an event recorded after a kernel times
//     the kernel. A host thread that waits by spinning on memory, with no
//     call, waits for ever: the queued work never runs. A copy to or from
//     pageable host memory (neither pinned nor registered) runs when its call
//     is made, after the work queued before it, as CUDA's returns only once
//     the host's side has been read or written.
//   A stream that captures (capture.hpp): the work becomes a node of a graph.
//
// One order runs everything queued: the order it was given in, which every
// stream's order and every event's wait allow (a wait is for work given
// before it). Work runs whole before the next begins.
#pragma once

#include <functional>
#include <string>

#include "api/capture.hpp"

namespace warp_emulator {

class StreamWork {
public:
    // For the legacy stream, runs what is queued first.
    explicit StreamWork(cudaStream_t stream);
    bool captured() const { return capture_ != nullptr; }
    bool queued() const { return queued_; }
    bool runsNow() const { return capture_ == nullptr && !queued_ && refusal_ == cudaSuccess; }
    cudaError_t refusal() const { return refusal_; }
    // A new node of the captured graph, after the stream's last. Only when captured().
    CUgraphNode_st& record(cudaGraphNodeType type, std::string origin) const;
    // Work to run when the host next waits. Only when queued(). A host
    // function runs without the device's lock (it may call the runtime API
    // from another thread and wait for it).
    void queue(std::function<void()> work) const;

private:
    StreamCapture* capture_ = nullptr;
    bool queued_ = false;
    cudaError_t refusal_ = cudaSuccess;
};

// Runs everything queued, in the order it was given: the host waits for the device.
void runQueuedWork();
// Whether anything is queued (a look without the device's lock).
bool workIsQueued();

}  // namespace warp_emulator
