// warp_emulator.hpp: runs CUDA kernels on the CPU, one fiber per GPU thread,
// and judges them by the rules of the _sync warp intrinsics and of
// __syncthreads(), which a GPU never checks.
//
// Build a .cu file with the host compiler, this folder first on the include
// path, so that its #include <cuda_runtime.h> finds the emulator:
//
//   g++ -std=c++17 -O2 -x c++ -I emulator -o shuffles-emulated shuffles.cu && ./shuffles-emulated
//
// A file with ordinary kernel<<<grid, block>>>(...) launches, or with
// `extern __shared__` arrays, runs unchanged through emulator/emulate, which
// rewrites those (not C++) into warp_emulator::configuredLaunch(...) and
// WARP_EMULATOR_EXTERN_SHARED in a copy that keeps every line number.
// warp_emulator::launch(kernel, grid, block, arguments...) launches directly.
//
// What it checks, each rule quoted from the CUDA C++ Programming Guide or the
// PTX ISA where it is implemented:
//   warp_collectives.hpp  the mask rules (own bit; every named non-exited
//                         lane at the same intrinsic with the same mask),
//                         reads of lanes not taking part, shuffle widths,
//                         and the results of every shuffle, vote, match,
//                         __reduce_*_sync, __syncwarp() and __activemask()
//   block_barrier.hpp     __syncthreads() and __syncthreads_count/and/or()
//                         reached by every thread of the block, the same one
//   race_check.hpp        every launch run again in other orders (random, blocks
//                         reversed, warps running ahead past their collectives),
//                         and the bytes it wrote compared: a race shows as a
//                         difference
//
// What it does with a finding (findings.hpp): prints it on stderr, naming the
// kernel, block, warp, lanes, call and source line; after a broken rule,
// cudaGetLastError() and cudaDeviceSynchronize() return
// cudaErrorWarpRuleBroken; a program that would exit 0 after any finding
// exits 66 instead.
//
// Environment variables (settings.hpp):
//   WARP_EMULATOR_ON_FINDING=fail|log       log: report, but change no answer and no exit code
//   WARP_EMULATOR_LANE_ORDER=ascending|descending|random[:SEED]   the order threads run in
//   WARP_EMULATOR_RACE_CHECK=1|0            0: run each launch once
//   WARP_EMULATOR_STACK_KIB=N               each thread's stack (512 by default)
//   WARP_EMULATOR_SUPPRESS=a,b              these kernels' findings are expected: counted, not decisive
//   WARP_EMULATOR_WATCHDOG_SECONDS=N        end a launch in which no thread moved for N s (60; 0: never)
//   WARP_EMULATOR_TRACE=FILE                record one warp's collectives (TRACE.md), with
//   WARP_EMULATOR_TRACE_KERNELS=a,b  WARP_EMULATOR_TRACE_BLOCK=x,y,z  WARP_EMULATOR_TRACE_WARP=w
//
// What it does not model: timing, memory coalescing, caches, registers and
// local memory sizes (cudaFuncGetAttributes reports them as 0; clock64()
// counts calls); warps running in lockstep (they never do here, which is the
// point). Blocks run one after another on one CPU thread. Nothing of
// cooperative groups, clusters, tensor cores, half precision or textures.
// shared/block counts the __shared__ variables declared in the kernel's own
// body, not in functions it calls. `extern __shared__` needs emulator/emulate.
// Linux only: it reads its own ELF symbol table.
//
// What it cannot see, and says so here rather than pass in silence:
//   - a race that every order of whole thread segments hides: a thread is
//     never interrupted between two collectives, so many threads doing a
//     non-atomic `counter += 1` lose no update here (on a GPU they do);
//   - a lane that calls an intrinsic with another mask than the lanes waiting
//     for it, and exits, is reported only when they were already waiting
//     (warp_collectives.hpp, R2);
//   - two __syncthreads() on one source line look like one barrier;
//   - a thread that spins on memory another thread writes, with no collective
//     or __nanosleep() in the loop, runs alone until the watchdog ends it.
// And what it reports although a GPU would not fail: a shuffle's read of a
// lane not taking part, even when the value read is then thrown away (the
// Guide says a thread "may only read" from one that takes part); a thread that
// exits before a __syncthreads() the rest of its block reaches.
//
// One concern per file, included in the order they build on each other.
#pragma once

#define WARP_EMULATOR 1

#include "warp_emulator/keywords.hpp"
#include "warp_emulator/runtime_types.hpp"
#include "warp_emulator/settings.hpp"
#include "warp_emulator/symbols.hpp"
#include "warp_emulator/fibers.hpp"
#include "warp_emulator/device_memory.hpp"
#include "warp_emulator/findings.hpp"
#include "warp_emulator/request.hpp"
#include "warp_emulator/trace.hpp"
#include "warp_emulator/watchdog.hpp"
#include "warp_emulator/race_check.hpp"
#include "warp_emulator/scheduler.hpp"
#include "warp_emulator/warp_collectives.hpp"
#include "warp_emulator/block_barrier.hpp"
#include "warp_emulator/launch.hpp"
#include "warp_emulator/intrinsics.hpp"
#include "warp_emulator/device_functions.hpp"
#include "warp_emulator/runtime_api.hpp"
