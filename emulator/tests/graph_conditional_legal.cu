// graph_conditional_legal.cu: conditional nodes (CUDA 12.4; Programming Guide,
// "Conditional Graph Nodes"). A while node whose handle starts at 1 at every
// launch (cudaGraphCondAssignDefault) runs its body, captured into it with
// cudaStreamBeginCaptureToGraph, until the body's kernel sets the handle to 0
// with cudaGraphSetConditional: five times from a counter of 5. An if node
// with two bodies runs the second (its else) when the handle is 0. On an
// H200: cudaSuccess, 5 iterations and the else body, at each of two launches.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void countDown(int* counter, int* iterations, cudaGraphConditionalHandle handle) {
    if (threadIdx.x == 0) {
        *counter -= 1;
        *iterations += 1;
        cudaGraphSetConditional(handle, *counter > 0 ? 1 : 0);
    }
}

__global__ void setFlag(int* flag, int value) { *flag = value; }

__global__ void decide(cudaGraphConditionalHandle handle) { cudaGraphSetConditional(handle, 0); }

int main() {
    int* counter = nullptr;
    int* iterations = nullptr;
    int* branch = nullptr;
    cudaMalloc(&counter, sizeof(int));
    cudaMalloc(&iterations, sizeof(int));
    cudaMalloc(&branch, sizeof(int));

    cudaGraph_t graph;
    cudaGraphCreate(&graph, 0);
    cudaGraphConditionalHandle loop, choice;
    cudaGraphConditionalHandleCreate(&loop, graph, 1, cudaGraphCondAssignDefault);
    cudaGraphConditionalHandleCreate(&choice, graph);

    cudaGraphNodeParams whileParameters = {};
    whileParameters.type = cudaGraphNodeTypeConditional;
    whileParameters.conditional.handle = loop;
    whileParameters.conditional.type = cudaGraphCondTypeWhile;
    whileParameters.conditional.size = 1;
    cudaGraphNode_t whileNode;
    cudaGraphAddNode(&whileNode, graph, nullptr, nullptr, 0, &whileParameters);
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    cudaStreamBeginCaptureToGraph(stream, whileParameters.conditional.phGraph_out[0], nullptr, nullptr, 0,
                                  cudaStreamCaptureModeGlobal);
    countDown<<<1, 32, 0, stream>>>(counter, iterations, loop);
    cudaStreamEndCapture(stream, nullptr);

    cudaGraphNodeParams decideParameters = {};
    decideParameters.type = cudaGraphNodeTypeKernel;
    void* decideArguments[] = {&choice};
    decideParameters.kernel.func = (void*)decide;
    decideParameters.kernel.gridDim = dim3(1);
    decideParameters.kernel.blockDim = dim3(1);
    decideParameters.kernel.kernelParams = decideArguments;
    cudaGraphNode_t decideNode;
    cudaGraphAddNode(&decideNode, graph, &whileNode, nullptr, 1, &decideParameters);

    cudaGraphNodeParams ifParameters = {};
    ifParameters.type = cudaGraphNodeTypeConditional;
    ifParameters.conditional.handle = choice;
    ifParameters.conditional.type = cudaGraphCondTypeIf;
    ifParameters.conditional.size = 2;
    cudaGraphNode_t ifNode;
    cudaGraphAddNode(&ifNode, graph, &decideNode, nullptr, 1, &ifParameters);
    for (int body = 0; body < 2; ++body) {
        cudaGraphNodeParams setParameters = {};
    setParameters.type = cudaGraphNodeTypeKernel;
        int value = body == 0 ? 100 : 200;
        void* setArguments[] = {&branch, &value};
        setParameters.kernel.func = (void*)setFlag;
        setParameters.kernel.gridDim = dim3(1);
        setParameters.kernel.blockDim = dim3(1);
        setParameters.kernel.kernelParams = setArguments;
        cudaGraphNode_t setNode;
        cudaGraphAddNode(&setNode, ifParameters.conditional.phGraph_out[body], nullptr, nullptr, 0, &setParameters);
    }

    cudaGraphExec_t exec;
    std::printf("cudaGraphInstantiate: %s\n", cudaGetErrorName(cudaGraphInstantiate(&exec, graph, 0)));
    for (int launch = 0; launch < 2; ++launch) {
        const int five = 5, zero = 0;
        cudaMemcpy(counter, &five, sizeof five, cudaMemcpyHostToDevice);
        cudaMemcpy(iterations, &zero, sizeof zero, cudaMemcpyHostToDevice);
        cudaMemcpy(branch, &zero, sizeof zero, cudaMemcpyHostToDevice);
        cudaGraphLaunch(exec, stream);
        cudaStreamSynchronize(stream);
        int ran = 0, taken = 0;
        cudaMemcpy(&ran, iterations, sizeof ran, cudaMemcpyDeviceToHost);
        cudaMemcpy(&taken, branch, sizeof taken, cudaMemcpyDeviceToHost);
        std::printf("launch %d: %d iterations, branch %d\n", launch, ran, taken);
    }
    const int verdict = printLaunchVerdict();
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaStreamDestroy(stream);
    cudaFree(counter);
    cudaFree(iterations);
    cudaFree(branch);
    return verdict;
}
