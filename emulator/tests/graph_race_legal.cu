// graph_race_legal.cu: graph_race_broken.cu with the dependency it forgot:
// the memcpy node depends on the kernel node, so the copy reads the array
// once the kernel has written it (Programming Guide, CUDA Graphs: a node runs
// once its dependencies have finished). The graph is launched twice, and a
// memset node before the kernel node, and a second kernel node beside the
// first that writes an array of its own, are ordered or touch other bytes:
// nothing is reported. On an H200: cudaSuccess, and the host gets 10 and 126.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "host[5] 10, host[63] 126"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void fill(int* values) { values[threadIdx.x] = 2 * static_cast<int>(threadIdx.x); }

int main() {
    int* values = nullptr;
    int* others = nullptr;
    cudaMalloc(&values, 64 * sizeof(int));
    cudaMalloc(&others, 64 * sizeof(int));
    static int host[64];

    cudaGraph_t graph;
    cudaGraphCreate(&graph, 0);
    cudaMemsetParams set = {};
    set.dst = values;
    set.value = 0;
    set.elementSize = 4;
    set.width = 64;
    set.height = 1;
    cudaGraphNode_t clear, kernel, other, copy;
    cudaGraphAddMemsetNode(&clear, graph, nullptr, 0, &set);
    void* arguments[] = {&values};
    cudaKernelNodeParams parameters = {};
    parameters.func = (void*)fill;
    parameters.gridDim = dim3(1);
    parameters.blockDim = dim3(64);
    parameters.kernelParams = arguments;
    cudaGraphAddKernelNode(&kernel, graph, &clear, 1, &parameters);
    void* otherArguments[] = {&others};
    parameters.kernelParams = otherArguments;
    cudaGraphAddKernelNode(&other, graph, nullptr, 0, &parameters);
    cudaGraphAddMemcpyNode1D(&copy, graph, &kernel, 1, host, values, sizeof host, cudaMemcpyDeviceToHost);

    cudaGraphExec_t exec;
    cudaGraphInstantiate(&exec, graph, 0);
    for (int launch = 0; launch < 2; ++launch) {
        cudaGraphLaunch(exec, 0);
    }
    cudaStreamSynchronize(0);
    std::printf("host[5] %d, host[63] %d\n", host[5], host[63]);
    const int verdict = printLaunchVerdict();
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaFree(values);
    cudaFree(others);
    return verdict;
}
