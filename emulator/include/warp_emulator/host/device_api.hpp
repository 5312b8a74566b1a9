// device_api.hpp: the device, its properties and attributes, errors,
// synchronisation and limits, as a host program calls them
// (runtime/api/devices.cpp). The device is one CPU thread with an sm_80's
// rules and an sm_90's limits, as far as a kernel can tell; a launch on the
// legacy stream has finished when its call returns, and the work of the
// program's own streams runs when the host waits (stream_api.hpp).
#pragma once

#include <cstddef>

#include "runtime_types.hpp"

cudaError_t cudaGetDeviceCount(int* count);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDevice(int* device);
// cudaDeviceMapHost and the scheduling flags are kept, and change nothing:
// pinned and registered host memory is always mapped (unified addressing).
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaGetDeviceFlags(unsigned int* flags);
cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags);
cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp* properties);
cudaError_t cudaDeviceGetPCIBusId(char* busId, int length, int device);
cudaError_t cudaDeviceGetByPCIBusId(int* device, const char* busId);
cudaError_t cudaDriverGetVersion(int* version);
cudaError_t cudaRuntimeGetVersion(int* version);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* properties, int device);
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device);
cudaError_t cudaMemGetInfo(size_t* freeBytes, size_t* totalBytes);
cudaError_t cudaGetLastError();
cudaError_t cudaPeekAtLastError();
cudaError_t cudaDeviceSynchronize();
cudaError_t cudaDeviceReset();
cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value);
cudaError_t cudaDeviceGetLimit(size_t* value, cudaLimit limit);
// One device: no peer, as a machine with one GPU answers; cache preferences
// change nothing here.
cudaError_t cudaDeviceCanAccessPeer(int* canAccess, int device, int peerDevice);
// Device 0 is not its own peer, and there is no other: cudaErrorInvalidDevice,
// as with one GPU.
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags);
cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
cudaError_t cudaDeviceGetP2PAttribute(int* value, cudaDeviceP2PAttr attribute, int sourceDevice,
                                      int destinationDevice);
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache cacheConfig);
// The preference last set (cudaFuncCachePreferNone before any), as a device
// whose L1 cache and shared memory share their hardware answers.
cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* cacheConfig);
// Shared memory's banks are four bytes wide on every device since Maxwell:
// the get answers that, and a set of a valid size changes nothing (the
// runtime API's documentation says so of devices with a fixed bank size;
// CUDA 13.0 declares them, deprecated).
cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig* config);
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config);
