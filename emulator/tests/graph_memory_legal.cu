// graph_memory_legal.cu: graph memory (Programming Guide, "Graph Memory
// Nodes"): an allocation node's address is fixed when the node is made, the
// memory is allocated when the node runs and freed by its free node. A
// kernel node between the two writes it, a memcpy node copies it out, and
// each later node depends on the one before. Launched twice, the graph
// allocates and frees the same address each time; a stream-ordered
// allocation captured into a second graph (cudaMallocAsync, whose free is
// left to the program: cudaFree after the launch) works the same way. On an
// H200: cudaSuccess, 3 and 66 at each launch, and 7 from the captured graph.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void fill(int* values, int value) { values[threadIdx.x] = value + static_cast<int>(threadIdx.x); }

int main() {
    cudaGraph_t graph;
    cudaGraphCreate(&graph, 0);
    cudaMemAllocNodeParams allocation = {};
    allocation.bytesize = 64 * sizeof(int);
    allocation.poolProps.allocType = cudaMemAllocationTypePinned;
    allocation.poolProps.location.type = cudaMemLocationTypeDevice;
    allocation.poolProps.location.id = 0;
    cudaGraphNode_t allocate, kernel, copy, release;
    cudaGraphAddMemAllocNode(&allocate, graph, nullptr, 0, &allocation);
    int* values = static_cast<int*>(allocation.dptr);
    int start = 3;
    void* arguments[] = {&values, &start};
    cudaKernelNodeParams parameters = {};
    parameters.func = (void*)fill;
    parameters.gridDim = dim3(1);
    parameters.blockDim = dim3(64);
    parameters.kernelParams = arguments;
    cudaGraphAddKernelNode(&kernel, graph, &allocate, 1, &parameters);
    static int host[64];
    cudaGraphAddMemcpyNode1D(&copy, graph, &kernel, 1, host, values, sizeof host, cudaMemcpyDeviceToHost);
    cudaGraphAddMemFreeNode(&release, graph, &copy, 1, values);
    cudaGraphExec_t exec;
    cudaGraphInstantiate(&exec, graph, 0);
    for (int launch = 0; launch < 2; ++launch) {
        cudaGraphLaunch(exec, 0);
        cudaStreamSynchronize(0);
        std::printf("launch %d: host[0] %d, host[63] %d\n", launch, host[0], host[63]);
    }

    cudaStream_t stream;
    cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    int* captured = nullptr;
    cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
    cudaMallocAsync(&captured, 32 * sizeof(int), stream);
    fill<<<1, 32, 0, stream>>>(captured, 7);
    cudaGraph_t capturedGraph;
    cudaStreamEndCapture(stream, &capturedGraph);
    cudaGraphExec_t capturedExec;
    cudaGraphInstantiate(&capturedExec, capturedGraph, 0);
    cudaGraphLaunch(capturedExec, stream);
    cudaStreamSynchronize(stream);
    int first = 0;
    cudaMemcpy(&first, captured, sizeof first, cudaMemcpyDeviceToHost);
    std::printf("captured graph: %d\n", first);
    cudaFree(captured);
    const int verdict = printLaunchVerdict();
    cudaGraphExecDestroy(exec);
    cudaGraphExecDestroy(capturedExec);
    cudaGraphDestroy(graph);
    cudaGraphDestroy(capturedGraph);
    cudaStreamDestroy(stream);
    return verdict;
}
