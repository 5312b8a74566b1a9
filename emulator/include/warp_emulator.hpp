// warp_emulator.hpp: runs CUDA kernels on the CPU, one fiber per GPU thread,
// and checks what a GPU never checks: the rules of the _sync warp
// intrinsics and of __syncthreads(), and every memory access (bounds,
// uninitialised reads, races). emulator/README.md is its manual.
//
// Run a .cu file, unchanged, with
//
//   emulator/emulate your.cu [arguments]
//
// which rewrites its <<<>>> launches and `extern __shared__` arrays (not C++)
// in a copy that keeps every line number, compiles that copy with the host
// compiler and -fsanitize=thread (so that every load and store reaches the
// memory checks), and links it with the emulator's runtime library.
//
// What a .cu file sees, in the order these headers build on each other
// (emulator/nvcc and emulator/emulate include warp_emulator/cuda_source.hpp
// first, as nvcc includes cuda_runtime.h):
//   warp_emulator/keywords.hpp             CUDA's keywords, built-in and vector types
//   warp_emulator/host/runtime_types.hpp   the runtime API's types and error codes
//   warp_emulator/device/kernel_calls.hpp  what a kernel and the runtime say to each other
//   warp_emulator/device/collectives.hpp   warp collectives and block barriers
//   warp_emulator/device/atomics.hpp       atomics, fences, timers, loads with cache hints
//   warp_emulator/device/math.hpp          the integer and floating-point intrinsics
//   warp_emulator/device/video_instructions.hpp  PTX's video instructions, CUDA's SIMD intrinsics
//   warp_emulator/device/textures.hpp      texture fetches, surface reads and writes
//   warp_emulator/device/special_registers.hpp  the PTX special registers inline PTX reads
//   warp_emulator/device/heap.hpp          __nv_aligned_device_malloc (malloc and new are the C++ ones)
//   warp_emulator/host/launch.hpp          launches
//   warp_emulator/host/runtime_api.hpp     the runtime API, a header for each part
// The runtime library, compiled once (emulator/runtime/), holds the rest, a
// folder for each layer: api/ (the runtime API), device/ (what a kernel
// calls), rules/ (the collectives' and barriers' rules), checks/ (every
// access), memory/, scheduling/ (fibers, blocks, launches) and reporting/.
//
// Why the compiler's ThreadSanitizer instrumentation. Under -fsanitize=thread
// GCC and Clang make every load, store and atomic of the compiled code call a
// hook with its address and size (__tsan_read4, __tsan_write8,
// __tsan_atomic32_fetch_add, ...; tsan_interface.h lists them). The emulator
// never links ThreadSanitizer's own runtime: its runtime library defines those
// hooks (runtime/checks/access_hooks.cpp) with the GPU's meaning, and one stream of
// accesses feeds all three checks, memcheck, initcheck and racecheck, with a
// shadow of each byte's state as Oclgrind and iGUARD keep one.
// AddressSanitizer was the other candidate: its instrumentation compares each
// access with its own shadow bytes and calls no hook, so it could check bounds
// but neither definedness nor the order of accesses, and it would need its
// fiber API (__sanitizer_start_switch_fiber) at every switch between GPU
// threads. Page protection, which the emulator's first race check used, sees
// 4 KiB pages and writes only; the hooks see every byte, read or written.
#pragma once

#define WARP_EMULATOR 1

#if defined(__clang__)
#if !__has_feature(thread_sanitizer)
#define WARP_EMULATOR_NOT_INSTRUMENTED 1
#endif
#elif !defined(__SANITIZE_THREAD__)
#define WARP_EMULATOR_NOT_INSTRUMENTED 1
#endif
#ifdef WARP_EMULATOR_NOT_INSTRUMENTED
#error "The CPU warp emulator checks every memory access a kernel makes through the compiler's -fsanitize=thread instrumentation. Run your file with emulator/emulate your.cu, which builds it so."
#endif

#include "warp_emulator/keywords.hpp"
#include "warp_emulator/host/runtime_types.hpp"
#include "warp_emulator/device/kernel_calls.hpp"
#include "warp_emulator/device/collectives.hpp"
#include "warp_emulator/device/atomics.hpp"
#include "warp_emulator/device/math.hpp"
#include "warp_emulator/device/video_instructions.hpp"
#include "warp_emulator/device/textures.hpp"
#include "warp_emulator/device/special_registers.hpp"
#include "warp_emulator/device/heap.hpp"
#include "warp_emulator/device/address_spaces.hpp"
#include "warp_emulator/host/launch.hpp"
#include "warp_emulator/host/runtime_api.hpp"

