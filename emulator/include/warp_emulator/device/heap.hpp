// heap.hpp: the device heap's one call of its own. A kernel's malloc, free,
// new and delete are the C library's and C++'s own, which the runtime library
// takes to the device heap while a kernel runs (runtime/device/heap_calls.cpp,
// runtime/memory/device_heap.hpp); the Programming Guide's
// __nv_aligned_device_malloc, "a multiple of align", has no host twin.
#pragma once

#include <cstddef>

extern "C" void* __nv_aligned_device_malloc(std::size_t size, std::size_t align);
