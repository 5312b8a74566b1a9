// capture.hpp: stream capture (capture.cpp): from cudaStreamBeginCapture to
// cudaStreamEndCapture, the work given to a stream becomes a node of a graph,
// after the stream's last nodes, and runs only when the graph is launched
// (stream_work.hpp routes the work). Work on the legacy stream while a
// blocking stream captures is refused, as CUDA refuses it
// (cudaErrorStreamCaptureImplicit: it would depend on the capture), and the
// capture is invalidated.
#pragma once

#include <string>

#include "api/graph_state.hpp"

namespace warp_emulator {

struct CaptureSession;

// Per capturing stream (CUstream_st::capture).
struct StreamCapture {
    CaptureSession* session = nullptr;
    std::vector<CUgraphNode_st*> last;  // what the stream's next node depends on
};

// Per event recorded by a capturing stream (CUevent_st::captured).
struct CapturedEvent {
    unsigned long long session = 0;
    std::vector<CUgraphNode_st*> nodes;
};

// A new node of the captured graph, after the stream's last nodes; it
// becomes the stream's last.
CUgraphNode_st& recordCaptured(StreamCapture& capture, cudaGraphNodeType type, std::string origin);
bool captureInvalidated(const StreamCapture& capture);
// Whether a blocking stream captures: the legacy stream waits for every
// blocking stream, and for one that captures that is a dependency the capture
// cannot record. Work given to the legacy stream then invalidates it.
bool blockingStreamCaptures(bool invalidate);

// An event recorded on a capturing stream keeps the stream's last nodes; a
// wait for it on another stream brings that stream into the capture (or adds
// them to its last), or is refused (cudaErrorStreamCaptureIsolation: it is in
// another capture).
void captureEventRecord(cudaEvent_t event, StreamCapture& capture);
cudaError_t captureEventWait(cudaStream_t stream, cudaEvent_t event);
StreamCapture* captureOf(cudaStream_t stream);
// A stream destroyed while it takes part in a capture it did not begin
// leaves it; what it recorded must still be joined by the capture's end.
// The stream a capture began on cannot be destroyed before it ends.
cudaError_t leaveCapture(cudaStream_t stream);
// Whether the event's last record was in a capture that is still going on
// (then it cannot be waited for from the host: cudaErrorCapturedEvent).
bool recordedInActiveCapture(cudaEvent_t event);

// cudaMallocAsync and cudaFreeAsync on a capturing stream: a memory
// allocation node, whose address is fixed now (graphs.cpp), and a memory free node.
class StreamWork;
cudaError_t captureAllocation(const StreamWork& work, void** pointer, size_t bytes, ElementType element,
                              const char* how, const char* file, int line);
void captureFree(const StreamWork& work, void* pointer, const char* how, const char* file, int line);

// Whether any stream captures now: the calls that wait for the whole device
// (cudaDeviceSynchronize) are not allowed then.
bool anyStreamCaptures();
// Refuses a call that would wait for a capturing stream: invalidates its
// capture; cudaErrorStreamCaptureUnsupported.
cudaError_t refuseWaitDuringCapture(cudaStream_t stream);

}  // namespace warp_emulator
