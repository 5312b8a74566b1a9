// stream_api.hpp: streams, events and host functions, as a host program
// calls them (runtime/api/streams.cpp). Work given to the legacy stream runs
// when its call is made; work given to a stream of the program's own is
// queued, in the order it was given, and runs when the host next waits for
// the device (a synchronisation, a query, cudaFree, or work on the legacy
// stream: runtime/api/stream_work.hpp), so a kernel that waits for a latch
// the host sets after launching it finds it set, and an event recorded after
// work keeps the time that work ended. A stream that captures into a graph
// (graph_api.hpp) records its work instead. A stream keeps its flags, its
// priority (which orders nothing: one order runs all the queued work) and its
// attributes (an access policy window is taken and has no effect: there is no
// L2 cache to steer).
#pragma once

#include <cstddef>

#include "../device/kernel_calls.hpp"
#include "runtime_types.hpp"

// Launch attributes, which a stream's attributes are.
struct cudaAccessPolicyWindow {
    void* base_ptr;
    size_t num_bytes;
    float hitRatio;
    cudaAccessProperty hitProp;
    cudaAccessProperty missProp;
};
typedef struct cudaLaunchMemSyncDomainMap_st {
    unsigned char default_;
    unsigned char remote;
} cudaLaunchMemSyncDomainMap;
typedef union cudaLaunchAttributeValue {
    char pad[64];
    cudaAccessPolicyWindow accessPolicyWindow;
    int cooperative;
    cudaSynchronizationPolicy syncPolicy;
    struct {
        unsigned int x, y, z;
    } clusterDim;
    cudaClusterSchedulingPolicy clusterSchedulingPolicyPreference;
    int programmaticStreamSerializationAllowed;
    struct {
        cudaEvent_t event;
        int flags;
        int triggerAtBlockStart;
    } programmaticEvent;
    int priority;
    cudaLaunchMemSyncDomainMap memSyncDomainMap;
    cudaLaunchMemSyncDomain memSyncDomain;
    struct {
        unsigned int x, y, z;
    } preferredClusterDim;
    struct {
        cudaEvent_t event;
        int flags;
    } launchCompletionEvent;
    unsigned int sharedMemCarveout;
} cudaLaunchAttributeValue;
typedef struct cudaLaunchAttribute_st {
    cudaLaunchAttributeID id;
    char pad[8 - sizeof(cudaLaunchAttributeID)];
    cudaLaunchAttributeValue val;
} cudaLaunchAttribute;
#define cudaStreamAttrID cudaLaunchAttributeID
#define cudaStreamAttrValue cudaLaunchAttributeValue
#define cudaStreamAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
#define cudaStreamAttributeSynchronizationPolicy cudaLaunchAttributeSynchronizationPolicy
#define cudaStreamAttributeMemSyncDomainMap cudaLaunchAttributeMemSyncDomainMap
#define cudaStreamAttributeMemSyncDomain cudaLaunchAttributeMemSyncDomain
#define cudaStreamAttributePriority cudaLaunchAttributePriority

// A stream callback: the stream, the stream's error, and the program's data.
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void* userData);

cudaError_t cudaStreamCreate(cudaStream_t* stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags);
// Priorities run from 0 (the least) to -5 (the greatest), an H200's range;
// one outside it is clamped into it, as CUDA clamps it.
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int priority);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamGetPriority(cudaStream_t stream, int* priority);
cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int* flags);
cudaError_t cudaStreamGetId(cudaStream_t stream, unsigned long long* id);
cudaError_t cudaStreamGetDevice(cudaStream_t stream, int* device);
cudaError_t cudaStreamSetAttribute(cudaStream_t stream, cudaLaunchAttributeID attribute,
                                   const cudaLaunchAttributeValue* value);
cudaError_t cudaStreamGetAttribute(cudaStream_t stream, cudaLaunchAttributeID attribute,
                                   cudaLaunchAttributeValue* value);
cudaError_t cudaStreamCopyAttributes(cudaStream_t destination, cudaStream_t source);
// Runs `function(data)` after the work given to the stream before it.
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t function, void* data, WARP_EMULATOR_SITE);
// Runs `callback(stream, status, data)` after the work before it; flags must be 0.
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void* data, unsigned int flags,
                                  WARP_EMULATOR_SITE);
// Managed memory is the host's and every kernel's here: attaching it changes
// nothing, but the call is checked.
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void* pointer, size_t bytes = 0,
                                     unsigned int flags = cudaMemAttachSingle);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest);
// The L2 cache's persisting lines: there are none.
cudaError_t cudaCtxResetPersistingL2Cache();

// Events keep the host's wall clock when the work before them has run: what
// they measure is the emulator.
cudaError_t cudaEventCreate(cudaEvent_t* event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags);
// cuda_runtime.h's C++ overload: cudaEventCreate(&event, flags).
inline cudaError_t cudaEventCreate(cudaEvent_t* event, unsigned int flags) { return cudaEventCreateWithFlags(event, flags); }
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = nullptr);
cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream = nullptr, unsigned int flags = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float* milliseconds, cudaEvent_t start, cudaEvent_t end);
