// graphs.cpp: CUDA graphs (warp_emulator/host/graph_api.hpp): building them
// node by node, copying, instantiating and updating them. Launching them,
// their conditional handles and graph memory's counts are graph_launch.cpp's.
#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "api/api_state.hpp"
#include "api/stream_work.hpp"
#include "api/copies.hpp"
#include "memory/device_memory.hpp"
#include "memory/symbols.hpp"
#include "reporting/text.hpp"

namespace warp_emulator {

namespace {

const char* typeName(cudaGraphNodeType type) {
    switch (type) {
        case cudaGraphNodeTypeKernel: return "kernel";
        case cudaGraphNodeTypeMemcpy: return "memcpy";
        case cudaGraphNodeTypeMemset: return "memset";
        case cudaGraphNodeTypeHost: return "host";
        case cudaGraphNodeTypeGraph: return "child graph";
        case cudaGraphNodeTypeEmpty: return "empty";
        case cudaGraphNodeTypeWaitEvent: return "event wait";
        case cudaGraphNodeTypeEventRecord: return "event record";
        case cudaGraphNodeTypeMemAlloc: return "memory allocation";
        case cudaGraphNodeTypeMemFree: return "memory free";
        case cudaGraphNodeTypeConditional: return "conditional";
        default: return "unknown";
    }
}

}  // namespace

GraphAllocation::~GraphAllocation() { DeviceMemory::instance().unreserve(address); }

std::string nodeOrigin(cudaGraphNodeType type, const std::string& how, const char* file, int line,
                       const KernelNode* kernel) {
    std::string text = "the " + std::string(typeName(type)) + " node";
    if (kernel != nullptr && kernel->launch != nullptr) {
        const std::string name = kernel->launch->kernel != nullptr ? SymbolTable::get().nameOf(kernel->launch->kernel)
                                 : kernel->launch->name != nullptr ? std::string(kernel->launch->name)
                                                                   : std::string("?");
        text += " `" + name + "`";
    }
    text += (how.rfind("cudaGraph", 0) == 0 ? " made by " : " captured from ") + how;
    return file != nullptr && *file != '\0' ? text + " at " + siteText(file, line) : text;
}

cudaMemcpy3DParms linearCopy(void* destination, const void* source, size_t bytes, cudaMemcpyKind kind) {
    cudaMemcpy3DParms copy{};
    copy.srcPtr = make_cudaPitchedPtr(const_cast<void*>(source), bytes, bytes, 1);
    copy.dstPtr = make_cudaPitchedPtr(destination, bytes, bytes, 1);
    copy.extent = make_cudaExtent(bytes, 1, 1);
    copy.kind = kind;
    return copy;
}

CUgraphNode_st* addNode(CUgraph_st& graph, cudaGraphNodeType type, const CUgraphNode_st* const* dependencies,
                        size_t count, std::string origin) {
    auto node = std::make_unique<CUgraphNode_st>();
    node->type = type;
    node->graph = &graph;
    node->origin = std::move(origin);
    for (size_t i = 0; i < count; ++i) {
        CUgraphNode_st* dependency = const_cast<CUgraphNode_st*>(dependencies[i]);
        if (std::find(node->dependencies.begin(), node->dependencies.end(), dependency) == node->dependencies.end()) {
            node->dependencies.push_back(dependency);
            dependency->dependents.push_back(node.get());
        }
    }
    graph.nodes.push_back(std::move(node));
    return graph.nodes.back().get();
}

namespace {

// Copies a node's parameters (not its edges) from `from` into `to`.
void copyParameters(CUgraphNode_st& to, const CUgraphNode_st& from) {
    to.type = from.type;
    to.origin = from.origin;
    to.kernel = from.kernel;
    to.copy = from.copy;
    to.set = from.set;
    to.host = from.host;
    to.event = from.event;
    to.allocation = from.allocation;
    to.freed = from.freed;
    to.child = from.child != nullptr ? copyGraph(*from.child, nullptr) : nullptr;
    if (to.child != nullptr) {
        to.child->ownedByNode = true;
    }
    to.conditional.handle = from.conditional.handle;
    to.conditional.type = from.conditional.type;
    to.conditional.bodies.clear();
    to.conditional.bodyHandles.clear();
    for (const auto& body : from.conditional.bodies) {
        to.conditional.bodies.push_back(copyGraph(*body, nullptr));
        to.conditional.bodies.back()->ownedByNode = true;
        to.conditional.bodies.back()->ownerNode = &to;
        to.conditional.bodyHandles.push_back(to.conditional.bodies.back().get());
    }
}

size_t indexOf(const CUgraph_st& graph, const CUgraphNode_st* node) {
    for (size_t i = 0; i < graph.nodes.size(); ++i) {
        if (graph.nodes[i].get() == node) {
            return i;
        }
    }
    return graph.nodes.size();
}

}  // namespace

std::unique_ptr<CUgraph_st> copyGraph(const CUgraph_st& graph,
                                      std::vector<std::pair<const CUgraphNode_st*, CUgraphNode_st*>>* copies) {
    auto copy = std::make_unique<CUgraph_st>();
    std::map<const CUgraphNode_st*, CUgraphNode_st*> copied;
    for (const auto& node : graph.nodes) {
        std::vector<const CUgraphNode_st*> dependencies;
        for (const CUgraphNode_st* dependency : node->dependencies) {
            dependencies.push_back(copied.at(dependency));
        }
        CUgraphNode_st* made = addNode(*copy, node->type, dependencies.data(), dependencies.size(), node->origin);
        copyParameters(*made, *node);
        copied[node.get()] = made;
        if (copies != nullptr) {
            copies->emplace_back(node.get(), made);
        }
    }
    return copy;
}

namespace {

bool acyclic(const CUgraph_st& graph) {
    std::vector<size_t> order;
    if (!runOrder(graph, &order)) {
        return false;
    }
    for (const auto& node : graph.nodes) {
        if (node->child != nullptr && !acyclic(*node->child)) {
            return false;
        }
        for (const auto& body : node->conditional.bodies) {
            if (!acyclic(*body)) {
                return false;
            }
        }
    }
    return true;
}

}  // namespace

}  // namespace warp_emulator

using warp_emulator::api;
using warp_emulator::DeviceLock;

namespace {

// Checks a new node's graph and dependencies; cudaErrorInvalidValue where
// they are not right.
cudaError_t checkNewNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies, size_t count) {
    if (node == nullptr || graph == nullptr || (count != 0 && dependencies == nullptr)) {
        return cudaErrorInvalidValue;
    }
    for (size_t i = 0; i < count; ++i) {
        if (dependencies[i] == nullptr || dependencies[i]->graph != graph) {
            return cudaErrorInvalidValue;
        }
    }
    return cudaSuccess;
}

CUgraphNode_st* newNode(cudaGraph_t graph, cudaGraphNodeType type, const cudaGraphNode_t* dependencies, size_t count,
                        const char* how, const char* file, int line) {
    return warp_emulator::addNode(*graph, type, dependencies, count,
                                  warp_emulator::nodeOrigin(type, how, file, line));
}

// A kernel node's parameters from the program's: its arguments copied, as the
// kernel's registered launcher knows their types.
cudaError_t kernelNode(warp_emulator::KernelNode* kernel, const cudaKernelNodeParams& parameters, const char* how) {
    const warp_emulator::RegisteredKernel* registered = warp_emulator::registeredKernelAt(parameters.func);
    if (registered == nullptr) {
        std::fprintf(stderr,
                     "warp emulator: %s was given %p as a kernel node's func, which is no kernel the emulator saw "
                     "cast to void* ((void*)kernel in a .cu file): it cannot tell the kernel's parameters\n",
                     how, parameters.func);
        return cudaErrorInvalidDeviceFunction;
    }
    if (parameters.kernelParams == nullptr && parameters.extra != nullptr) {
        std::fprintf(stderr,
                     "warp emulator: %s: a kernel node's arguments in `extra` (the driver's packed buffer) are not "
                     "emulated: give them as kernelParams, a pointer to each\n",
                     how);
        return cudaErrorNotSupported;
    }
    if (parameters.kernelParams == nullptr && registered->parameterCount != 0) {
        return cudaErrorInvalidValue;  // the kernel's arguments are missing
    }
    kernel->function = parameters.func;
    kernel->grid = parameters.gridDim;
    kernel->block = parameters.blockDim;
    kernel->sharedBytes = parameters.sharedMemBytes;
    kernel->launch = registered->keep(parameters.func, parameters.kernelParams);
    return cudaSuccess;
}

cudaKernelNodeParams fromV2(const cudaKernelNodeParamsV2& v2) {
    return cudaKernelNodeParams{v2.func, v2.gridDim, v2.blockDim, v2.sharedMemBytes, v2.kernelParams, v2.extra};
}

cudaError_t checkMemset(const cudaMemsetParams& set) {
    if (set.dst == nullptr || (set.elementSize != 1 && set.elementSize != 2 && set.elementSize != 4) ||
        (set.height > 1 && set.pitch < set.width * set.elementSize)) {
        return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}

}  // namespace

namespace warp_emulator {

namespace {

// Every node before `nodes` in their graph, and `nodes` themselves.
std::set<const CUgraphNode_st*> nodesBefore(const std::vector<CUgraphNode_st*>& nodes) {
    std::set<const CUgraphNode_st*> seen;
    std::vector<const CUgraphNode_st*> pending(nodes.begin(), nodes.end());
    while (!pending.empty()) {
        const CUgraphNode_st* node = pending.back();
        pending.pop_back();
        if (seen.insert(node).second) {
            pending.insert(pending.end(), node->dependencies.begin(), node->dependencies.end());
        }
    }
    return seen;
}

// Room of an earlier allocation of the same graph that `node` may take: one
// of at least `bytes` that a free node before `node` frees, after every
// allocation node that used it.
std::shared_ptr<GraphAllocation> freedRoomBefore(const CUgraphNode_st& node, size_t bytes) {
    const std::set<const CUgraphNode_st*> before = nodesBefore(node.dependencies);
    for (const CUgraphNode_st* free : before) {
        if (free->type != cudaGraphNodeTypeMemFree) {
            continue;
        }
        std::shared_ptr<GraphAllocation> room;
        std::vector<const CUgraphNode_st*> users;
        for (const auto& other : node.graph->nodes) {
            if (other->type == cudaGraphNodeTypeMemAlloc && other.get() != &node && other->allocation.room != nullptr &&
                other->allocation.room->address == free->freed) {
                room = other->allocation.room;
                users.push_back(other.get());
            }
        }
        if (room == nullptr || room->room < bytes) {
            continue;
        }
        const std::set<const CUgraphNode_st*> beforeFree = nodesBefore(free->dependencies);
        if (std::all_of(users.begin(), users.end(), [&](const CUgraphNode_st* user) { return beforeFree.count(user); })) {
            return room;
        }
    }
    return nullptr;
}

}  // namespace

// A graph allocation, at an address it keeps: the room of an allocation the
// graph has freed before it, or new room reserved now; named as "the
// float[100] from `origin`" (cudaGraphAddMemAllocNode at x.cu:12).
cudaError_t allocationNode(CUgraphNode_st* node, size_t bytes, ElementType element, const std::string& origin,
                           void** address) {
    if (bytes == 0) {
        return cudaErrorInvalidValue;
    }
    std::shared_ptr<GraphAllocation> room = freedRoomBefore(*node, bytes);
    if (room == nullptr) {
        room = std::make_shared<GraphAllocation>();
        room->room = bytes;
        room->address = DeviceMemory::instance().reserve(
            bytes, element, origin, "no allocation yet: its graph's memory allocation node has not run");
        if (room->address == nullptr) {
            return cudaErrorMemoryAllocation;
        }
    }
    node->allocation = AllocationNode{room, bytes, element, origin};
    *address = room->address;
    return cudaSuccess;
}

// cudaMallocAsync and cudaFreeAsync on a capturing stream (pools.cpp).
cudaError_t captureAllocation(const StreamWork& work, void** pointer, size_t bytes, ElementType element, const char* how,
                              const char* file, int line) {
    CUgraphNode_st& node =
        work.record(cudaGraphNodeTypeMemAlloc, nodeOrigin(cudaGraphNodeTypeMemAlloc, how, file, line));
    return allocationNode(&node, bytes, element, std::string(how) + " at " + siteText(file, line) + ", captured",
                          pointer);
}
void captureFree(const StreamWork& work, void* pointer, const char* how, const char* file, int line) {
    work.record(cudaGraphNodeTypeMemFree, nodeOrigin(cudaGraphNodeTypeMemFree, how, file, line)).freed = pointer;
}

}  // namespace warp_emulator

cudaError_t cudaGraphCreate(cudaGraph_t* graph, unsigned int flags) {
    if (graph == nullptr || flags != 0) {
        return api().answer(cudaErrorInvalidValue);
    }
    *graph = new CUgraph_st;
    return cudaSuccess;
}

cudaError_t cudaGraphClone(cudaGraph_t* clone, cudaGraph_t graph) {
    const DeviceLock lock;
    if (clone == nullptr || graph == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *clone = warp_emulator::copyGraph(*graph, nullptr).release();
    return cudaSuccess;
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
    const DeviceLock lock;
    if (graph == nullptr || graph->ownedByNode) {
        return api().answer(cudaErrorInvalidValue);
    }
    delete graph;
    return cudaSuccess;
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                   size_t count, const cudaKernelNodeParams* parameters, const char* file, int line) {
    const DeviceLock lock;
    if (const cudaError_t error = checkNewNode(node, graph, dependencies, count); error != cudaSuccess || !parameters) {
        return api().answer(error != cudaSuccess ? error : cudaErrorInvalidValue);
    }
    warp_emulator::KernelNode kernel;
    if (const cudaError_t error = kernelNode(&kernel, *parameters, "cudaGraphAddKernelNode"); error != cudaSuccess) {
        return api().answer(error);
    }
    *node = warp_emulator::addNode(
        *graph, cudaGraphNodeTypeKernel, dependencies, count,
        warp_emulator::nodeOrigin(cudaGraphNodeTypeKernel, "cudaGraphAddKernelNode", file, line, &kernel));
    (*node)->kernel = std::move(kernel);
    return cudaSuccess;
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                   size_t count, const cudaMemcpy3DParms* parameters, const char* file, int line) {
    const DeviceLock lock;
    if (const cudaError_t error = checkNewNode(node, graph, dependencies, count); error != cudaSuccess || !parameters) {
        return api().answer(error != cudaSuccess ? error : cudaErrorInvalidValue);
    }
    *node = newNode(graph, cudaGraphNodeTypeMemcpy, dependencies, count, "cudaGraphAddMemcpyNode", file, line);
    (*node)->copy = *parameters;
    return cudaSuccess;
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                     size_t count, void* destination, const void* source, size_t bytes,
                                     cudaMemcpyKind kind, const char* file, int line) {
    const DeviceLock lock;
    if (const cudaError_t error = checkNewNode(node, graph, dependencies, count); error != cudaSuccess) {
        return api().answer(error);
    }
    *node = newNode(graph, cudaGraphNodeTypeMemcpy, dependencies, count, "cudaGraphAddMemcpyNode1D", file, line);
    (*node)->copy = warp_emulator::linearCopy(destination, source, bytes, kind);
    return cudaSuccess;
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                   size_t count, const cudaMemsetParams* parameters, const char* file, int line) {
    const DeviceLock lock;
    if (const cudaError_t error = checkNewNode(node, graph, dependencies, count); error != cudaSuccess || !parameters) {
        return api().answer(error != cudaSuccess ? error : cudaErrorInvalidValue);
    }
    if (checkMemset(*parameters) != cudaSuccess) {
        return api().answer(cudaErrorInvalidValue);
    }
    *node = newNode(graph, cudaGraphNodeTypeMemset, dependencies, count, "cudaGraphAddMemsetNode", file, line);
    (*node)->set = *parameters;
    return cudaSuccess;
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                 size_t count, const cudaHostNodeParams* parameters, const char* file, int line) {
    const DeviceLock lock;
    if (const cudaError_t error = checkNewNode(node, graph, dependencies, count);
        error != cudaSuccess || parameters == nullptr || parameters->fn == nullptr) {
        return api().answer(error != cudaSuccess ? error : cudaErrorInvalidValue);
    }
    *node = newNode(graph, cudaGraphNodeTypeHost, dependencies, count, "cudaGraphAddHostNode", file, line);
    (*node)->host = *parameters;
    return cudaSuccess;
}

cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                       size_t count, cudaGraph_t child, const char* file, int line) {
    const DeviceLock lock;
    if (const cudaError_t error = checkNewNode(node, graph, dependencies, count);
        error != cudaSuccess || child == nullptr) {
        return api().answer(error != cudaSuccess ? error : cudaErrorInvalidValue);
    }
    *node = newNode(graph, cudaGraphNodeTypeGraph, dependencies, count, "cudaGraphAddChildGraphNode", file, line);
    (*node)->child = warp_emulator::copyGraph(*child, nullptr);
    (*node)->child->ownedByNode = true;
    return cudaSuccess;
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                  size_t count, const char* file, int line) {
    const DeviceLock lock;
    if (const cudaError_t error = checkNewNode(node, graph, dependencies, count); error != cudaSuccess) {
        return api().answer(error);
    }
    *node = newNode(graph, cudaGraphNodeTypeEmpty, dependencies, count, "cudaGraphAddEmptyNode", file, line);
    return cudaSuccess;
}

namespace {

// An event record node or an event wait node: the same but for their type.
cudaError_t addEventNode(cudaGraphNodeType type, const char* call, cudaGraphNode_t* node, cudaGraph_t graph,
                         const cudaGraphNode_t* dependencies, size_t count, cudaEvent_t event, const char* file,
                         int line) {
    const DeviceLock lock;
    if (const cudaError_t error = checkNewNode(node, graph, dependencies, count);
        error != cudaSuccess || event == nullptr) {
        return api().answer(error != cudaSuccess ? error : cudaErrorInvalidValue);
    }
    *node = newNode(graph, type, dependencies, count, call, file, line);
    (*node)->event = event;
    return cudaSuccess;
}

}  // namespace

cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                        size_t count, cudaEvent_t event, const char* file, int line) {
    return addEventNode(cudaGraphNodeTypeEventRecord, "cudaGraphAddEventRecordNode", node, graph, dependencies, count,
                        event, file, line);
}

cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                      size_t count, cudaEvent_t event, const char* file, int line) {
    return addEventNode(cudaGraphNodeTypeWaitEvent, "cudaGraphAddEventWaitNode", node, graph, dependencies, count, event,
                        file, line);
}

cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                     size_t count, cudaMemAllocNodeParams* parameters, const char* file, int line) {
    const DeviceLock lock;
    if (const cudaError_t error = checkNewNode(node, graph, dependencies, count);
        error != cudaSuccess || parameters == nullptr) {
        return api().answer(error != cudaSuccess ? error : cudaErrorInvalidValue);
    }
    CUgraphNode_st* made =
        newNode(graph, cudaGraphNodeTypeMemAlloc, dependencies, count, "cudaGraphAddMemAllocNode", file, line);
    if (const cudaError_t error =
            warp_emulator::allocationNode(made, parameters->bytesize, warp_emulator::ElementType{},
                                          "cudaGraphAddMemAllocNode at " + warp_emulator::siteText(file, line),
                                          &parameters->dptr);
        error != cudaSuccess) {
        cudaGraphDestroyNode(made);
        return api().answer(error);
    }
    *node = made;
    return cudaSuccess;
}

cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                                    size_t count, void* pointer, const char* file, int line) {
    const DeviceLock lock;
    if (const cudaError_t error = checkNewNode(node, graph, dependencies, count);
        error != cudaSuccess || pointer == nullptr) {
        return api().answer(error != cudaSuccess ? error : cudaErrorInvalidValue);
    }
    *node = newNode(graph, cudaGraphNodeTypeMemFree, dependencies, count, "cudaGraphAddMemFreeNode", file, line);
    (*node)->freed = pointer;
    return cudaSuccess;
}

cudaError_t cudaGraphAddNode(cudaGraphNode_t* node, cudaGraph_t graph, const cudaGraphNode_t* dependencies,
                             const cudaGraphEdgeData*, size_t count, cudaGraphNodeParams* parameters, const char* file,
                             int line) {
    const DeviceLock lock;
    if (parameters == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    switch (parameters->type) {
        case cudaGraphNodeTypeKernel: {
            const cudaKernelNodeParams kernel = fromV2(parameters->kernel);
            return cudaGraphAddKernelNode(node, graph, dependencies, count, &kernel, file, line);
        }
        case cudaGraphNodeTypeMemcpy:
            return cudaGraphAddMemcpyNode(node, graph, dependencies, count, &parameters->memcpy.copyParams, file, line);
        case cudaGraphNodeTypeMemset: {
            const cudaMemsetParamsV2& v2 = parameters->memset;
            const cudaMemsetParams set{v2.dst, v2.pitch, v2.value, v2.elementSize, v2.width, v2.height};
            return cudaGraphAddMemsetNode(node, graph, dependencies, count, &set, file, line);
        }
        case cudaGraphNodeTypeHost: {
            const cudaHostNodeParams host{parameters->host.fn, parameters->host.userData};
            return cudaGraphAddHostNode(node, graph, dependencies, count, &host, file, line);
        }
        case cudaGraphNodeTypeGraph:
            return cudaGraphAddChildGraphNode(node, graph, dependencies, count, parameters->graph.graph, file, line);
        case cudaGraphNodeTypeEmpty: return cudaGraphAddEmptyNode(node, graph, dependencies, count, file, line);
        case cudaGraphNodeTypeEventRecord:
            return cudaGraphAddEventRecordNode(node, graph, dependencies, count, parameters->eventRecord.event, file,
                                               line);
        case cudaGraphNodeTypeWaitEvent:
            return cudaGraphAddEventWaitNode(node, graph, dependencies, count, parameters->eventWait.event, file, line);
        case cudaGraphNodeTypeMemAlloc: {
            cudaMemAllocNodeParams alloc{parameters->alloc.poolProps, parameters->alloc.accessDescs,
                                         parameters->alloc.accessDescCount, parameters->alloc.bytesize, nullptr};
            const cudaError_t error = cudaGraphAddMemAllocNode(node, graph, dependencies, count, &alloc, file, line);
            parameters->alloc.dptr = alloc.dptr;
            return error;
        }
        case cudaGraphNodeTypeMemFree:
            return cudaGraphAddMemFreeNode(node, graph, dependencies, count, parameters->free.dptr, file, line);
        case cudaGraphNodeTypeConditional: {
            cudaConditionalNodeParams& conditional = parameters->conditional;
            const unsigned int size = conditional.size;
            const bool sizeOk = conditional.type == cudaGraphCondTypeWhile  ? size == 1
                                : conditional.type == cudaGraphCondTypeIf   ? size == 1 || size == 2
                                : conditional.type == cudaGraphCondTypeSwitch ? size >= 1
                                                                              : false;
            if (const cudaError_t error = checkNewNode(node, graph, dependencies, count);
                error != cudaSuccess || !sizeOk ||
                !warp_emulator::conditionalHandleExists(conditional.handle)) {
                return api().answer(error != cudaSuccess ? error : cudaErrorInvalidValue);
            }
            *node = newNode(graph, cudaGraphNodeTypeConditional, dependencies, count, "cudaGraphAddNode", file, line);
            warp_emulator::ConditionalNode& made = (*node)->conditional;
            made.handle = conditional.handle;
            made.type = conditional.type;
            for (unsigned int i = 0; i < size; ++i) {
                made.bodies.push_back(std::make_unique<CUgraph_st>());
                made.bodies.back()->ownedByNode = true;
                made.bodies.back()->ownerNode = *node;
                made.bodyHandles.push_back(made.bodies.back().get());
            }
            conditional.phGraph_out = made.bodyHandles.data();
            return cudaSuccess;
        }
        default:
            std::fprintf(stderr, "warp emulator: cudaGraphAddNode: a node of type %d (%s) is not emulated\n",
                         static_cast<int>(parameters->type), warp_emulator::typeName(parameters->type));
            return api().answer(cudaErrorNotSupported);
    }
}

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, cudaKernelNodeParams* parameters) {
    if (node == nullptr || parameters == nullptr || node->type != cudaGraphNodeTypeKernel) {
        return api().answer(cudaErrorInvalidValue);
    }
    const warp_emulator::KernelNode& kernel = node->kernel;
    *parameters = cudaKernelNodeParams{const_cast<void*>(kernel.function), kernel.grid, kernel.block,
                                       static_cast<unsigned int>(kernel.sharedBytes),
                                       kernel.launch->argumentPointers(), nullptr};
    return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const cudaKernelNodeParams* parameters) {
    const DeviceLock lock;
    if (node == nullptr || parameters == nullptr || node->type != cudaGraphNodeTypeKernel) {
        return api().answer(cudaErrorInvalidValue);
    }
    return api().answer(kernelNode(&node->kernel, *parameters, "cudaGraphKernelNodeSetParams"));
}

cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, cudaMemcpy3DParms* parameters) {
    if (node == nullptr || parameters == nullptr || node->type != cudaGraphNodeTypeMemcpy) {
        return api().answer(cudaErrorInvalidValue);
    }
    *parameters = node->copy;
    return cudaSuccess;
}
cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const cudaMemcpy3DParms* parameters) {
    if (node == nullptr || parameters == nullptr || node->type != cudaGraphNodeTypeMemcpy) {
        return api().answer(cudaErrorInvalidValue);
    }
    node->copy = *parameters;
    return cudaSuccess;
}
cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, cudaMemsetParams* parameters) {
    if (node == nullptr || parameters == nullptr || node->type != cudaGraphNodeTypeMemset) {
        return api().answer(cudaErrorInvalidValue);
    }
    *parameters = node->set;
    return cudaSuccess;
}
cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const cudaMemsetParams* parameters) {
    if (node == nullptr || parameters == nullptr || node->type != cudaGraphNodeTypeMemset ||
        checkMemset(*parameters) != cudaSuccess) {
        return api().answer(cudaErrorInvalidValue);
    }
    node->set = *parameters;
    return cudaSuccess;
}
cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, cudaHostNodeParams* parameters) {
    if (node == nullptr || parameters == nullptr || node->type != cudaGraphNodeTypeHost) {
        return api().answer(cudaErrorInvalidValue);
    }
    *parameters = node->host;
    return cudaSuccess;
}
cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const cudaHostNodeParams* parameters) {
    if (node == nullptr || parameters == nullptr || parameters->fn == nullptr || node->type != cudaGraphNodeTypeHost) {
        return api().answer(cudaErrorInvalidValue);
    }
    node->host = *parameters;
    return cudaSuccess;
}
cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t* graph) {
    if (node == nullptr || graph == nullptr || node->type != cudaGraphNodeTypeGraph) {
        return api().answer(cudaErrorInvalidValue);
    }
    *graph = node->child.get();
    return cudaSuccess;
}
cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node, cudaMemAllocNodeParams* parameters) {
    if (node == nullptr || parameters == nullptr || node->type != cudaGraphNodeTypeMemAlloc) {
        return api().answer(cudaErrorInvalidValue);
    }
    *parameters = cudaMemAllocNodeParams{};
    parameters->poolProps.allocType = cudaMemAllocationTypePinned;
    parameters->poolProps.location = cudaMemLocation{cudaMemLocationTypeDevice, 0};
    parameters->bytesize = node->allocation.bytes;
    parameters->dptr = node->allocation.room->address;
    return cudaSuccess;
}
cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void* pointer) {
    if (node == nullptr || pointer == nullptr || node->type != cudaGraphNodeTypeMemFree) {
        return api().answer(cudaErrorInvalidValue);
    }
    *static_cast<void**>(pointer) = node->freed;
    return cudaSuccess;
}
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, cudaGraphNodeType* type) {
    if (node == nullptr || type == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *type = node->type;
    return cudaSuccess;
}

cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node) {
    const DeviceLock lock;
    if (node == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    for (CUgraphNode_st* dependency : node->dependencies) {
        auto& edges = dependency->dependents;
        edges.erase(std::remove(edges.begin(), edges.end(), node), edges.end());
    }
    for (CUgraphNode_st* dependent : node->dependents) {
        auto& edges = dependent->dependencies;
        edges.erase(std::remove(edges.begin(), edges.end(), node), edges.end());
    }
    auto& nodes = node->graph->nodes;
    nodes.erase(std::remove_if(nodes.begin(), nodes.end(), [&](const auto& held) { return held.get() == node; }),
                nodes.end());
    return cudaSuccess;
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from, const cudaGraphNode_t* to,
                                     const cudaGraphEdgeData*, size_t count) {
    const DeviceLock lock;
    if (graph == nullptr || (count != 0 && (from == nullptr || to == nullptr))) {
        return api().answer(cudaErrorInvalidValue);
    }
    for (size_t i = 0; i < count; ++i) {
        if (from[i] == nullptr || to[i] == nullptr || from[i]->graph != graph || to[i]->graph != graph ||
            from[i] == to[i]) {
            return api().answer(cudaErrorInvalidValue);
        }
        auto& dependencies = to[i]->dependencies;
        if (std::find(dependencies.begin(), dependencies.end(), from[i]) == dependencies.end()) {
            dependencies.push_back(from[i]);
            from[i]->dependents.push_back(to[i]);
        }
    }
    return cudaSuccess;
}

cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t* from, const cudaGraphNode_t* to,
                                        const cudaGraphEdgeData*, size_t count) {
    const DeviceLock lock;
    if (graph == nullptr || (count != 0 && (from == nullptr || to == nullptr))) {
        return api().answer(cudaErrorInvalidValue);
    }
    for (size_t i = 0; i < count; ++i) {
        auto& dependencies = to[i]->dependencies;
        const auto found = std::find(dependencies.begin(), dependencies.end(), from[i]);
        if (found == dependencies.end()) {
            return api().answer(cudaErrorInvalidValue);
        }
        dependencies.erase(found);
        auto& dependents = from[i]->dependents;
        dependents.erase(std::remove(dependents.begin(), dependents.end(), to[i]), dependents.end());
    }
    return cudaSuccess;
}

namespace {

// The usual answer of a call that lists: the count, and as many as there is room for.
template <typename Each>
cudaError_t listInto(cudaGraphNode_t* into, size_t* count, size_t total, Each each) {
    if (count == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (into != nullptr) {
        for (size_t i = 0; i < *count; ++i) {
            into[i] = i < total ? each(i) : nullptr;
        }
        *count = std::min(*count, total);
    } else {
        *count = total;
    }
    return cudaSuccess;
}

}  // namespace

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, size_t* count) {
    if (graph == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    return listInto(nodes, count, graph->nodes.size(), [&](size_t i) { return graph->nodes[i].get(); });
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, size_t* count) {
    if (graph == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    std::vector<cudaGraphNode_t> roots;
    for (const auto& node : graph->nodes) {
        if (node->dependencies.empty()) {
            roots.push_back(node.get());
        }
    }
    return listInto(nodes, count, roots.size(), [&](size_t i) { return roots[i]; });
}

cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t* from, cudaGraphNode_t* to,
                              cudaGraphEdgeData* edgeData, size_t* count) {
    if (graph == nullptr || count == nullptr || (from == nullptr) != (to == nullptr)) {
        return api().answer(cudaErrorInvalidValue);
    }
    std::vector<std::pair<cudaGraphNode_t, cudaGraphNode_t>> edges;
    for (const auto& node : graph->nodes) {
        for (CUgraphNode_st* dependency : node->dependencies) {
            edges.emplace_back(dependency, node.get());
        }
    }
    if (from == nullptr) {
        *count = edges.size();
        return cudaSuccess;
    }
    for (size_t i = 0; i < *count; ++i) {
        from[i] = i < edges.size() ? edges[i].first : nullptr;
        to[i] = i < edges.size() ? edges[i].second : nullptr;
        if (edgeData != nullptr) {
            edgeData[i] = cudaGraphEdgeData{};
        }
    }
    *count = std::min(*count, edges.size());
    return cudaSuccess;
}

cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t* dependencies,
                                         cudaGraphEdgeData* edgeData, size_t* count) {
    if (node == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (edgeData != nullptr && dependencies != nullptr && count != nullptr) {
        for (size_t i = 0; i < *count; ++i) {
            edgeData[i] = cudaGraphEdgeData{};
        }
    }
    return listInto(dependencies, count, node->dependencies.size(), [&](size_t i) { return node->dependencies[i]; });
}

cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t* dependents,
                                           cudaGraphEdgeData* edgeData, size_t* count) {
    if (node == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (edgeData != nullptr && dependents != nullptr && count != nullptr) {
        for (size_t i = 0; i < *count; ++i) {
            edgeData[i] = cudaGraphEdgeData{};
        }
    }
    return listInto(dependents, count, node->dependents.size(), [&](size_t i) { return node->dependents[i]; });
}

// ---------------------------------------------------------------------------
// Instantiation and launch
// ---------------------------------------------------------------------------

cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph, unsigned long long flags) {
    const DeviceLock lock;
    if (exec == nullptr || graph == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (!warp_emulator::acyclic(*graph)) {
        return api().answer(cudaErrorInvalidValue);  // a cycle: no order runs it
    }
    auto made = std::make_unique<CUgraphExec_st>();
    made->graph = warp_emulator::copyGraph(*graph, &made->copies);
    made->flags = flags;
    *exec = made.release();
    return cudaSuccess;
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t* exec, cudaGraph_t graph, unsigned long long flags) {
    return cudaGraphInstantiate(exec, graph, flags);
}

cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t* exec, cudaGraph_t graph,
                                           cudaGraphInstantiateParams* parameters) {
    if (parameters == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    const cudaError_t error = cudaGraphInstantiate(exec, graph, parameters->flags);
    parameters->errNode_out = nullptr;
    parameters->result_out = error == cudaSuccess ? cudaGraphInstantiateSuccess : cudaGraphInstantiateInvalidStructure;
    return error;
}

cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t exec, unsigned long long* flags) {
    if (exec == nullptr || flags == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *flags = exec->flags;
    return cudaSuccess;
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec) {
    warp_emulator::runQueuedWork();  // a launch of it may be queued
    const DeviceLock lock;
    delete exec;
    return cudaSuccess;
}

namespace {

CUgraphNode_st* copyIn(cudaGraphExec_t exec, cudaGraphNode_t node) {
    for (const auto& [original, copy] : exec->copies) {
        if (original == node) {
            return copy;
        }
    }
    return nullptr;
}

// Whether two graphs have the same shape: nodes of the same types, in the
// same order, with the same dependencies (bodies and child graphs too).
cudaGraphExecUpdateResult sameShape(const CUgraph_st& a, const CUgraph_st& b) {
    if (a.nodes.size() != b.nodes.size()) {
        return cudaGraphExecUpdateErrorTopologyChanged;
    }
    for (size_t i = 0; i < a.nodes.size(); ++i) {
        const CUgraphNode_st& x = *a.nodes[i];
        const CUgraphNode_st& y = *b.nodes[i];
        if (x.type != y.type) {
            return cudaGraphExecUpdateErrorNodeTypeChanged;
        }
        if (x.dependencies.size() != y.dependencies.size()) {
            return cudaGraphExecUpdateErrorTopologyChanged;
        }
        for (size_t d = 0; d < x.dependencies.size(); ++d) {
            if (warp_emulator::indexOf(a, x.dependencies[d]) != warp_emulator::indexOf(b, y.dependencies[d])) {
                return cudaGraphExecUpdateErrorTopologyChanged;
            }
        }
        if ((x.child == nullptr) != (y.child == nullptr) ||
            x.conditional.bodies.size() != y.conditional.bodies.size()) {
            return cudaGraphExecUpdateErrorTopologyChanged;
        }
        if (x.child != nullptr) {
            if (const auto result = sameShape(*x.child, *y.child); result != cudaGraphExecUpdateSuccess) {
                return result;
            }
        }
        for (size_t k = 0; k < x.conditional.bodies.size(); ++k) {
            if (const auto result = sameShape(*x.conditional.bodies[k], *y.conditional.bodies[k]);
                result != cudaGraphExecUpdateSuccess) {
                return result;
            }
        }
        if (x.type == cudaGraphNodeTypeMemAlloc || x.type == cudaGraphNodeTypeMemFree) {
            if (x.allocation.room != y.allocation.room || x.freed != y.freed) {
                return cudaGraphExecUpdateErrorParametersChanged;  // graph memory cannot move
            }
        }
    }
    return cudaGraphExecUpdateSuccess;
}

}  // namespace

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph, cudaGraphExecUpdateResultInfo* result) {
    warp_emulator::runQueuedWork();  // a launch already queued runs with the parameters it was given
    const DeviceLock lock;
    if (exec == nullptr || graph == nullptr || result == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    *result = cudaGraphExecUpdateResultInfo{cudaGraphExecUpdateSuccess, nullptr, nullptr};
    const cudaGraphExecUpdateResult shape = sameShape(*exec->graph, *graph);
    if (shape != cudaGraphExecUpdateSuccess) {
        result->result = shape;
        return api().answer(cudaErrorGraphExecUpdateFailure);
    }
    for (size_t i = 0; i < graph->nodes.size(); ++i) {
        CUgraphNode_st& mine = *exec->graph->nodes[i];
        warp_emulator::copyParameters(mine, *graph->nodes[i]);
        exec->copies.emplace_back(graph->nodes[i].get(), &mine);
    }
    exec->reportedRaces.clear();
    return cudaSuccess;
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const cudaKernelNodeParams* parameters) {
    warp_emulator::runQueuedWork();  // a launch already queued runs with the parameters it was given
    const DeviceLock lock;
    CUgraphNode_st* copy = exec != nullptr ? copyIn(exec, node) : nullptr;
    if (copy == nullptr || parameters == nullptr || copy->type != cudaGraphNodeTypeKernel) {
        return api().answer(cudaErrorInvalidValue);
    }
    return api().answer(kernelNode(&copy->kernel, *parameters, "cudaGraphExecKernelNodeSetParams"));
}

cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const cudaMemcpy3DParms* parameters) {
    warp_emulator::runQueuedWork();  // a launch already queued runs with the parameters it was given
    const DeviceLock lock;
    CUgraphNode_st* copy = exec != nullptr ? copyIn(exec, node) : nullptr;
    if (copy == nullptr || parameters == nullptr || copy->type != cudaGraphNodeTypeMemcpy) {
        return api().answer(cudaErrorInvalidValue);
    }
    copy->copy = *parameters;
    return cudaSuccess;
}

cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const cudaMemsetParams* parameters) {
    warp_emulator::runQueuedWork();  // a launch already queued runs with the parameters it was given
    const DeviceLock lock;
    CUgraphNode_st* copy = exec != nullptr ? copyIn(exec, node) : nullptr;
    if (copy == nullptr || parameters == nullptr || copy->type != cudaGraphNodeTypeMemset ||
        checkMemset(*parameters) != cudaSuccess) {
        return api().answer(cudaErrorInvalidValue);
    }
    copy->set = *parameters;
    return cudaSuccess;
}

cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                           const cudaHostNodeParams* parameters) {
    warp_emulator::runQueuedWork();  // a launch already queued runs with the parameters it was given
    const DeviceLock lock;
    CUgraphNode_st* copy = exec != nullptr ? copyIn(exec, node) : nullptr;
    if (copy == nullptr || parameters == nullptr || parameters->fn == nullptr || copy->type != cudaGraphNodeTypeHost) {
        return api().answer(cudaErrorInvalidValue);
    }
    copy->host = *parameters;
    return cudaSuccess;
}

