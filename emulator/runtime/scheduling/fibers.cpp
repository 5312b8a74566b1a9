// fibers.cpp: the stacks, the switch, and the fault handler.
#include "scheduling/fibers.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "reporting/settings.hpp"
#include "scheduling/block_workers.hpp"

#ifndef WARP_EMULATOR_USES_UCONTEXT
// The registers the System V ABI has a callee keep, pushed in this order and
// popped in the reverse.
#define WARP_EMULATOR_PUSH_CALLEE_SAVED \
    "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
#define WARP_EMULATOR_POP_CALLEE_SAVED \
    "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n"

// warp_emulator_switch: saves the callee-saved registers, MXCSR and the x87
// control word (the System V ABI makes the caller expect their control bits
// back: a kernel that changes the rounding mode must not change it for
// another thread) and the stack pointer in *save; loads those of `load` and
// returns into it, with MXCSR's exception flags as they are (the ABI leaves
// them to the caller, and the threads share them). A frame the lean switch
// saved, before the control first changed, ran with the control the program
// had until then.
//
// warp_emulator_switch_lean: the same without the floating-point control,
// which every thread shares until a call of <cfenv> changes it (fibers.hpp).
__asm__(
    ".text\n"
    ".globl warp_emulator_switch\n"
    ".type warp_emulator_switch, @function\n"
    "warp_emulator_switch:\n"
    WARP_EMULATOR_PUSH_CALLEE_SAVED
    "  subq $8, %rsp\n"
    "  stmxcsr (%rsp)\n"
    "  fnstcw 4(%rsp)\n"
    "  movq %rsp, (%rdi)\n"
    "  movq %rsi, %rsp\n"
    "  cmpq $-1, (%rsp)\n"  // saved by the lean switch: the program's first control
    "  jne 0f\n"
    "  movq warp_emulator_first_floating_point_control(%rip), %rcx\n"
    "  movq %rcx, (%rsp)\n"
    "0:\n"
    // Loading them is slow, and they almost never differ: compare first.
    "  movq (%rdi), %rax\n"  // the stack left, where its own two were saved
    "  movl (%rsp), %ecx\n"
    "  andl $-64, %ecx\n"  // the control bits of the thread entered
    "  movl (%rax), %edx\n"
    "  andl $63, %edx\n"   // the exception flags in force
    "  orl %edx, %ecx\n"
    "  cmpl (%rax), %ecx\n"
    "  je 1f\n"
    "  movl %ecx, (%rsp)\n"
    "  ldmxcsr (%rsp)\n"
    "1:\n"
    "  movw 4(%rsp), %cx\n"
    "  cmpw 4(%rax), %cx\n"
    "  je 2f\n"
    "  fldcw 4(%rsp)\n"
    "2:\n"
    "  addq $8, %rsp\n"
    WARP_EMULATOR_POP_CALLEE_SAVED
    "  ret\n"
    ".size warp_emulator_switch, .-warp_emulator_switch\n"
    ".globl warp_emulator_switch_lean\n"
    ".type warp_emulator_switch_lean, @function\n"
    "warp_emulator_switch_lean:\n"
    WARP_EMULATOR_PUSH_CALLEE_SAVED
    "  pushq $-1\n"  // kNoFloatingPointControlSaved
    "  movq %rsp, (%rdi)\n"
    "  movq %rsi, %rsp\n"
    "  addq $8, %rsp\n"
    WARP_EMULATOR_POP_CALLEE_SAVED
    "  ret\n"
    ".size warp_emulator_switch_lean, .-warp_emulator_switch_lean\n");
#undef WARP_EMULATOR_PUSH_CALLEE_SAVED
#undef WARP_EMULATOR_POP_CALLEE_SAVED

extern "C" {
bool warp_emulator_floating_point_control_changed = false;
std::uint64_t warp_emulator_first_floating_point_control = 0;
}
#endif

namespace warp_emulator {

void Fibers::prepare(int count, size_t stackBytes) {
    const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    stackBytes = (stackBytes + page - 1) / page * page;
    if (static_cast<size_t>(count) <= count_ && stackBytes + kColourBytes == stackBytes_) {
        return;
    }
    release();
    // The guard is far larger than the stack, so that even a frame much
    // bigger than the stack lands in it rather than in a neighbour's stack.
    guardBytes_ = stackBytes * 16 > kMinimumGuardBytes ? stackBytes * 16 : kMinimumGuardBytes;
    stackBytes_ = stackBytes + kColourBytes;
    stride_ = guardBytes_ + stackBytes_;
    void* memory = mmap(nullptr, stride_ * static_cast<size_t>(count), PROT_NONE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED) {
        std::fprintf(stderr, "warp emulator: cannot reserve %d fiber stacks of %zu KiB\n", count, stackBytes / 1024);
        std::exit(kCannotRunExitCode);
    }
    memory_ = static_cast<char*>(memory);
    count_ = static_cast<size_t>(count);
    for (size_t i = 0; i < count_; ++i) {
        if (mprotect(memory_ + i * stride_ + guardBytes_, stackBytes_, PROT_READ | PROT_WRITE) != 0) {
            std::fprintf(stderr, "warp emulator: cannot map a fiber stack of %zu KiB\n", stackBytes / 1024);
            std::exit(kCannotRunExitCode);
        }
    }
    contexts_.assign(count_, Context{});
    parked_.assign(count_, 0);
    installFaultHandler();
}

void Fibers::release() {
    if (memory_ != nullptr) {
        munmap(memory_, stride_ * count_);
    }
    memory_ = nullptr;
    count_ = 0;
}

bool Fibers::inStackOf(int index, const void* address) const {
    const char* at = static_cast<const char*>(address);
    const char* bottom = stackBottom(index);
    return at >= bottom && at < bottom + stackBytes_;
}

bool Fibers::inAnyStack(const void* address) const {
    const char* at = static_cast<const char*>(address);
    return memory_ != nullptr && at >= memory_ && at < memory_ + stride_ * count_;
}

int Fibers::guardHolding(const void* address) const {
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    const auto start = reinterpret_cast<std::uintptr_t>(memory_);
    if (memory_ == nullptr || at < start || at >= start + stride_ * count_) {
        return -1;
    }
    const size_t index = (at - start) / stride_;
    return (at - start) % stride_ < guardBytes_ ? static_cast<int>(index) : -1;
}

#ifdef WARP_EMULATOR_USES_UCONTEXT
void Fibers::start(int index, Entry entry) {
    ucontext_t& context = contexts_[static_cast<size_t>(index)].context;
    getcontext(&context);
    context.uc_stack.ss_sp = stackBottom(index);
    context.uc_stack.ss_size = stackBytes_ - colourOf(index);
    context.uc_link = nullptr;
    makecontext(&context, entry, 0);
}
void Fibers::resume(int index) { swapcontext(&scheduler_.context, &contexts_[static_cast<size_t>(index)].context); }
void Fibers::suspend(int index) { swapcontext(&contexts_[static_cast<size_t>(index)].context, &scheduler_.context); }
void Fibers::switchTo(int from, int to) {
    swapcontext(&contexts_[static_cast<size_t>(from)].context, &contexts_[static_cast<size_t>(to)].context);
}
#else
// The new stack, from its top: a zero return address for `entry`, the
// address warp_emulator_switch returns to, six zeroed saved registers, then
// this thread's MXCSR and x87 control word for the new fiber to load (or,
// while no call has changed them, the lean switch's mark: the program's own).
void Fibers::start(int index, Entry entry) {
    char* top = stackBottom(index) + stackBytes_ - colourOf(index);
    void** stack = reinterpret_cast<void**>(top);
    *--stack = nullptr;
    *--stack = reinterpret_cast<void*>(entry);
    for (int i = 0; i < 6; ++i) {
        *--stack = nullptr;
    }
    const std::uint64_t control =
        warp_emulator_floating_point_control_changed ? floatingPointControl() : kNoFloatingPointControlSaved;
    std::memcpy(--stack, &control, sizeof control);
    contexts_[static_cast<size_t>(index)].stackPointer = stack;
    parked_[static_cast<size_t>(index)] = 0;
}
void Fibers::resume(int index) { switchStacks(&scheduler_.stackPointer, contexts_[static_cast<size_t>(index)].stackPointer); }
void Fibers::suspend(int index) { switchStacks(&contexts_[static_cast<size_t>(index)].stackPointer, scheduler_.stackPointer); }
#endif

HostFloatingPointState::HostFloatingPointState() {
#if defined(__x86_64__)
    __asm__ volatile("fnstenv %0\n\tfldenv %0" : "=m"(x87Environment_));  // fnstenv masks the x87's exceptions: fldenv undoes it
    mxcsr_ = __builtin_ia32_stmxcsr();
#endif
}

HostFloatingPointState::~HostFloatingPointState() {
#if defined(__x86_64__)
    __asm__ volatile("fldenv %0" : : "m"(x87Environment_));
    __builtin_ia32_ldmxcsr(mxcsr_);
#endif
}

#ifndef WARP_EMULATOR_USES_UCONTEXT
std::uint64_t Fibers::floatingPointControl() {
    std::uint16_t x87ControlWord = 0;
    __asm__ volatile("fnstcw %0" : "=m"(x87ControlWord));
    return __builtin_ia32_stmxcsr() | (std::uint64_t{x87ControlWord} << 32);
}
#endif

void Fibers::floatingPointControlChanges() {
#ifndef WARP_EMULATOR_USES_UCONTEXT
    if (!warp_emulator_floating_point_control_changed) {
        warp_emulator_first_floating_point_control = floatingPointControl();
        warp_emulator_floating_point_control_changed = true;
    }
#endif
}

// The stack in use runs from the saved stack pointer to the top start() gave it.
void Fibers::save(int index, std::vector<unsigned char>* image) const {
    const Context& context = contexts_[static_cast<size_t>(index)];
    const char* top = stackBottom(index) + stackBytes_ - colourOf(index);
#ifdef WARP_EMULATOR_USES_UCONTEXT
#if defined(__x86_64__)
    const char* used = reinterpret_cast<const char*>(context.context.uc_mcontext.gregs[REG_RSP]);
#elif defined(__aarch64__)
    const char* used = reinterpret_cast<const char*>(context.context.uc_mcontext.sp);
#else
    const char* used = stackBottom(index);  // no stack pointer known: all of it
#endif
    used -= 128;  // and the red zone below it
#else
    const char* used = static_cast<const char*>(context.stackPointer);
#endif
    if (used < stackBottom(index) || used > top) {
        used = stackBottom(index);
    }
    image->resize(sizeof(Context) + static_cast<size_t>(top - used));
    std::memcpy(image->data(), &context, sizeof(Context));
    std::memcpy(image->data() + sizeof(Context), used, static_cast<size_t>(top - used));
}

void Fibers::restore(int index, const std::vector<unsigned char>& image) {
    Context& context = contexts_[static_cast<size_t>(index)];
    std::memcpy(&context, image.data(), sizeof(Context));
    parked_[static_cast<size_t>(index)] = 0;  // a thread in the middle of its kernel
    char* top = stackBottom(index) + stackBytes_ - colourOf(index);
    const size_t used = image.size() - sizeof(Context);
    std::memcpy(top - used, image.data() + sizeof(Context), used);
}

// Every access a kernel's instrumented code makes is checked before it
// happens (access_hooks.cpp), so a fault here comes from code the compiler
// did not instrument (a library function a kernel called, inline assembly), from a
// stack overflow, or from the host program.
void Fibers::onFault(int signalNumber, siginfo_t* info, void*) {
    if (BlockWorkers::inWorker()) {
        BlockWorkers::giveUp();  // the launch runs again on one worker, where the fault is said
    }
    Fibers& fibers = instance();
    const std::string who = fibers.describeRunningThread != nullptr ? fibers.describeRunningThread() : "";
    if (fibers.guardHolding(info->si_addr) >= 0) {
        std::fprintf(stderr,
                     "warp emulator: %s ran off its %zu KiB stack (its local arrays and calls need more).\n"
                     "  Give every thread more: WARP_EMULATOR_STACK_KIB=%zu, or "
                     "cudaDeviceSetLimit(cudaLimitStackSize, bytes) before the launch.\n",
                     who.empty() ? "a thread" : who.c_str(), (fibers.stackBytes_ - kColourBytes) / 1024,
                     (fibers.stackBytes_ - kColourBytes) / 1024 * 4);
        std::fflush(stderr);
        _exit(kCannotRunExitCode);
    }
    if (!who.empty() && fibers.stopAfterFault != nullptr) {
        // The thread never resumes: unblock the signal it is handling, and
        // switch away as a finding would (scheduler.cpp).
        sigset_t faults;
        sigemptyset(&faults);
        sigaddset(&faults, signalNumber);
        sigprocmask(SIG_UNBLOCK, &faults, nullptr);
        fibers.stopAfterFault(info->si_addr);
    }
    signal(signalNumber, SIG_DFL);  // returning re-runs the access, which now ends the program as usual
}

void Fibers::installFaultHandler() {
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

}  // namespace warp_emulator
