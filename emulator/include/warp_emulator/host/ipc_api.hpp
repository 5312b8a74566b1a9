// ipc_api.hpp: device memory and events shared between processes, as a host
// program calls them (runtime/api/ipc.cpp).
//
// cudaIpcGetMemHandle moves a cudaMalloc allocation into memory the host can
// share (a memfd, at the same address), and the handle names it; another
// process's cudaIpcOpenMemHandle maps the same memory into its own device
// memory, where its kernels' accesses are checked as any allocation's. What
// the other process writes is not seen by this one's checks, so memory
// shared this way is taken as defined in both. An event is shared as a new
// event, which another process's work never reaches: a wait for it waits for
// nothing of theirs.
#pragma once

#include <cstddef>

#include "../device/kernel_calls.hpp"
#include "runtime_types.hpp"

constexpr unsigned int cudaIpcMemLazyEnablePeerAccess = 0x1;

typedef struct cudaIpcMemHandle_st {
    char reserved[64];
} cudaIpcMemHandle_t;
typedef struct cudaIpcEventHandle_st {
    char reserved[64];
} cudaIpcEventHandle_t;

// `pointer` must be where a live cudaMalloc allocation starts.
cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t* handle, void* pointer);
// A handle of another process's, which must still be running.
cudaError_t cudaIpcOpenMemHandle(void** pointer, cudaIpcMemHandle_t handle, unsigned int flags, WARP_EMULATOR_SITE);
cudaError_t cudaIpcCloseMemHandle(void* pointer, WARP_EMULATOR_SITE);
// The event must have been made with cudaEventInterprocess and cudaEventDisableTiming.
cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t* handle, cudaEvent_t event);
cudaError_t cudaIpcOpenEventHandle(cudaEvent_t* event, cudaIpcEventHandle_t handle);
