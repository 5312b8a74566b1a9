// kernel_entry.cpp: the calls a kernel makes into the runtime (kernel_calls.hpp):
// collectives, built-in variables, atomic functions (the half-precision
// atomicAdd among them), fences, time, sleep, __trap() and a failed assert().
#include <errno.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "checks/memory_checks.hpp"
#include "scheduling/block_workers.hpp"
#include "warp_emulator/half/exact_arithmetic.hpp"
#include "scheduling/scheduler.hpp"
#include "reporting/source_lines.hpp"
#include "memory/spaces.hpp"
#include "reporting/text.hpp"
#include "scheduling/watchdog.hpp"

namespace warp_emulator {

namespace {

Scheduler& inKernel(const char* what) {
    Scheduler& scheduler = Scheduler::instance();
    if (!scheduler.inKernel()) {
        std::fprintf(stderr, "warp emulator: %s called outside a kernel\n", what);
        std::abort();
    }
    return scheduler;
}

std::uint64_t load(const void* address, unsigned int bytes) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, address, bytes);
    return bits;
}

template <typename T>
T as(std::uint64_t bits) {
    T value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

template <typename T>
std::uint64_t bitsOf(T value) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof value);
    return bits;
}

// The value an atomic function leaves, by the PTX ISA's atom semantics:
// "inc(r, s) = (r >= s) ? 0 : r+1; dec(r, s) = (r==0 || r > s) ? s : r-1;
// exch(r, s) = s; cas(r,s,t) = (r == s) ? t : r".
template <typename T>
std::uint64_t combined(AtomicOp op, std::uint64_t oldBits, std::uint64_t operandBits, std::uint64_t compareBits) {
    const T old = as<T>(oldBits);
    const T operand = as<T>(operandBits);
    switch (op) {
        case AtomicOp::Add: return bitsOf(static_cast<T>(old + operand));
        case AtomicOp::Sub: return bitsOf(static_cast<T>(old - operand));
        case AtomicOp::Exch: return operandBits;
        case AtomicOp::Min: return bitsOf(operand < old ? operand : old);
        case AtomicOp::Max: return bitsOf(old < operand ? operand : old);
        case AtomicOp::Inc: return bitsOf(static_cast<T>(old >= operand ? T(0) : T(old + 1)));
        case AtomicOp::Dec: return bitsOf(static_cast<T>((old == T(0) || old > operand) ? operand : T(old - 1)));
        case AtomicOp::And: return oldBits & operandBits;
        case AtomicOp::Or: return oldBits | operandBits;
        case AtomicOp::Xor: return oldBits ^ operandBits;
        case AtomicOp::Cas: return oldBits == compareBits ? operandBits : oldBits;
    }
    return oldBits;
}

// atomicAdd on __half, __nv_bfloat16 or a pair of them: each 16-bit half
// added apart, rounded to nearest even (warp_emulator/half/atomics.hpp).
template <class Format>
std::uint64_t halfPrecisionSum(unsigned int bytes, std::uint64_t old, std::uint64_t operand) {
    std::uint64_t sum = 0;
    for (unsigned int part = 0; part < bytes / 2; ++part) {
        const auto a = static_cast<std::uint16_t>(old >> (16 * part));
        const auto b = static_cast<std::uint16_t>(operand >> (16 * part));
        sum |= static_cast<std::uint64_t>(half::add<Format>(a, b)) << (16 * part);
    }
    return sum;
}

std::uint64_t combinedAs(AtomicOp op, NumberKind kind, unsigned int bytes, std::uint64_t old, std::uint64_t operand,
                         std::uint64_t compare) {
    if (kind == NumberKind::Half || kind == NumberKind::BFloat16) {  // atomicAdd only
        return kind == NumberKind::Half ? halfPrecisionSum<half::Binary16>(bytes, old, operand)
                                        : halfPrecisionSum<half::BFloat16>(bytes, old, operand);
    }
    if (op == AtomicOp::Exch || op == AtomicOp::And || op == AtomicOp::Or || op == AtomicOp::Xor || op == AtomicOp::Cas) {
        return combined<std::uint64_t>(op, old, operand, compare);
    }
    if (kind == NumberKind::Float) {
        return bytes == 4 ? combined<float>(op, old, operand, compare) : combined<double>(op, old, operand, compare);
    }
    if (kind == NumberKind::Signed) {
        return bytes == 2   ? combined<std::int16_t>(op, old, operand, compare)
               : bytes == 4 ? combined<std::int32_t>(op, old, operand, compare)
                            : combined<std::int64_t>(op, old, operand, compare);
    }
    return bytes == 2   ? combined<std::uint16_t>(op, old, operand, compare)
           : bytes == 4 ? combined<std::uint32_t>(op, old, operand, compare)
                        : combined<std::uint64_t>(op, old, operand, compare);
}

}  // namespace

uint3 threadIndex() { return inKernel("threadIdx").currentThread().index; }
uint3 blockIndex() { return inKernel("blockIdx").blockIndex; }
dim3 blockSize() { return inKernel("blockDim").block; }
dim3 gridSize() { return inKernel("gridDim").grid; }

std::uint64_t atomic(void* address, unsigned int bytes, AtomicOp op, NumberKind kind, Scope scope,
                     std::uint64_t operand, std::uint64_t compare, const char* file, int line) {
    const RuntimeCode runtime;
    inKernel("an atomic function");
    const AccessRequest access{address, bytes, true, AccessKind::Atomic, scope, siteOfLine(file, line)};
    Place* place = MemoryChecks::locateAtomic(access);  // stops the kernel if the address is invalid
    const std::uint64_t mask = bytes == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * bytes)) - 1;
    const std::uint64_t old = load(address, bytes);
    const std::uint64_t result = combinedAs(op, kind, bytes, old, operand & mask, compare & mask) & mask;
    const bool wrote = op != AtomicOp::Cas || old == (compare & mask);
    if (wrote) {
        std::memcpy(address, &result, bytes);
    }
    MemoryChecks::atomicDone(place, access, wrote, op == AtomicOp::Cas);
    return old;
}

void readOnlyCacheLoad(const void* address, void* value, unsigned int bytes, const char* file, int line) {
    const RuntimeCode runtime;
    inKernel("__ldg()");
    MemoryChecks::kernelAccess({const_cast<void*>(address), bytes, false, AccessKind::ReadOnlyCache, Scope::Device,
                                siteOfLine(file, line), true});
    std::memcpy(value, address, bytes);
}

void fence(Scope scope, const char*, int) {
    const RuntimeCode runtime;
    inKernel("a __threadfence()");
    MemoryChecks::fence(scope);
}

long long clockCalls() {
    Scheduler& scheduler = Scheduler::instance();
    return scheduler.inKernel() ? ++scheduler.currentThread().clockCalls : 0;
}

void sleep() {
    const RuntimeCode runtime;
    Scheduler::instance().yield();
}

void trap(const char* file, int line) {
    const RuntimeCode runtime;
    Scheduler& scheduler = inKernel("__trap()");
    scheduler.stopKernel(cudaErrorLaunchFailure, scheduler.describeRunningThread() + " called __trap() at " +
                                                     siteText(file, line) +
                                                     ": the kernel stopped, and the runtime API answers "
                                                     "cudaErrorLaunchFailure from now on, as a GPU's does");
}

void* dynamicSharedMemory() { return Spaces::get().dynamicShared(); }

void kernelCodeBegins() { kernelCodeRunning = true; }
void kernelCodeEnds() { kernelCodeRunning = false; }

}  // namespace warp_emulator

// A failed assert() calls this (glibc's <assert.h>). In a kernel it does what
// a GPU does: prints the failed assertion with the block and thread, and
// stops the kernel; the next synchronize returns cudaErrorAssert. Elsewhere it
// does what glibc's does.
extern "C" void __assert_fail(const char* assertion, const char* file, unsigned int line, const char* function) noexcept {
    warp_emulator::Scheduler& scheduler = warp_emulator::Scheduler::instance();
    warp_emulator::kernelCodeRunning = false;
    if (scheduler.inKernel() && warp_emulator::BlockWorkers::inWorker()) {
        warp_emulator::BlockWorkers::giveUp();  // the launch runs again on one worker, where the assert is said
    }
    if (scheduler.inKernel()) {
        const uint3 thread = scheduler.currentThread().index;
        const uint3 block = scheduler.blockIndex;
        scheduler.progress.eraseLine();
        std::fflush(stdout);
        std::fprintf(stderr, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n", file, line,
                     function, block.x, block.y, block.z, thread.x, thread.y, thread.z, assertion);
        scheduler.stopKernel(cudaErrorAssert, "the kernel stopped at a failed assert(), as a GPU's does: the runtime "
                                              "API answers cudaErrorAssert from now on (until cudaDeviceReset())");
    }
    std::fflush(stdout);
    std::fprintf(stderr, "%s: %s:%u: %s: Assertion `%s' failed.\n", program_invocation_short_name, file, line, function,
                 assertion);
    std::abort();
}
