// capture.cpp: stream capture (warp_emulator/host/graph_api.hpp): the calls
// that begin, follow and end a capture, and what a capturing stream records
// (stream_work.cpp sends its work here).
//
// A capture is one session shared by every stream it has reached: the stream
// it began on, and each stream that waited for an event recorded in it. Each
// stream keeps its last nodes, which its next node depends on; an event
// recorded on a capturing stream keeps that stream's last nodes, and a wait
// for it adds them to the waiting stream's. At cudaStreamEndCapture every
// stream the capture reached must have joined back into the stream it began
// on (its last nodes come before that stream's last), as CUDA requires
// (cudaErrorStreamCaptureUnjoined otherwise).
#include "api/capture.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "api/api_state.hpp"
#include "memory/symbols.hpp"

namespace warp_emulator {

struct CaptureSession {
    unsigned long long id = 0;
    CUgraph_st* graph = nullptr;
    bool ownsGraph = true;  // made by cudaStreamBeginCapture, not the program's own (cudaStreamBeginCaptureToGraph)
    cudaStream_t origin = nullptr;
    cudaStreamCaptureMode mode = cudaStreamCaptureModeGlobal;
    bool invalidated = false;
    std::vector<cudaStream_t> streams;  // every stream it has reached, the origin first
    // The last nodes of streams destroyed before the capture ended: they must
    // be joined too.
    std::vector<CUgraphNode_st*> leftBehind;
};

namespace {

struct Captures {
    unsigned long long nextId = 1;
    std::map<unsigned long long, std::unique_ptr<CaptureSession>> sessions;  // the active ones
};

Captures& captures() {
    static Captures* all = new Captures;
    return *all;
}

bool isLegacyStream(cudaStream_t stream) { return stream == nullptr || stream == cudaStreamLegacy; }
bool isOwnStream(cudaStream_t stream) { return !isLegacyStream(stream) && stream != cudaStreamPerThread; }

CaptureSession* activeSession(unsigned long long id) {
    const auto found = captures().sessions.find(id);
    return found == captures().sessions.end() ? nullptr : found->second.get();
}

void addUnique(std::vector<CUgraphNode_st*>& nodes, CUgraphNode_st* node) {
    if (std::find(nodes.begin(), nodes.end(), node) == nodes.end()) {
        nodes.push_back(node);
    }
}

// Every node that comes before `nodes` in the graph, and `nodes` themselves.
std::set<const CUgraphNode_st*> before(const std::vector<CUgraphNode_st*>& nodes) {
    std::set<const CUgraphNode_st*> seen;
    std::vector<const CUgraphNode_st*> pending(nodes.begin(), nodes.end());
    while (!pending.empty()) {
        const CUgraphNode_st* node = pending.back();
        pending.pop_back();
        if (seen.insert(node).second) {
            pending.insert(pending.end(), node->dependencies.begin(), node->dependencies.end());
        }
    }
    return seen;
}

bool anyBlockingStreamCaptures(bool invalidate) {
    bool found = false;
    for (auto& [id, session] : captures().sessions) {
        for (cudaStream_t member : session->streams) {
            if ((member->flags & cudaStreamNonBlocking) == 0) {
                found = true;
                session->invalidated = session->invalidated || invalidate;
            }
        }
    }
    return found;
}

}  // namespace

bool blockingStreamCaptures(bool invalidate) {
    const DeviceLock lock;
    return anyBlockingStreamCaptures(invalidate);
}

namespace {

void detach(cudaStream_t stream) {
    delete stream->capture;
    stream->capture = nullptr;
}

// Ends a session: every stream leaves it; the graph is the caller's, or gone.
CUgraph_st* endSession(CaptureSession* session, bool keepGraph) {
    for (cudaStream_t stream : session->streams) {
        detach(stream);
    }
    CUgraph_st* graph = session->graph;
    if (!keepGraph && session->ownsGraph) {
        delete graph;
        graph = nullptr;
    }
    captures().sessions.erase(session->id);
    return graph;
}

}  // namespace

CUgraphNode_st& recordCaptured(StreamCapture& capture, cudaGraphNodeType type, std::string origin) {
    const DeviceLock lock;
    CUgraphNode_st* node =
        addNode(*capture.session->graph, type, capture.last.data(), capture.last.size(), std::move(origin));
    capture.last.assign(1, node);
    return *node;
}

bool captureInvalidated(const StreamCapture& capture) { return capture.session->invalidated; }

bool anyStreamCaptures() {
    const DeviceLock lock;
    return !captures().sessions.empty();
}

cudaError_t refuseWaitDuringCapture(cudaStream_t stream) {
    const DeviceLock lock;
    if (isOwnStream(stream) && stream->capture != nullptr) {
        stream->capture->session->invalidated = true;
        return cudaErrorStreamCaptureUnsupported;
    }
    return cudaSuccess;
}

StreamCapture* captureOf(cudaStream_t stream) {
    const DeviceLock lock;
    return isOwnStream(stream) ? stream->capture : nullptr;
}

cudaError_t leaveCapture(cudaStream_t stream) {
    const DeviceLock lock;
    if (!isOwnStream(stream) || stream->capture == nullptr) {
        return cudaSuccess;
    }
    CaptureSession* session = stream->capture->session;
    if (session->origin == stream) {
        return cudaErrorStreamCaptureUnsupported;  // end its capture first
    }
    session->leftBehind.insert(session->leftBehind.end(), stream->capture->last.begin(), stream->capture->last.end());
    session->streams.erase(std::remove(session->streams.begin(), session->streams.end(), stream), session->streams.end());
    detach(stream);
    return cudaSuccess;
}

bool recordedInActiveCapture(cudaEvent_t event) {
    const DeviceLock lock;
    return event != nullptr && event->captured != nullptr && activeSession(event->captured->session) != nullptr;
}

// An event recorded on a capturing stream: what a wait for it joins.
void captureEventRecord(cudaEvent_t event, StreamCapture& capture) {
    if (event->captured == nullptr) {
        event->captured = new CapturedEvent;
    }
    event->captured->session = capture.session->id;
    event->captured->nodes = capture.last;
}

// A wait on `stream` for an event recorded in a capture: the stream joins it.
cudaError_t captureEventWait(cudaStream_t stream, cudaEvent_t event) {
    CaptureSession* session = event->captured != nullptr ? activeSession(event->captured->session) : nullptr;
    if (session == nullptr) {
        return cudaSuccess;  // recorded outside any capture that is still going on: already complete
    }
    if (!isOwnStream(stream)) {
        return cudaErrorStreamCaptureImplicit;
    }
    if (stream->capture == nullptr) {
        stream->capture = new StreamCapture{session, event->captured->nodes};
        session->streams.push_back(stream);
        return cudaSuccess;
    }
    if (stream->capture->session != session) {
        return cudaErrorStreamCaptureIsolation;
    }
    for (CUgraphNode_st* node : event->captured->nodes) {
        addUnique(stream->capture->last, node);
    }
    return cudaSuccess;
}

}  // namespace warp_emulator

using warp_emulator::api;
using warp_emulator::CaptureSession;
using warp_emulator::DeviceLock;

namespace {

thread_local cudaStreamCaptureMode threadCaptureMode = cudaStreamCaptureModeGlobal;

cudaError_t beginCapture(cudaStream_t stream, CUgraph_st* graph, bool ownsGraph, const cudaGraphNode_t* dependencies,
                         size_t count, cudaStreamCaptureMode mode) {
    if (!warp_emulator::isOwnStream(stream)) {
        return cudaErrorStreamCaptureUnsupported;  // the legacy stream cannot capture
    }
    if (stream->capture != nullptr) {
        return cudaErrorIllegalState;
    }
    warp_emulator::Captures& all = warp_emulator::captures();
    auto session = std::make_unique<CaptureSession>();
    session->id = all.nextId++;
    session->graph = graph;
    session->ownsGraph = ownsGraph;
    session->origin = stream;
    session->mode = mode;
    session->streams.push_back(stream);
    stream->capture = new warp_emulator::StreamCapture{session.get(), {}};
    for (size_t i = 0; i < count; ++i) {
        stream->capture->last.push_back(dependencies[i]);
    }
    all.sessions[session->id] = std::move(session);
    return cudaSuccess;
}

}  // namespace

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, cudaStreamCaptureMode mode) {
    const DeviceLock lock;
    if (mode < cudaStreamCaptureModeGlobal || mode > cudaStreamCaptureModeRelaxed) {
        return api().answer(cudaErrorInvalidValue);
    }
    auto graph = std::make_unique<CUgraph_st>();
    const cudaError_t error = beginCapture(stream, graph.get(), true, nullptr, 0, mode);
    if (error == cudaSuccess) {
        graph.release();  // the session's now
    }
    return api().answer(error);
}

cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                          const cudaGraphEdgeData*, size_t count, cudaStreamCaptureMode mode) {
    const DeviceLock lock;
    if (graph == nullptr || (count != 0 && dependencies == nullptr)) {
        return api().answer(cudaErrorInvalidValue);
    }
    return api().answer(beginCapture(stream, graph, false, dependencies, count, mode));
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* graph) {
    const DeviceLock lock;
    if (!warp_emulator::isOwnStream(stream) || stream->capture == nullptr) {
        return api().answer(cudaErrorIllegalState);
    }
    CaptureSession* session = stream->capture->session;
    if (session->origin != stream) {
        return api().answer(cudaErrorStreamCaptureUnmatched);
    }
    if (graph != nullptr) {
        *graph = nullptr;
    }
    if (session->invalidated) {
        warp_emulator::endSession(session, false);
        return api().answer(cudaErrorStreamCaptureInvalidated);
    }
    const std::set<const CUgraphNode_st*> joined = warp_emulator::before(stream->capture->last);
    std::vector<CUgraphNode_st*> lastOfAll = session->leftBehind;
    for (cudaStream_t member : session->streams) {
        lastOfAll.insert(lastOfAll.end(), member->capture->last.begin(), member->capture->last.end());
    }
    for (const CUgraphNode_st* node : lastOfAll) {
        if (joined.count(node) == 0) {
            warp_emulator::endSession(session, false);
            return api().answer(cudaErrorStreamCaptureUnjoined);
        }
    }
    CUgraph_st* captured = warp_emulator::endSession(session, true);
    if (graph != nullptr) {
        *graph = captured;
    }
    return cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, cudaStreamCaptureStatus* status) {
    return cudaStreamGetCaptureInfo(stream, status);
}

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, cudaStreamCaptureStatus* status, unsigned long long* id,
                                     cudaGraph_t* graph, const cudaGraphNode_t** dependencies,
                                     const cudaGraphEdgeData** edgeData, size_t* count) {
    const DeviceLock lock;
    if (status == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (warp_emulator::isLegacyStream(stream) && warp_emulator::anyBlockingStreamCaptures(false)) {
        return api().answer(cudaErrorStreamCaptureImplicit);  // the capture goes on
    }
    const warp_emulator::StreamCapture* capture = warp_emulator::isOwnStream(stream) ? stream->capture : nullptr;
    *status = capture == nullptr                ? cudaStreamCaptureStatusNone
              : capture->session->invalidated ? cudaStreamCaptureStatusInvalidated
                                              : cudaStreamCaptureStatusActive;
    if (capture != nullptr) {
        if (id != nullptr) {
            *id = capture->session->id;
        }
        if (graph != nullptr) {
            *graph = capture->session->graph;
        }
        if (dependencies != nullptr) {
            *dependencies = capture->last.data();
        }
        if (count != nullptr) {
            *count = capture->last.size();
        }
    }
    if (edgeData != nullptr) {
        *edgeData = nullptr;  // every edge is a default one
    }
    return cudaSuccess;
}

cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t* dependencies,
                                                const cudaGraphEdgeData*, size_t count, unsigned int flags) {
    const DeviceLock lock;
    if (!warp_emulator::isOwnStream(stream) || stream->capture == nullptr) {
        return api().answer(cudaErrorIllegalState);
    }
    if ((count != 0 && dependencies == nullptr) || flags > cudaStreamSetCaptureDependencies) {
        return api().answer(cudaErrorInvalidValue);
    }
    std::vector<CUgraphNode_st*>& last = stream->capture->last;
    if (flags == cudaStreamSetCaptureDependencies) {
        last.clear();
    }
    for (size_t i = 0; i < count; ++i) {
        if (dependencies[i] == nullptr || dependencies[i]->graph != stream->capture->session->graph) {
            return api().answer(cudaErrorInvalidValue);
        }
        warp_emulator::addUnique(last, dependencies[i]);
    }
    return cudaSuccess;
}

cudaError_t cudaThreadExchangeStreamCaptureMode(cudaStreamCaptureMode* mode) {
    if (mode == nullptr || *mode < cudaStreamCaptureModeGlobal || *mode > cudaStreamCaptureModeRelaxed) {
        return api().answer(cudaErrorInvalidValue);
    }
    std::swap(*mode, threadCaptureMode);
    return cudaSuccess;
}
