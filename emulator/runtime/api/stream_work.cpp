// stream_work.cpp: what becomes of work given to a stream (stream_work.hpp),
// the queue of the program's own streams, and where a launch goes.
#include "api/stream_work.hpp"

#include <stdlib.h>

#include <atomic>
#include <deque>
#include <mutex>

#include "api/api_state.hpp"
#include "scheduling/block_workers.hpp"
#include "scheduling/launch.hpp"

namespace warp_emulator {

namespace {

bool isLegacyStream(cudaStream_t stream) { return stream == nullptr || stream == cudaStreamLegacy; }
bool isOwnStream(cudaStream_t stream) { return !isLegacyStream(stream) && stream != cudaStreamPerThread; }

struct Queue {
    std::deque<std::function<void()>> work;  // under the device's lock
    std::atomic<size_t> length{0};           // its length, for a look without the lock
    std::recursive_mutex running;            // one host thread runs the queue at a time
    bool runAtExit = false;

    static Queue& get() {
        static Queue* queue = new Queue;
        return *queue;
    }
};

// What is queued when the program ends runs then, as a GPU's context
// finishes its work before it is destroyed: its findings are the program's.
void runAtExit() { runQueuedWork(); }

// A host thread that queued work and ends, as simpleCallback's threads do
// once they have queued their copies, kernel and callback, leaves the device
// to go on: what is queued runs as the thread ends.
struct RunAtThreadEnd {
    ~RunAtThreadEnd() { runQueuedWork(); }
};

}  // namespace

StreamWork::StreamWork(cudaStream_t stream) {
    {
        const DeviceLock lock;
        if (isOwnStream(stream)) {
            capture_ = stream->capture;
            if (capture_ != nullptr && captureInvalidated(*capture_)) {
                capture_ = nullptr;
                refusal_ = cudaErrorStreamCaptureInvalidated;
            }
            queued_ = capture_ == nullptr && refusal_ == cudaSuccess;
            return;
        }
        if (isLegacyStream(stream) && blockingStreamCaptures(true)) {
            refusal_ = cudaErrorStreamCaptureImplicit;
            return;
        }
    }
    runQueuedWork();  // the legacy stream waits for the program's streams
}

CUgraphNode_st& StreamWork::record(cudaGraphNodeType type, std::string origin) const {
    return recordCaptured(*capture_, type, std::move(origin));
}

void StreamWork::queue(std::function<void()> work) const {
    const DeviceLock lock;
    Queue& queue = Queue::get();
    queue.work.push_back(std::move(work));
    queue.length = queue.work.size();
    if (!queue.runAtExit) {
        queue.runAtExit = true;
        atexit(runAtExit);
    }
    static thread_local RunAtThreadEnd runAtThreadEnd;
    (void)runAtThreadEnd;
}

void runQueuedWork() {
    if (BlockWorkers::inWorker()) {
        return;  // a worker process runs its blocks only: the queue is the program's (a worker's sleep would run it)
    }
    Queue& queue = Queue::get();
    const std::lock_guard<std::recursive_mutex> running(queue.running);
    for (;;) {
        std::function<void()> next;
        {
            const DeviceLock lock;
            if (queue.work.empty()) {
                return;
            }
            next = std::move(queue.work.front());
            queue.work.pop_front();
            queue.length = queue.work.size();
            if (api().sticky != cudaSuccess) {
                continue;  // a kernel stopped: a GPU's context runs nothing more
            }
        }
        next();  // a launch or a copy takes the device's lock itself; a host function must not hold it
    }
}

bool workIsQueued() { return !BlockWorkers::inWorker() && Queue::get().length != 0; }

bool launchIsKept(cudaStream_t stream) { return !StreamWork(stream).runsNow(); }

void keepLaunch(cudaStream_t stream, KeptLaunchPointer launch, dim3 grid, dim3 block, size_t sharedBytes,
                const char* file, int line) {
    const StreamWork work(stream);
    if (work.refusal() != cudaSuccess) {
        api().answer(work.refusal());
        return;
    }
    if (work.captured()) {
        KernelNode kernel;
        kernel.function = launch->kernel;
        kernel.grid = grid;
        kernel.block = block;
        kernel.sharedBytes = sharedBytes;
        kernel.launch = std::move(launch);
        CUgraphNode_st& node =
            work.record(cudaGraphNodeTypeKernel, nodeOrigin(cudaGraphNodeTypeKernel, "its launch", file, line, &kernel));
        node.kernel = std::move(kernel);
        return;
    }
    // A configuration a GPU refuses fails the launch when it is made, as there.
    const cudaError_t configuration = launchConfigurationError(launch->kernel, grid, block, sharedBytes);
    if (configuration != cudaSuccess) {
        api().answer(configuration);
        return;
    }
    work.queue([launch, grid, block, sharedBytes] { launch->launch(grid, block, sharedBytes); });
}

}  // namespace warp_emulator
