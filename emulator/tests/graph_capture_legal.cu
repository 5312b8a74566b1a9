// graph_capture_legal.cu: a graph captured from three streams. The first
// records an event that the other two wait for (they join the capture, the
// Programming Guide's "cross-stream dependencies"); each sets half of an
// array, and the first waits for both before the kernel that reads all of it
// and the copy to the host. cudaStreamIsCapturing and cudaStreamGetCaptureInfo
// see the capture; the launches and copies are recorded, not run, until the
// graph is. Instantiated and launched twice, it gives the same answers; no
// two of its nodes touch the same bytes unordered. On an H200: cudaSuccess,
// the first stream's last nodes 2 (the two setHalf kernels) before
// the sum, 4 nodes, and the sums 96 and 96.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void sumTwoHalves(const int* values, int* sum) {
    if (threadIdx.x == 0) {
        int total = 0;
        for (int i = 0; i < 64; ++i) {
            total += values[i];
        }
        *sum = total;
    }
}

__global__ void setHalf(int* half, int value) { half[threadIdx.x] = value; }

int main() {
    int* values = nullptr;
    int* sum = nullptr;
    cudaMalloc(&values, 64 * sizeof(int));
    cudaMalloc(&sum, sizeof(int));
    int host = -1;
    cudaStream_t first, second, third;
    cudaStreamCreate(&first);
    cudaStreamCreate(&second);
    cudaStreamCreate(&third);
    cudaEvent_t fork, secondDone, thirdDone;
    cudaEventCreate(&fork);
    cudaEventCreate(&secondDone);
    cudaEventCreate(&thirdDone);

    cudaStreamBeginCapture(first, cudaStreamCaptureModeGlobal);
    cudaEventRecord(fork, first);
    cudaStreamWaitEvent(second, fork, 0);
    cudaStreamWaitEvent(third, fork, 0);
    setHalf<<<1, 32, 0, second>>>(values, 1);
    cudaEventRecord(secondDone, second);
    setHalf<<<1, 32, 0, third>>>(values + 32, 2);
    cudaEventRecord(thirdDone, third);
    cudaStreamWaitEvent(first, secondDone, 0);
    cudaStreamWaitEvent(first, thirdDone, 0);
    cudaStreamCaptureStatus status;
    const cudaGraphNode_t* last = nullptr;
    size_t lastCount = 0;
    cudaStreamGetCaptureInfo(first, &status, nullptr, nullptr, &last, nullptr, &lastCount);
    cudaStreamCaptureStatus secondStatus;
    cudaStreamIsCapturing(second, &secondStatus);
    std::printf("capturing: %d, the second stream too: %d, before the sum: %zu nodes\n",
                status == cudaStreamCaptureStatusActive, secondStatus == cudaStreamCaptureStatusActive, lastCount);
    sumTwoHalves<<<1, 32, 0, first>>>(values, sum);
    cudaMemcpyAsync(&host, sum, sizeof host, cudaMemcpyDeviceToHost, first);
    cudaGraph_t graph;
    std::printf("cudaStreamEndCapture: %s\n", cudaGetErrorName(cudaStreamEndCapture(first, &graph)));
    size_t nodes = 0;
    cudaGraphGetNodes(graph, nullptr, &nodes);
    std::printf("nodes: %zu, the host's value before the launch: %d\n", nodes, host);

    cudaGraphExec_t exec;
    cudaGraphInstantiate(&exec, graph, 0);
    for (int launch = 0; launch < 2; ++launch) {
        host = 0;
        cudaGraphLaunch(exec, first);
        cudaStreamSynchronize(first);
        std::printf("launch %d: sum %d\n", launch, host);
    }
    const int verdict = printLaunchVerdict();
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaStreamDestroy(first);
    cudaStreamDestroy(second);
    cudaStreamDestroy(third);
    cudaFree(values);
    cudaFree(sum);
    return verdict;
}
