// graph_launch.cpp: launching a CUDA graph's instantiation
// (warp_emulator/host/graph_api.hpp), the conditional handles its nodes read,
// and the counts of graph memory.
//
// A launch runs the instantiation's nodes one after another, in the order
// they were added as far as their dependencies allow (Kahn's order), each one
// finished before the next begins (on a stream of the program's own, when the
// host next waits: stream_work.hpp). Around each node the race check of
// graphs records what it touched (checks/graph_races.hpp); once every node
// has run, each pair that no path of dependencies orders is compared, and a
// conflict is reported once for each instantiation.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <string>

#include "api/api_state.hpp"
#include "api/copies.hpp"
#include "api/stream_work.hpp"
#include "checks/graph_races.hpp"
#include "checks/memory_checks.hpp"
#include "memory/device_memory.hpp"
#include "memory/symbols.hpp"
#include "reporting/findings.hpp"
#include "reporting/text.hpp"

namespace warp_emulator {

namespace {

// Graph memory, as cudaDeviceGetGraphMemAttribute counts it: the bytes of
// graph allocations live now, and the memory that backs them, which grows to
// the most that was ever live at once and shrinks only at a trim.
struct GraphMemory {
    size_t backing = 0, backingHigh = 0, usedHigh = 0;

    static GraphMemory& get() {
        static GraphMemory* memory = new GraphMemory;
        return *memory;
    }
    static size_t liveBytes() {
        size_t bytes = 0;
        DeviceMemory::instance().forEachLive([&](Allocation& allocation) {
            if (allocation.reserved) {
                bytes += allocation.bytes;
            }
        });
        return bytes;
    }
    void allocated() {
        const size_t live = liveBytes();
        backing = std::max(backing, live);
        backingHigh = std::max(backingHigh, backing);
        usedHigh = std::max(usedHigh, backing);
    }
};

// Conditional handles: each one's value, and its default at each launch.
struct ConditionalHandle {
    unsigned int value = 0;
    unsigned int defaultValue = 0;
    bool assignDefault = false;
};

struct Handles {
    cudaGraphConditionalHandle next = 1;
    std::map<cudaGraphConditionalHandle, ConditionalHandle> all;
    static Handles& get() {
        static Handles* handles = new Handles;
        return *handles;
    }
};

}  // namespace

bool conditionalHandleExists(cudaGraphConditionalHandle handle) {
    const DeviceLock lock;
    return Handles::get().all.count(handle) != 0;
}

// Kahn's order, the nodes in the order they were added where the
// dependencies allow it; false when a cycle leaves some out.
bool runOrder(const CUgraph_st& graph, std::vector<size_t>* order) {
    const size_t count = graph.nodes.size();
    std::map<const CUgraphNode_st*, size_t> index;
    for (size_t i = 0; i < count; ++i) {
        index[graph.nodes[i].get()] = i;
    }
    std::vector<size_t> waiting(count);
    for (size_t i = 0; i < count; ++i) {
        waiting[i] = graph.nodes[i]->dependencies.size();
    }
    std::vector<bool> done(count, false);
    order->clear();
    while (order->size() < count) {
        size_t next = count;
        for (size_t i = 0; i < count; ++i) {
            if (!done[i] && waiting[i] == 0) {
                next = i;
                break;
            }
        }
        if (next == count) {
            return false;
        }
        done[next] = true;
        order->push_back(next);
        for (const CUgraphNode_st* dependent : graph.nodes[next]->dependents) {
            --waiting[index.at(dependent)];
        }
    }
    return true;
}

namespace {

// "bytes 0-399 of the int[100] from cudaMalloc at x.cu:5": where a conflict lies.
std::string bytesAt(std::uintptr_t start, std::uintptr_t end) {
    const DeviceLock lock;
    const void* address = reinterpret_cast<const void*>(start);
    DeviceMemory& memory = DeviceMemory::instance();
    const Allocation* allocation = inDeviceArena(address) ? memory.holding(address) : memory.registeredHolding(address);
    const auto range = [](size_t from, size_t to) {
        return to - from == 1 ? "byte " + std::to_string(from)
                              : "bytes " + std::to_string(from) + "-" + std::to_string(to - 1);
    };
    if (allocation != nullptr) {
        const auto base = reinterpret_cast<std::uintptr_t>(allocation->start);
        return range(start - base, std::min<std::uintptr_t>(end, base + allocation->bytes) - base) + " of " +
               allocation->describe();
    }
    if (const NamedObject* object = SymbolTable::get().globalAt(address)) {
        const auto base = reinterpret_cast<std::uintptr_t>(object->start);
        return range(start - base, end - base) + " of the variable `" + object->name + "`";
    }
    char text[64];
    std::snprintf(text, sizeof text, "%zu bytes of host memory at %p", static_cast<size_t>(end - start), address);
    return text;
}

class GraphRun {
public:
    GraphRun(CUgraphExec_st& exec, std::string site) : exec_(exec), site_(std::move(site)) {}

    cudaError_t run(CUgraph_st& graph) {
        std::vector<size_t> order;
        if (!runOrder(graph, &order)) {
            return cudaErrorInvalidValue;
        }
        const size_t count = graph.nodes.size();
        std::vector<Footprint> touched(count);
        for (size_t i : order) {
            GraphRaces::beginNode();
            const cudaError_t error = runNode(*graph.nodes[i]);
            touched[i] = GraphRaces::endNode();
            if (error != cudaSuccess) {
                return error;
            }
            if (api().sticky != cudaSuccess) {
                return api().sticky;  // a kernel stopped: a GPU's context runs nothing more
            }
        }
        compare(graph, touched);
        return cudaSuccess;
    }

    void report() {
        if (report_.raceCount == 0) {
            return;
        }
        std::fflush(stdout);
        std::fprintf(stderr, "warp emulator: %s:\n", site_.c_str());
        for (const std::string& key : report_.raceKeys) {
            std::fprintf(stderr, "  RACE: %s\n", report_.races.at(key).text.c_str());
        }
        std::fflush(stderr);
        ProgramFindings::get().add(report_);
    }

private:
    CUgraphExec_st& exec_;
    std::string site_;
    LaunchReport report_;

    cudaError_t runNode(CUgraphNode_st& node) {
        switch (node.type) {
            case cudaGraphNodeTypeKernel:
                node.kernel.launch->launch(node.kernel.grid, node.kernel.block, node.kernel.sharedBytes);
                return cudaSuccess;
            case cudaGraphNodeTypeMemcpy: return copy3D(node.copy);
            case cudaGraphNodeTypeMemset: {
                const cudaMemsetParams& set = node.set;
                return setRows({static_cast<char*>(set.dst), set.pitch, 0, set.width * set.elementSize, set.height, 1},
                               set.value, set.elementSize);
            }
            case cudaGraphNodeTypeHost:
                node.host.fn(node.host.userData);  // without the device's lock: it may call the runtime API
                return cudaSuccess;
            case cudaGraphNodeTypeGraph: return run(*node.child);
            case cudaGraphNodeTypeEventRecord: {
                const DeviceLock lock;
                node.event->seconds =
                    std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
                node.event->recorded = true;
                return cudaSuccess;
            }
            case cudaGraphNodeTypeMemAlloc: {
                const DeviceLock lock;
                const AllocationNode& allocation = node.allocation;
                if ((exec_.flags & cudaGraphInstantiateFlagAutoFreeOnLaunch) != 0) {
                    // Its last allocation, not freed since, is freed by this launch.
                    DeviceMemory::instance().release(allocation.room->address,
                                                     "a launch of its graph (cudaGraphInstantiateFlagAutoFreeOnLaunch)");
                }
                if (!DeviceMemory::instance().revive(allocation.room->address, allocation.bytes, allocation.element,
                                                     allocation.origin)) {
                    std::fprintf(stderr,
                                 "warp emulator: %s: %s could not allocate its memory again: %s\n", site_.c_str(),
                                 node.origin.c_str(),
                                 DeviceMemory::instance().holding(allocation.room->address)->live
                                     ? "its last allocation has not been freed (a graph allocation must be freed "
                                       "before its graph is launched again, or the graph instantiated with "
                                       "cudaGraphInstantiateFlagAutoFreeOnLaunch)"
                                     : "the host has no room");
                    return cudaErrorInvalidValue;
                }
                GraphMemory::get().allocated();
                return cudaSuccess;
            }
            case cudaGraphNodeTypeMemFree: {
                const DeviceLock lock;
                return DeviceMemory::instance().release(node.freed, node.origin) ? cudaSuccess : cudaErrorInvalidValue;
            }
            case cudaGraphNodeTypeConditional: return runConditional(node);
            default: return cudaSuccess;  // empty, event wait: nothing to do once everything before has run
        }
    }

    cudaError_t runConditional(CUgraphNode_st& node) {
        ConditionalNode& conditional = node.conditional;
        const auto value = [&] {
            const DeviceLock lock;
            return Handles::get().all[conditional.handle].value;
        };
        switch (conditional.type) {
            case cudaGraphCondTypeIf: {
                const unsigned int now = value();
                if (now != 0) {
                    return run(*conditional.bodies[0]);
                }
                return conditional.bodies.size() > 1 ? run(*conditional.bodies[1]) : cudaSuccess;
            }
            case cudaGraphCondTypeWhile:
                while (value() != 0) {
                    if (const cudaError_t error = run(*conditional.bodies[0]); error != cudaSuccess) {
                        return error;
                    }
                }
                return cudaSuccess;
            case cudaGraphCondTypeSwitch: {
                const unsigned int now = value();
                return now < conditional.bodies.size() ? run(*conditional.bodies[now]) : cudaSuccess;
            }
        }
        return cudaSuccess;
    }

    // Every pair of nodes that no path of dependencies orders, compared.
    void compare(const CUgraph_st& graph, const std::vector<Footprint>& touched) {
        const size_t count = graph.nodes.size();
        std::map<const CUgraphNode_st*, size_t> index;
        for (size_t i = 0; i < count; ++i) {
            index[graph.nodes[i].get()] = i;
        }
        std::vector<size_t> order;
        runOrder(graph, &order);
        std::vector<std::vector<bool>> before(count, std::vector<bool>(count, false));  // before[i][j]: j precedes i
        for (size_t i : order) {
            for (const CUgraphNode_st* dependency : graph.nodes[i]->dependencies) {
                const size_t d = index.at(dependency);
                before[i][d] = true;
                for (size_t k = 0; k < count; ++k) {
                    if (before[d][k]) {
                        before[i][k] = true;
                    }
                }
            }
        }
        for (size_t a = 0; a < count; ++a) {
            for (size_t b = a + 1; b < count; ++b) {
                Conflict conflict;
                if (before[a][b] || before[b][a] || !GraphRaces::conflict(touched[a], touched[b], &conflict)) {
                    continue;
                }
                const CUgraphNode_st& first = *graph.nodes[a];
                const CUgraphNode_st& second = *graph.nodes[b];
                const std::string key = first.origin + " | " + second.origin;
                if (std::find(exec_.reportedRaces.begin(), exec_.reportedRaces.end(), key) !=
                    exec_.reportedRaces.end()) {
                    continue;
                }
                exec_.reportedRaces.push_back(key);
                report_.race(key, first.origin + " " + GraphRaces::verb(conflict.first) + " " +
                                      bytesAt(conflict.start, conflict.end) + ", and " + second.origin + " " +
                                      GraphRaces::verb(conflict.second) +
                                      " them, but no path of the graph's dependencies orders the two nodes, so a "
                                      "GPU may run them at the same time. Make one depend on the other "
                                      "(cudaGraphAddDependencies, or the dependencies given when a node is added; "
                                      "in a captured graph, an event recorded after one and waited for before the "
                                      "other)");
            }
        }
    }
};

// The handles of the conditional nodes of `graph`, at any depth.
void collectHandles(const CUgraph_st& graph, std::vector<cudaGraphConditionalHandle>* handles) {
    for (const auto& node : graph.nodes) {
        if (node->type == cudaGraphNodeTypeConditional) {
            handles->push_back(node->conditional.handle);
            for (const auto& body : node->conditional.bodies) {
                collectHandles(*body, handles);
            }
        }
        if (node->child != nullptr) {
            collectHandles(*node->child, handles);
        }
    }
}

}  // namespace

// A launch of the instantiation: each handle that takes its default at a
// launch takes it, the nodes run, and what raced is reported.
cudaError_t launchGraph(CUgraphExec_st& exec, const std::string& site) {
    {
        const DeviceLock lock;
        std::vector<cudaGraphConditionalHandle> handles;
        collectHandles(*exec.graph, &handles);
        for (cudaGraphConditionalHandle handle : handles) {
            ConditionalHandle& state = Handles::get().all[handle];
            if (state.assignDefault) {
                state.value = state.defaultValue;
            }
        }
    }
    GraphRun run(exec, site);
    const cudaError_t error = run.run(*exec.graph);
    run.report();
    return api().answer(error);
}

}  // namespace warp_emulator

using warp_emulator::api;
using warp_emulator::DeviceLock;

cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t stream, const char* file, int line) {
    if (exec == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    if (api().sticky != cudaSuccess) {
        return api().answer(api().sticky);
    }
    warp_emulator::StreamWork work(stream);
    if (work.refusal() != cudaSuccess) {
        return api().answer(work.refusal());
    }
    if (work.captured()) {
        // Into the capturing stream's graph, as a child graph node.
        const DeviceLock lock;
        CUgraphNode_st& node = work.record(
            cudaGraphNodeTypeGraph, warp_emulator::nodeOrigin(cudaGraphNodeTypeGraph, "cudaGraphLaunch", file, line));
        node.child = warp_emulator::copyGraph(*exec->graph, nullptr);
        node.child->ownedByNode = true;
        return cudaSuccess;
    }
    const std::string site = "cudaGraphLaunch at " + warp_emulator::siteText(file, line);
    if (work.queued()) {
        work.queue([exec, site] { warp_emulator::launchGraph(*exec, site); });
        return cudaSuccess;
    }
    return api().answer(warp_emulator::launchGraph(*exec, site));
}

cudaError_t cudaGraphUpload(cudaGraphExec_t exec, cudaStream_t) {
    return api().answer(exec == nullptr ? cudaErrorInvalidValue : cudaSuccess);
}

// ---------------------------------------------------------------------------
// Conditional handles
// ---------------------------------------------------------------------------

cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle* handle, cudaGraph_t graph,
                                             unsigned int defaultLaunchValue, unsigned int flags) {
    const DeviceLock lock;
    if (handle == nullptr || graph == nullptr || (flags & ~static_cast<unsigned int>(cudaGraphCondAssignDefault)) != 0) {
        return api().answer(cudaErrorInvalidValue);
    }
    warp_emulator::Handles& handles = warp_emulator::Handles::get();
    *handle = handles.next++;
    warp_emulator::ConditionalHandle& made = handles.all[*handle];
    made.defaultValue = defaultLaunchValue;
    made.assignDefault = (flags & cudaGraphCondAssignDefault) != 0;
    made.value = defaultLaunchValue;
    return cudaSuccess;
}

// From a kernel: the runtime's own code, by value (kernel_calls.hpp says why).
void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value) {
    const warp_emulator::RuntimeCode runtime;
    const DeviceLock lock;
    const auto found = warp_emulator::Handles::get().all.find(handle);
    if (found != warp_emulator::Handles::get().all.end()) {
        found->second.value = value;
    }
}

// ---------------------------------------------------------------------------
// Graph memory
// ---------------------------------------------------------------------------

// What the graphs hold once their launches so far have run.
cudaError_t cudaDeviceGetGraphMemAttribute(int device, cudaGraphMemAttributeType attribute, void* value) {
    warp_emulator::runQueuedWork();
    const DeviceLock lock;
    if (device != 0) {
        return api().answer(cudaErrorInvalidDevice);
    }
    if (value == nullptr) {
        return api().answer(cudaErrorInvalidValue);
    }
    warp_emulator::GraphMemory& memory = warp_emulator::GraphMemory::get();
    std::uint64_t answer = 0;
    switch (attribute) {
        case cudaGraphMemAttrUsedMemCurrent:
        case cudaGraphMemAttrReservedMemCurrent: answer = memory.backing; break;
        case cudaGraphMemAttrUsedMemHigh: answer = memory.usedHigh; break;
        case cudaGraphMemAttrReservedMemHigh: answer = memory.backingHigh; break;
        default: return api().answer(cudaErrorInvalidValue);
    }
    *static_cast<std::uint64_t*>(value) = answer;
    return cudaSuccess;
}

cudaError_t cudaDeviceSetGraphMemAttribute(int device, cudaGraphMemAttributeType attribute, void* value) {
    const DeviceLock lock;
    if (device != 0) {
        return api().answer(cudaErrorInvalidDevice);
    }
    if (value == nullptr || *static_cast<std::uint64_t*>(value) != 0) {
        return api().answer(cudaErrorInvalidValue);  // only a reset to 0
    }
    warp_emulator::GraphMemory& memory = warp_emulator::GraphMemory::get();
    switch (attribute) {
        case cudaGraphMemAttrUsedMemHigh: memory.usedHigh = memory.backing; break;
        case cudaGraphMemAttrReservedMemHigh: memory.backingHigh = memory.backing; break;
        default: return api().answer(cudaErrorInvalidValue);
    }
    return cudaSuccess;
}

cudaError_t cudaDeviceGraphMemTrim(int device) {
    warp_emulator::runQueuedWork();
    const DeviceLock lock;
    if (device != 0) {
        return api().answer(cudaErrorInvalidDevice);
    }
    warp_emulator::GraphMemory& memory = warp_emulator::GraphMemory::get();
    memory.backing = warp_emulator::GraphMemory::liveBytes();
    return cudaSuccess;
}
