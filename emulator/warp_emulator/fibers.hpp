// fibers.hpp: one stack per GPU thread of a block, and the switch between a
// thread and the scheduler. A thread runs on its own until it reaches a
// collective (or exits), then hands control back: that is all the
// concurrency the emulator has, and all a warp's rules need.
//
// Each stack is WARP_EMULATOR_STACK_KIB (512 KiB by default, the most local
// memory a current GPU gives a thread; cudaDeviceSetLimit(cudaLimitStackSize)
// sets it too), with a large unmapped guard below it. A thread that runs off
// its stack faults in the guard, and the handler says so and how to give it
// more, instead of a bare segmentation fault; a fault anywhere else inside a
// kernel names the kernel, block and thread, then crashes as before.
//
// The switch is a small assembly routine on x86-64 and <ucontext.h>
// elsewhere (or with -DWARP_EMULATOR_UCONTEXT).
#pragma once

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "settings.hpp"

#if !defined(__x86_64__) || defined(WARP_EMULATOR_UCONTEXT)
#include <ucontext.h>
#define WARP_EMULATOR_USES_UCONTEXT 1
#else
// Saves the callee-saved registers, MXCSR's control bits and the x87 control
// word (the System V ABI makes the caller expect all of these back: a kernel
// that changes the rounding mode must not change it for another thread) and
// the stack pointer in *save; loads those of `load` and returns into it. Weak,
// because every file that includes this header defines it.
extern "C" void warp_emulator_switch(void** save, void* load);
__asm__(
    ".text\n"
    ".weak warp_emulator_switch\n"
    ".type warp_emulator_switch, @function\n"
    "warp_emulator_switch:\n"
    "  pushq %rbp\n"
    "  pushq %rbx\n"
    "  pushq %r12\n"
    "  pushq %r13\n"
    "  pushq %r14\n"
    "  pushq %r15\n"
    "  subq $8, %rsp\n"
    "  stmxcsr (%rsp)\n"
    "  fnstcw 4(%rsp)\n"
    "  movq %rsp, (%rdi)\n"
    "  movq %rsi, %rsp\n"
    "  ldmxcsr (%rsp)\n"
    "  fldcw 4(%rsp)\n"
    "  addq $8, %rsp\n"
    "  popq %r15\n"
    "  popq %r14\n"
    "  popq %r13\n"
    "  popq %r12\n"
    "  popq %rbx\n"
    "  popq %rbp\n"
    "  ret\n"
    ".size warp_emulator_switch, .-warp_emulator_switch\n");
#endif

namespace warp_emulator {

class Fibers {
public:
    using Entry = void (*)();

    // Room for `count` fibers with stacks of `stackBytes`. Keeps what it has
    // when that is enough.
    void prepare(int count, size_t stackBytes) {
        const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
        stackBytes = (stackBytes + page - 1) / page * page;
        if (static_cast<size_t>(count) <= count_ && stackBytes == stackBytes_) {
            return;
        }
        release();
        // The guard is far larger than the stack, so that even a frame much
        // bigger than the stack lands in it rather than in a neighbour's stack.
        guardBytes_ = stackBytes * 16 > kMinimumGuardBytes ? stackBytes * 16 : kMinimumGuardBytes;
        stackBytes_ = stackBytes;
        stride_ = guardBytes_ + stackBytes_;
        void* memory = mmap(nullptr, stride_ * static_cast<size_t>(count), PROT_NONE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (memory == MAP_FAILED) {
            std::fprintf(stderr, "warp emulator: cannot reserve %d fiber stacks of %zu KiB\n", count, stackBytes_ / 1024);
            std::exit(kCannotRunExitCode);
        }
        memory_ = static_cast<char*>(memory);
        count_ = static_cast<size_t>(count);
        for (size_t i = 0; i < count_; ++i) {
            if (mprotect(memory_ + i * stride_ + guardBytes_, stackBytes_, PROT_READ | PROT_WRITE) != 0) {
                std::fprintf(stderr, "warp emulator: cannot map a fiber stack of %zu KiB\n", stackBytes_ / 1024);
                std::exit(kCannotRunExitCode);
            }
        }
        contexts_.assign(count_, Context{});
        installFaultHandler();
    }

    // The fiber whose guard holds `address`, or -1.
    int guardHolding(const void* address) const {
        const auto at = reinterpret_cast<std::uintptr_t>(address);
        const auto start = reinterpret_cast<std::uintptr_t>(memory_);
        if (memory_ == nullptr || at < start || at >= start + stride_ * count_) {
            return -1;
        }
        const size_t index = (at - start) / stride_;
        return (at - start) % stride_ < guardBytes_ ? static_cast<int>(index) : -1;
    }

    // Says who is running when a fault comes: set by the scheduler.
    std::string (*describeRunningThread)() = nullptr;
    // Takes a fault that is a write to memory the race check protects, and
    // says whether it was one (race_check.hpp's WriteTracker).
    bool (*takeWriteFault)(const void* address) = nullptr;

#ifdef WARP_EMULATOR_USES_UCONTEXT
    void start(int index, Entry entry) {
        ucontext_t& context = contexts_[static_cast<size_t>(index)].context;
        getcontext(&context);
        context.uc_stack.ss_sp = stackBottom(index);
        context.uc_stack.ss_size = stackBytes_;
        context.uc_link = nullptr;
        makecontext(&context, entry, 0);
    }
    void resume(int index) { swapcontext(&scheduler_.context, &contexts_[static_cast<size_t>(index)].context); }
    void suspend(int index) { swapcontext(&contexts_[static_cast<size_t>(index)].context, &scheduler_.context); }
#else
    // The new stack, from its top: a zero return address for `entry`, the
    // address warp_emulator_switch returns to, six zeroed saved registers,
    // then this thread's MXCSR and x87 control word for the new fiber to load.
    void start(int index, Entry entry) {
        char* top = stackBottom(index) + stackBytes_;
        void** stack = reinterpret_cast<void**>(top);
        *--stack = nullptr;
        *--stack = reinterpret_cast<void*>(entry);
        for (int i = 0; i < 6; ++i) {
            *--stack = nullptr;
        }
        std::uint16_t x87ControlWord = 0;
        __asm__ volatile("fnstcw %0" : "=m"(x87ControlWord));
        const std::uint64_t floatingPointControl = __builtin_ia32_stmxcsr() | (std::uint64_t{x87ControlWord} << 32);
        std::memcpy(--stack, &floatingPointControl, sizeof floatingPointControl);
        contexts_[static_cast<size_t>(index)].stackPointer = stack;
    }
    void resume(int index) { warp_emulator_switch(&scheduler_.stackPointer, contexts_[static_cast<size_t>(index)].stackPointer); }
    void suspend(int index) { warp_emulator_switch(&contexts_[static_cast<size_t>(index)].stackPointer, scheduler_.stackPointer); }
#endif

    static Fibers& instance() {
        static Fibers* fibers = new Fibers;
        return *fibers;
    }

private:
    static constexpr size_t kMinimumGuardBytes = 8u << 20;

#ifdef WARP_EMULATOR_USES_UCONTEXT
    struct Context {
        ucontext_t context;
    };
#else
    struct Context {
        void* stackPointer = nullptr;
    };
#endif

    char* memory_ = nullptr;
    size_t count_ = 0;
    size_t guardBytes_ = 0;
    size_t stackBytes_ = 0;
    size_t stride_ = 0;
    std::vector<Context> contexts_;
    Context scheduler_{};

    char* stackBottom(int index) const { return memory_ + static_cast<size_t>(index) * stride_ + guardBytes_; }

    void release() {
        if (memory_ != nullptr) {
            munmap(memory_, stride_ * count_);
        }
        memory_ = nullptr;
        count_ = 0;
    }

    static void onFault(int signalNumber, siginfo_t* info, void*) {
        Fibers& fibers = instance();
        if (fibers.takeWriteFault != nullptr && fibers.takeWriteFault(info->si_addr)) {
            return;  // the write goes ahead on the now writable page
        }
        const std::string who = fibers.describeRunningThread != nullptr ? fibers.describeRunningThread() : "";
        if (fibers.guardHolding(info->si_addr) >= 0) {
            std::fprintf(stderr,
                         "warp emulator: %s ran off its %zu KiB stack (its local arrays and calls need more).\n"
                         "  Give every thread more: WARP_EMULATOR_STACK_KIB=%zu, or "
                         "cudaDeviceSetLimit(cudaLimitStackSize, bytes) before the launch.\n",
                         who.empty() ? "a thread" : who.c_str(), fibers.stackBytes_ / 1024, fibers.stackBytes_ / 1024 * 4);
            std::fflush(stderr);
            _exit(kCannotRunExitCode);
        }
        if (!who.empty()) {
            std::fprintf(stderr,
                         "warp emulator: %s made an invalid memory access at address %p "
                         "(a GPU would report cudaErrorIllegalAddress)\n",
                         who.c_str(), info->si_addr);
            std::fflush(stderr);
        }
        signal(signalNumber, SIG_DFL);  // returning re-runs the access, which now ends the program as usual
    }

    static void installFaultHandler() {
        static bool installed = false;
        if (installed) {
            return;
        }
        installed = true;
        static std::vector<char> alternateStack(1 << 16);
        stack_t stack{};
        stack.ss_sp = alternateStack.data();
        stack.ss_size = alternateStack.size();
        sigaltstack(&stack, nullptr);
        struct sigaction action{};
        action.sa_sigaction = onFault;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&action.sa_mask);
        sigaction(SIGSEGV, &action, nullptr);
        sigaction(SIGBUS, &action, nullptr);
    }
};

}  // namespace warp_emulator
