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
// What a .cu file sees, in the order these headers build on each other:
//   warp_emulator/keywords.hpp          CUDA's keywords, built-in and vector types
//   warp_emulator/runtime_types.hpp     the runtime API's types and error codes
//   warp_emulator/kernel_calls.hpp      what a kernel and the runtime say to each other
//   warp_emulator/intrinsics.hpp        collectives, barriers, atomics, fences
//   warp_emulator/device_functions.hpp  the integer and floating-point intrinsics
//   warp_emulator/launch.hpp            launches
//   warp_emulator/host_api.hpp          the runtime API
// The runtime library, compiled once (emulator/runtime/), holds the rest:
// the scheduler, each rule and each check in a file of its own.
//
// Why the compiler's ThreadSanitizer instrumentation. Under -fsanitize=thread
// GCC and Clang make every load, store and atomic of the compiled code call a
// hook with its address and size (__tsan_read4, __tsan_write8,
// __tsan_atomic32_fetch_add, ...; tsan_interface.h lists them). The emulator
// never links ThreadSanitizer's own runtime: its runtime library defines those
// hooks (runtime/access_hooks.cpp) with the GPU's meaning, and one stream of
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
#include "warp_emulator/runtime_types.hpp"
#include "warp_emulator/kernel_calls.hpp"
#include "warp_emulator/intrinsics.hpp"
#include "warp_emulator/device_functions.hpp"
#include "warp_emulator/launch.hpp"
#include "warp_emulator/host_api.hpp"

