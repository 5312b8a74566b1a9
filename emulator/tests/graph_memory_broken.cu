// graph_memory_broken.cu: a graph whose kernel node reads graph memory after
// its free node: the reading kernel depends on the free (Programming Guide,
// "Graph Memory Nodes": accessing a graph allocation after its free node,
// in an order the graph's dependencies make, is invalid). The emulator frees
// the memory when the free node runs, and the kernel's read is an invalid
// access naming the allocation node and the free node. On an H200 the freed
// memory may still be mapped: the read may succeed, or fault.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 34 errors (Invalid __global__ read of size 4 bytes); initcheck 0 errors; racecheck 0 hazards
// expect-exit: 1
#include "case.cuh"

__global__ void fill(int* values) { values[threadIdx.x] = static_cast<int>(threadIdx.x); }
__global__ void copyOut(const int* values, int* out) { out[threadIdx.x] = values[threadIdx.x]; }

int main() {
    int* out = nullptr;
    cudaMalloc(&out, 32 * sizeof(int));
    cudaGraph_t graph;
    cudaGraphCreate(&graph, 0);
    cudaMemAllocNodeParams allocation = {};
    allocation.bytesize = 32 * sizeof(int);
    allocation.poolProps.allocType = cudaMemAllocationTypePinned;
    allocation.poolProps.location.type = cudaMemLocationTypeDevice;
    allocation.poolProps.location.id = 0;
    cudaGraphNode_t allocate, filling, release, reading;
    cudaGraphAddMemAllocNode(&allocate, graph, nullptr, 0, &allocation);
    int* values = static_cast<int*>(allocation.dptr);
    void* fillArguments[] = {&values};
    cudaKernelNodeParams parameters = {};
    parameters.func = (void*)fill;
    parameters.gridDim = dim3(1);
    parameters.blockDim = dim3(32);
    parameters.kernelParams = fillArguments;
    cudaGraphAddKernelNode(&filling, graph, &allocate, 1, &parameters);
    cudaGraphAddMemFreeNode(&release, graph, &filling, 1, values);
    void* readArguments[] = {&values, &out};
    parameters.func = (void*)copyOut;
    parameters.kernelParams = readArguments;
    cudaGraphAddKernelNode(&reading, graph, &release, 1, &parameters);  // after the free

    cudaGraphExec_t exec;
    cudaGraphInstantiate(&exec, graph, 0);
    cudaGraphLaunch(exec, 0);
    return printLaunchVerdict();
}
