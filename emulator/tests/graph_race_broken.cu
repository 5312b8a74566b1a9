// graph_race_broken.cu: a graph built node by node, whose kernel node fills
// an array that a memcpy node copies to the host; the memcpy node was added
// without the kernel node as its dependency, so nothing orders the two. The
// Programming Guide (CUDA Graphs): a node runs once its dependencies have
// finished, and nodes with no path between them may run in any order or at
// the same time; the copy may read the array before, while or after the
// kernel writes it. The emulator runs the kernel node first (the order the
// nodes were added in) and reports the race between the two nodes.
// On an H200 the copy may start with the kernel: what the host gets depends
// on the timing, and no API call fails; compute-sanitizer's racecheck sees
// shared memory only, and memcheck and initcheck may stay silent.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "cudaGraphLaunch: cudaSuccess"; memcheck 0 errors; initcheck 8 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void fill(int* values) { values[threadIdx.x] = 2 * static_cast<int>(threadIdx.x); }

int main() {
    int* values = nullptr;
    cudaMalloc(&values, 64 * sizeof(int));
    static int host[64];

    cudaGraph_t graph;
    cudaGraphCreate(&graph, 0);
    void* arguments[] = {&values};
    cudaKernelNodeParams parameters = {};
    parameters.func = (void*)fill;
    parameters.gridDim = dim3(1);
    parameters.blockDim = dim3(64);
    parameters.kernelParams = arguments;
    cudaGraphNode_t kernel, copy;
    cudaGraphAddKernelNode(&kernel, graph, nullptr, 0, &parameters);
    // The mistake: no dependencies (&kernel, 1) for the copy.
    cudaGraphAddMemcpyNode1D(&copy, graph, nullptr, 0, host, values, sizeof host, cudaMemcpyDeviceToHost);

    cudaGraphExec_t exec;
    cudaGraphInstantiate(&exec, graph, 0);
    std::printf("cudaGraphLaunch: %s\n", cudaGetErrorName(cudaGraphLaunch(exec, 0)));
    const int verdict = printLaunchVerdict();
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaFree(values);
    return verdict;
}
