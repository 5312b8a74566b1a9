// fibers.hpp: one stack per GPU thread of a block, and the switches between
// a thread and the scheduler, and from one thread straight to the next. A
// thread runs on its own until it reaches a collective (or exits), then
// hands control to the next thread of the scheduler's round, the last one
// back to the scheduler: that is all the concurrency the emulator has, and
// all a warp's rules need.
//
// Each stack is WARP_EMULATOR_STACK_KIB (512 KiB by default, the most local
// memory a current GPU gives a thread; cudaDeviceSetLimit(cudaLimitStackSize)
// sets it too), with a large unmapped guard below it. A thread that runs off
// its stack faults in the guard, and the handler says so and how to give it
// more, instead of a bare segmentation fault.
//
// The switch is a small assembly routine on x86-64 and <ucontext.h>
// elsewhere (or with -DWARP_EMULATOR_UCONTEXT). Each thread keeps its own
// floating-point control (the rounding mode, the exceptions that trap), as
// the System V ABI has a caller expect it back. CUDA code has no call that
// changes it, so a switch saves and loads it only once the program has
// changed it by a call of <cfenv> (fesetround and its kin, which the link
// wraps: floating_point_control.cpp); until then the lean switch leaves it
// alone (stmxcsr and fnstcw at every switch cost block_reduce 5% of its user
// time in pinned A/B runs).
// A change made by inline assembly or _mm_setcsr() is not seen. MXCSR's
// exception flags, which the ABI leaves to the caller, the threads share; a
// launch leaves the host thread's floating-point state as it found it
// (HostFloatingPointState), as a GPU's does.
#pragma once

#include <signal.h>

#include <cstddef>
#include <string>
#include <vector>

#if !defined(__x86_64__) || defined(WARP_EMULATOR_UCONTEXT)
#include <ucontext.h>
#define WARP_EMULATOR_USES_UCONTEXT 1
#endif

#include <cstdint>

#ifndef WARP_EMULATOR_USES_UCONTEXT
// Saves the running fiber's registers and stack pointer in *save, and
// returns into the fiber whose stack pointer is `load` (fibers.cpp): with
// the floating-point control, or (lean) without it.
extern "C" void warp_emulator_switch(void** save, void* load);
extern "C" void warp_emulator_switch_lean(void** save, void* load);
// Whether a call of <cfenv> has changed the floating-point control, and the
// control every thread had until then.
extern "C" bool warp_emulator_floating_point_control_changed;
extern "C" std::uint64_t warp_emulator_first_floating_point_control;
#endif

namespace warp_emulator {

// The floating-point state (MXCSR, the x87 environment: control and
// exception flags) of the host thread that runs a launch, kept while it runs
// and given back after (scheduling/launch.cpp).
class HostFloatingPointState {
public:
    HostFloatingPointState();
    ~HostFloatingPointState();
    HostFloatingPointState(const HostFloatingPointState&) = delete;
    HostFloatingPointState& operator=(const HostFloatingPointState&) = delete;

private:
    unsigned char x87Environment_[28] = {};  // fnstenv's, in 32-bit protected mode
    unsigned int mxcsr_ = 0;
};

class Fibers {
public:
    using Entry = void (*)();

    // Inline: the checks ask for it at every access.
    static Fibers& instance() {
        static Fibers* const fibers = new Fibers;
        return *fibers;
    }

    // Room for `count` fibers with stacks of `stackBytes`. Keeps what it has
    // when that is enough.
    void prepare(int count, size_t stackBytes);

    void start(int index, Entry entry);
    // The thread on fiber `index` exited inside `entry`'s loop, which runs
    // the next thread of that fiber when it is switched to again: a block's
    // thread then goes on from there (startOrGoOn) rather than from a fresh
    // frame, which is the same frame at the same place. Not while a call of
    // <cfenv> has changed the floating-point control: a fresh start gives a
    // thread the program's own, as a GPU thread starts with the defaults. A
    // fiber restored (restore()) is no longer parked.
#ifdef WARP_EMULATOR_USES_UCONTEXT
    void park(int) {}
    void startOrGoOn(int index, Entry entry) { start(index, entry); }  // a context keeps its own floating-point state
#else
    void park(int index) { parked_[static_cast<size_t>(index)] = 1; }
    void startOrGoOn(int index, Entry entry) {
        if (parked_[static_cast<size_t>(index)] && !warp_emulator_floating_point_control_changed) {
            parked_[static_cast<size_t>(index)] = 0;
            return;
        }
        start(index, entry);
    }
#endif
    void resume(int index);   // from the scheduler
    void suspend(int index);  // from the fiber
    // From fiber `from` straight to fiber `to`, without the scheduler between:
    // inline, since every thread takes it at every collective.
#ifdef WARP_EMULATOR_USES_UCONTEXT
    void switchTo(int from, int to);
#else
    void switchTo(int from, int to) {
        switchStacks(&contexts_[static_cast<size_t>(from)].stackPointer, contexts_[static_cast<size_t>(to)].stackPointer);
    }
#endif

    // A call of <cfenv> is about to change the floating-point control: from
    // now on every switch saves and loads it (floating_point_control.cpp).
    static void floatingPointControlChanges();

    // Asks the cache for the top of fiber `index`'s stack, where a switch
    // into it reads first: a switch issues it for the fiber after the one it
    // enters, whose turn is usually next, so the miss is paid while another
    // runs. `index` is one of the fibers (a thread of the scheduler's round).
    // Four lines: the registers the switch pops, then the frames it returns
    // into (the collective's call, the kernel's own). With two, a thread
    // through a barrier took 5% longer (emulator/bench/barrier_cost.cu, one
    // core, task-clock: 940 ms against 886, fastest of 9 runs each). Always
    // inlined: out of line, GCC finds it has no effect the program can see,
    // and drops the call.
    [[gnu::always_inline]] void prefetch(int index) const {
#ifndef WARP_EMULATOR_USES_UCONTEXT
        const char* top = static_cast<const char*>(contexts_[static_cast<size_t>(index)].stackPointer);
        for (int line = 0; line < 4; ++line) {
            __builtin_prefetch(top + 64 * line);
        }
#else
        (void)index;
#endif
    }

    // A suspended fiber's state, its context and the part of its stack in
    // use, copied out and back: how a cooperative launch holds a block's
    // threads while their stacks serve another block's (cooperative_grid.cpp).
    // Restored where it was, every pointer into the stack holds again.
    void save(int index, std::vector<unsigned char>* image) const;
    void restore(int index, const std::vector<unsigned char>& image);

    // Whether `address` lies in fiber `index`'s stack, in any fiber's stack,
    // or in a guard (then which fiber's, else -1).
    bool inStackOf(int index, const void* address) const;
    bool inAnyStack(const void* address) const;
    int guardHolding(const void* address) const;
    void stackOf(int index, const char** start, const char** end) const {
        *start = stackBottom(index);
        *end = *start + stackBytes_;
    }

    // Who is running when a fault comes, and what to do with a fault inside a
    // kernel that is not a stack overflow: set by the scheduler.
    std::string (*describeRunningThread)() = nullptr;
    void (*stopAfterFault)(const void* address) = nullptr;

private:
    static constexpr size_t kMinimumGuardBytes = 8u << 20;
    // The stacks lie the same number of bytes apart, so their tops would
    // fall in the same cache sets and evict each other at every switch: each
    // starts a different distance below its top (fiber i: i * 272 bytes,
    // modulo 64 KiB), out of room mapped for it beyond its stack.
    static constexpr size_t kColourBytes = 64u << 10;
    static size_t colourOf(int index) { return static_cast<size_t>(index) * 272 % kColourBytes; }

#ifdef WARP_EMULATOR_USES_UCONTEXT
    struct Context {
        ucontext_t context;
    };
#else
    struct Context {
        void* stackPointer = nullptr;
    };
    // What the lean switch leaves where the full one keeps MXCSR and the x87
    // control word: no MXCSR has its upper 16 bits set.
    static constexpr std::uint64_t kNoFloatingPointControlSaved = ~std::uint64_t{0};
    static std::uint64_t floatingPointControl();  // MXCSR, and the x87 control word above it
    static void switchStacks(void** save, void* load) {
        if (warp_emulator_floating_point_control_changed) {
            warp_emulator_switch(save, load);
        } else {
            warp_emulator_switch_lean(save, load);
        }
    }
#endif

    char* memory_ = nullptr;
    size_t count_ = 0;
    size_t guardBytes_ = 0;
    size_t stackBytes_ = 0;
    size_t stride_ = 0;
    std::vector<Context> contexts_;
    std::vector<unsigned char> parked_;  // by fiber: park()'s (bytes: a bit vector costs every thread more)
    Context scheduler_{};

    char* stackBottom(int index) const { return memory_ + static_cast<size_t>(index) * stride_ + guardBytes_; }
    void release();
    static void onFault(int signalNumber, siginfo_t* info, void*);
    static void installFaultHandler();
};

}  // namespace warp_emulator
