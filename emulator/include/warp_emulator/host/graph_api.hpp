// graph_api.hpp: CUDA graphs, built from nodes or captured from streams, as a
// host program calls them (runtime/api/graphs.cpp, runtime/api/capture.cpp).
//
// A graph is kept as CUDA keeps it: nodes of each type with their parameters
// (a kernel node copies its arguments when it is made, from kernelParams or
// from the launch a capturing stream recorded), and the dependencies between
// them. cudaGraphInstantiate copies it; cudaGraphLaunch runs the copy's
// nodes one after another, in an order its dependencies allow, each one
// finished before the next begins: on the legacy stream, before
// cudaGraphLaunch returns; on a stream of the program's own, when the host
// next waits (stream_api.hpp). Two nodes that no path of dependencies orders may run at the same
// time on a GPU: the emulator records what each node reads and writes, and
// reports a race where two such nodes touch the same bytes and one writes
// them (runtime/checks/graph_races.hpp).
//
// Capture: from cudaStreamBeginCapture to cudaStreamEndCapture, a launch, a
// copy, a memset, a host function, cudaMallocAsync and cudaFreeAsync on the
// stream become nodes, each after the stream's last; an event recorded on it
// and waited for on another stream brings that stream into the capture.
//
// Conditional nodes (CUDA 12.4): a handle's value, set by
// cudaGraphSetConditional in a kernel of the graph (or its default, given
// cudaGraphCondAssignDefault, at each launch), decides whether the body runs
// (if), which body runs (switch), or how often (while).
//
// Graph memory (an allocation node, cudaMallocAsync while capturing) has its
// address fixed when the node is made; it is allocated when the node runs and
// freed by the free node, cudaFree or cudaFreeAsync.
#pragma once

#include <cstddef>

#include "../device/kernel_calls.hpp"
#include "memory3d_api.hpp"
#include "pool_api.hpp"
#include "runtime_types.hpp"
#include "stream_api.hpp"

typedef struct CUgraph_st* cudaGraph_t;
typedef struct CUgraphNode_st* cudaGraphNode_t;
typedef struct CUgraphExec_st* cudaGraphExec_t;
typedef struct CUgraphDeviceUpdatableNode_st* cudaGraphDeviceNode_t;
typedef unsigned long long cudaGraphConditionalHandle;

struct cudaKernelNodeParams {
    void* func;  // the kernel, cast to void*
    dim3 gridDim;
    dim3 blockDim;
    unsigned int sharedMemBytes;
    void** kernelParams;  // a pointer to each argument
    void** extra;         // the driver's packed form: not emulated
};
struct cudaKernelNodeParamsV2 {
    void* func;
    dim3 gridDim;
    dim3 blockDim;
    unsigned int sharedMemBytes;
    void** kernelParams;
    void** extra;
};

struct cudaMemsetParams {
    void* dst;
    size_t pitch;  // bytes from one row to the next, where height > 1
    unsigned int value;
    unsigned int elementSize;  // 1, 2 or 4 bytes
    size_t width;              // elements in a row
    size_t height;             // rows
};
struct cudaMemsetParamsV2 {
    void* dst;
    size_t pitch;
    unsigned int value;
    unsigned int elementSize;
    size_t width;
    size_t height;
};

struct cudaMemcpyNodeParams {
    int flags;
    int reserved[3];
    cudaMemcpy3DParms copyParams;
};

struct cudaHostNodeParams {
    cudaHostFn_t fn;
    void* userData;
};
struct cudaHostNodeParamsV2 {
    cudaHostFn_t fn;
    void* userData;
};

struct cudaChildGraphNodeParams {
    cudaGraph_t graph;
    cudaGraphChildGraphNodeOwnership ownership;
};
struct cudaEventRecordNodeParams {
    cudaEvent_t event;
};
struct cudaEventWaitNodeParams {
    cudaEvent_t event;
};

struct cudaMemAllocNodeParams {
    cudaMemPoolProps poolProps;
    const cudaMemAccessDesc* accessDescs;
    size_t accessDescCount;
    size_t bytesize;
    void* dptr;  // out: the allocation's address
};
struct cudaMemAllocNodeParamsV2 {
    cudaMemPoolProps poolProps;
    const cudaMemAccessDesc* accessDescs;
    size_t accessDescCount;
    size_t bytesize;
    void* dptr;
};
struct cudaMemFreeNodeParams {
    void* dptr;
};

struct cudaConditionalNodeParams {
    cudaGraphConditionalHandle handle;
    cudaGraphConditionalNodeType type;
    unsigned int size;         // bodies: 1 for while, 1 or 2 for if, any for switch
    cudaGraph_t* phGraph_out;  // out: the bodies, the node's own
};

// cudaGraphAddNode's parameters: the type, and that type's in the union.
// External semaphore nodes are not emulated.
struct cudaGraphNodeParams {
    cudaGraphNodeType type;
    int reserved0[3];
    union {
        long long reserved1[29];
        cudaKernelNodeParamsV2 kernel;
        cudaMemcpyNodeParams memcpy;
        cudaMemsetParamsV2 memset;
        cudaHostNodeParamsV2 host;
        cudaChildGraphNodeParams graph;
        cudaEventWaitNodeParams eventWait;
        cudaEventRecordNodeParams eventRecord;
        cudaMemAllocNodeParamsV2 alloc;
        cudaMemFreeNodeParams free;
        cudaConditionalNodeParams conditional;
    };
    long long reserved2;
};

typedef enum cudaGraphDependencyType_enum cudaGraphDependencyType;
typedef struct cudaGraphEdgeData_st {
    unsigned char from_port;
    unsigned char to_port;
    unsigned char type;
    unsigned char reserved[5];
} cudaGraphEdgeData;

typedef struct cudaGraphInstantiateParams_st {
    unsigned long long flags;
    cudaStream_t uploadStream;
    cudaGraphNode_t errNode_out;
    cudaGraphInstantiateResult result_out;
} cudaGraphInstantiateParams;

typedef struct cudaGraphExecUpdateResultInfo_st {
    cudaGraphExecUpdateResult result;
    cudaGraphNode_t errorNode;
    cudaGraphNode_t errorFromNode;
} cudaGraphExecUpdateResultInfo;

constexpr unsigned int cudaGraphKernelNodePortDefault = 0;
constexpr unsigned int cudaGraphKernelNodePortProgrammatic = 1;
constexpr unsigned int cudaGraphKernelNodePortLaunchCompletion = 2;

// ---------------------------------------------------------------------------
// Stream capture (runtime/api/capture.cpp)
// ---------------------------------------------------------------------------

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, cudaStreamCaptureMode mode);
cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                          const cudaGraphEdgeData* dependencyData, size_t count,
                                          cudaStreamCaptureMode mode);
cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* graph);
cudaError_t cudaStreamIsCapturing(cudaStream_t stream, cudaStreamCaptureStatus* status);
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, cudaStreamCaptureStatus* status,
                                     unsigned long long* id = nullptr, cudaGraph_t* graph = nullptr,
                                     const cudaGraphNode_t** dependencies = nullptr,
                                     const cudaGraphEdgeData** edgeData = nullptr, size_t* count = nullptr);
cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t* dependencies,
                                                const cudaGraphEdgeData* dependencyData, size_t count,
                                                unsigned int flags = 0);
cudaError_t cudaThreadExchangeStreamCaptureMode(cudaStreamCaptureMode* mode);

// ---------------------------------------------------------------------------
// Graphs and their nodes (runtime/api/graphs.cpp)
// ---------------------------------------------------------------------------

cudaError_t cudaGraphCreate(cudaGraph_t* graph, unsigned int flags);
cudaError_t cudaGraphClone(cudaGraph_t* clone, cudaGraph_t graph);
cudaError_t cudaGraphDestroy(cudaGraph_t graph);

// A kernel node's func is a kernel cast to void* ((void*)kernel), which the
// emulator's rewriting records with its parameters (launch.hpp).
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                   size_t count, const cudaKernelNodeParams* parameters, WARP_EMULATOR_SITE);
cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                   size_t count, const cudaMemcpy3DParms* parameters, WARP_EMULATOR_SITE);
cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                     size_t count, void* destination, const void* source, size_t bytes,
                                     cudaMemcpyKind kind, WARP_EMULATOR_SITE);
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                   size_t count, const cudaMemsetParams* parameters, WARP_EMULATOR_SITE);
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                 size_t count, const cudaHostNodeParams* parameters, WARP_EMULATOR_SITE);
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                       size_t count, cudaGraph_t child, WARP_EMULATOR_SITE);
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                  size_t count, WARP_EMULATOR_SITE);
cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                        size_t count, cudaEvent_t event, WARP_EMULATOR_SITE);
cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                      size_t count, cudaEvent_t event, WARP_EMULATOR_SITE);
cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                     size_t count, cudaMemAllocNodeParams* parameters, WARP_EMULATOR_SITE);
cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                    size_t count, void* pointer, WARP_EMULATOR_SITE);
cudaError_t cudaGraphAddNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                             const cudaGraphEdgeData* dependencyData, size_t count, cudaGraphNodeParams* parameters,
                             WARP_EMULATOR_SITE);

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, cudaKernelNodeParams* parameters);
cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const cudaKernelNodeParams* parameters);
cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, cudaMemcpy3DParms* parameters);
cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const cudaMemcpy3DParms* parameters);
cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, cudaMemsetParams* parameters);
cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const cudaMemsetParams* parameters);
cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, cudaHostNodeParams* parameters);
cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const cudaHostNodeParams* parameters);
cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t* graph);
cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node, cudaMemAllocNodeParams* parameters);
cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void* pointer);
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, cudaGraphNodeType* type);
cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node);

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from, const cudaGraphNode_t* to,
                                     const cudaGraphEdgeData* edgeData, size_t count);
inline cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from, const cudaGraphNode_t* to,
                                            size_t count) {
    return cudaGraphAddDependencies(graph, from, to, nullptr, count);
}
cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t* from, const cudaGraphNode_t* to,
                                        const cudaGraphEdgeData* edgeData, size_t count);
// The usual two calls: the count with `nodes` null, then the nodes.
cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, size_t* count);
cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, size_t* count);
cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t* from, cudaGraphNode_t* to,
                              cudaGraphEdgeData* edgeData, size_t* count);
cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t* dependencies,
                                         cudaGraphEdgeData* edgeData, size_t* count);
cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t* dependents,
                                           cudaGraphEdgeData* edgeData, size_t* count);
inline cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t* dependencies, size_t* count) {
    return cudaGraphNodeGetDependencies(node, dependencies, nullptr, count);
}
inline cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t* dependents, size_t* count) {
    return cudaGraphNodeGetDependentNodes(node, dependents, nullptr, count);
}

// ---------------------------------------------------------------------------
// Executable graphs
// ---------------------------------------------------------------------------

cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph, unsigned long long flags = 0);
// CUDA 11's form, which cuda_runtime.h keeps: the error node and log are not written.
inline cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph, cudaGraphNode_t*, char*, size_t) {
    return cudaGraphInstantiate(exec, graph, 0ull);
}
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t* exec, cudaGraph_t graph, unsigned long long flags = 0);
cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t* exec, cudaGraph_t graph,
                                           cudaGraphInstantiateParams* parameters);
cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t exec, unsigned long long* flags);
cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t stream, WARP_EMULATOR_SITE);
// Nothing to upload: the graph runs where it is.
cudaError_t cudaGraphUpload(cudaGraphExec_t exec, cudaStream_t stream);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec);
// Updates an instantiation from a graph of the same shape (the same nodes,
// of the same types, with the same dependencies): each node takes the
// parameters of its counterpart.
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph, cudaGraphExecUpdateResultInfo* result);
// CUDA 11's form, which cuda_runtime.h keeps.
inline cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph, cudaGraphNode_t* errorNode,
                                       cudaGraphExecUpdateResult* result) {
    cudaGraphExecUpdateResultInfo info{};
    const cudaError_t error = cudaGraphExecUpdate(exec, graph, &info);
    if (errorNode != nullptr) {
        *errorNode = info.errorNode;
    }
    if (result != nullptr) {
        *result = info.result;
    }
    return error;
}
// `node` is a node of the graph the instantiation was made (or updated) from.
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const cudaKernelNodeParams* parameters);
cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const cudaMemcpy3DParms* parameters);
cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const cudaMemsetParams* parameters);
cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                           const cudaHostNodeParams* parameters);

// ---------------------------------------------------------------------------
// Conditional nodes
// ---------------------------------------------------------------------------

cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle* handle, cudaGraph_t graph,
                                             unsigned int defaultLaunchValue = 0, unsigned int flags = 0);
// From a kernel of the graph: the value the handle's conditional node reads next.
void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value);

// ---------------------------------------------------------------------------
// Graph memory
// ---------------------------------------------------------------------------

// cudaGraphMemAttrUsedMemCurrent and High: the bytes of graph memory allocated
// now and at most; ReservedMem: those the graphs keep, allocated or not,
// until cudaDeviceGraphMemTrim gives back what is not allocated.
cudaError_t cudaDeviceGetGraphMemAttribute(int device, cudaGraphMemAttributeType attribute, void* value);
// Resets a High to 0.
cudaError_t cudaDeviceSetGraphMemAttribute(int device, cudaGraphMemAttributeType attribute, void* value);
cudaError_t cudaDeviceGraphMemTrim(int device);
