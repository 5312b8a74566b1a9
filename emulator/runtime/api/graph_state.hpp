// graph_state.hpp: what a CUDA graph is here (graphs.cpp builds, copies and
// runs them; capture.cpp records a stream's work into one): nodes of each
// type with their parameters, kept as CUDA keeps them (a kernel node's
// arguments are copied when the node is made), and the edges between them.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "warp_emulator/host/graph_api.hpp"

struct CUgraphNode_st;

struct CUgraph_st {
    std::vector<std::unique_ptr<CUgraphNode_st>> nodes;  // in the order they were added
    // The conditional node whose body this graph is, or null.
    CUgraphNode_st* ownerNode = nullptr;
    // Owned by a node of another graph (a child graph's own copy, a conditional
    // body): cudaGraphDestroy may not destroy it.
    bool ownedByNode = false;
};

namespace warp_emulator {

// Graph memory: its room is reserved when the allocation node is made, and
// stays reserved while any graph holding that node (a copy, an instantiation)
// lives. A later allocation node of the same graph that comes after its free
// (on every path) may take the same room, as CUDA reuses the address.
struct GraphAllocation {
    void* address = nullptr;
    size_t room = 0;
    ~GraphAllocation();
};

// What one allocation node allocates, in its room.
struct AllocationNode {
    std::shared_ptr<GraphAllocation> room;
    size_t bytes = 0;
    ElementType element;
    std::string origin;  // "cudaGraphAddMemAllocNode at x.cu:12"
};

struct KernelNode {
    const void* function = nullptr;  // as the program gave it (cudaKernelNodeParams::func), or the kernel's address
    dim3 grid, block;
    size_t sharedBytes = 0;
    KeptLaunchPointer launch;  // the kernel with copies of its arguments
};

struct ConditionalNode {
    cudaGraphConditionalHandle handle = 0;
    cudaGraphConditionalNodeType type = cudaGraphCondTypeIf;
    std::vector<std::unique_ptr<CUgraph_st>> bodies;
    std::vector<cudaGraph_t> bodyHandles;  // what phGraph_out points at
};

}  // namespace warp_emulator

struct CUgraphNode_st {
    cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
    CUgraph_st* graph = nullptr;                 // the graph it belongs to
    std::vector<CUgraphNode_st*> dependencies;   // the nodes it waits for
    std::vector<CUgraphNode_st*> dependents;     // the nodes that wait for it
    // "the kernel node `scale` (cudaGraphAddKernelNode at x.cu:30)": how a report names it.
    std::string origin;

    warp_emulator::KernelNode kernel;
    cudaMemcpy3DParms copy{};
    cudaMemsetParams set{};
    cudaHostNodeParams host{};
    std::unique_ptr<CUgraph_st> child;           // a child graph node's own copy
    cudaEvent_t event = nullptr;                 // an event record or wait node's
    warp_emulator::AllocationNode allocation;    // a memory allocation node's
    void* freed = nullptr;                       // a memory free node's
    warp_emulator::ConditionalNode conditional;
};

struct CUgraphExec_st {
    std::unique_ptr<CUgraph_st> graph;           // a copy of the graph, made when it was instantiated
    // Each node of the graph it was made from (or last updated from), and its copy here.
    std::vector<std::pair<const CUgraphNode_st*, CUgraphNode_st*>> copies;
    unsigned long long flags = 0;
    std::vector<std::string> reportedRaces;      // each pair of nodes reported once
};

namespace warp_emulator {

// A deep copy of `graph`; `copies`, when given, gets each node and its copy.
std::unique_ptr<CUgraph_st> copyGraph(const CUgraph_st& graph,
                                      std::vector<std::pair<const CUgraphNode_st*, CUgraphNode_st*>>* copies);
// A new node of `graph`, after `dependencies`.
CUgraphNode_st* addNode(CUgraph_st& graph, cudaGraphNodeType type, const CUgraphNode_st* const* dependencies,
                        size_t count, std::string origin);
// What "cudaGraphAddKernelNode at x.cu:30" says of a node of that type.
std::string nodeOrigin(cudaGraphNodeType type, const std::string& how, const char* file, int line,
                       const KernelNode* kernel = nullptr);
// A memcpy node's parameters for a copy of `bytes` bytes.
cudaMemcpy3DParms linearCopy(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind);
// Kahn's order of `graph`'s nodes, by their index: the order they were added
// in, where the dependencies allow it; false when a cycle leaves some out
// (graph_launch.cpp).
bool runOrder(const CUgraph_st& graph, std::vector<size_t>* order);
// Runs a launch of `exec`, made at `site` ("cudaGraphLaunch at x.cu:12").
cudaError_t launchGraph(CUgraphExec_st& exec, const std::string& site);
bool conditionalHandleExists(cudaGraphConditionalHandle handle);

}  // namespace warp_emulator
