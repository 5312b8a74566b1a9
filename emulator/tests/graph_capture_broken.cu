// graph_capture_broken.cu: graph_capture_legal.cu's capture with its join in
// the wrong place: the first stream waits for the second stream's event only
// after the kernel that reads what the second stream's kernel writes. The
// capture ends joined (the wait is there before cudaStreamEndCapture, as CUDA
// requires), but in the graph nothing orders the reader after the writer: a
// GPU may run them at the same time (Programming Guide, CUDA Graphs). The
// emulator runs them in the order they were captured, and reports the race
// between the two kernel nodes. On an H200 no call fails, and the sum
// depends on the timing, and so does initcheck's count (0 errors in one
// capture, 1 in the next: the reader may run before the writer);
// compute-sanitizer's racecheck sees shared memory only.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "cudaStreamEndCapture: cudaSuccess"; memcheck 0 errors; initcheck 1 error (Uninitialized __global__ memory read of size 4 bytes); racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void sumAll(const int* values, int* sum) {
    if (threadIdx.x == 0) {
        int total = 0;
        for (int i = 0; i < 32; ++i) {
            total += values[i];
        }
        *sum = total;
    }
}

__global__ void setAll(int* values, int value) { values[threadIdx.x] = value; }

int main() {
    int* values = nullptr;
    int* sum = nullptr;
    cudaMalloc(&values, 32 * sizeof(int));
    cudaMalloc(&sum, sizeof(int));
    int host = 0;
    cudaStream_t first, second;
    cudaStreamCreate(&first);
    cudaStreamCreate(&second);
    cudaEvent_t fork, secondDone;
    cudaEventCreate(&fork);
    cudaEventCreate(&secondDone);

    cudaStreamBeginCapture(first, cudaStreamCaptureModeGlobal);
    cudaEventRecord(fork, first);
    cudaStreamWaitEvent(second, fork, 0);
    setAll<<<1, 32, 0, second>>>(values, 3);
    cudaEventRecord(secondDone, second);
    sumAll<<<1, 32, 0, first>>>(values, sum);  // before the wait below: unordered with setAll
    cudaStreamWaitEvent(first, secondDone, 0);
    cudaMemcpyAsync(&host, sum, sizeof host, cudaMemcpyDeviceToHost, first);
    cudaGraph_t graph;
    std::printf("cudaStreamEndCapture: %s\n", cudaGetErrorName(cudaStreamEndCapture(first, &graph)));

    cudaGraphExec_t exec;
    cudaGraphInstantiate(&exec, graph, 0);
    cudaGraphLaunch(exec, first);
    cudaStreamSynchronize(first);
    const int verdict = printLaunchVerdict();
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaStreamDestroy(first);
    cudaStreamDestroy(second);
    cudaFree(values);
    cudaFree(sum);
    return verdict;
}
