// memory_checks.hpp: the checks every memory access of a kernel goes through,
// in order: memcheck (may this thread touch these bytes at all?), initcheck
// (has anything written them?), racecheck (does anything order this access
// after the last ones that conflict with it?). The loads and stores of the
// kernel's own code come from the compiler's instrumentation
// (access_hooks.cpp), the atomic functions from kernel_entry.cpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "checks/shadow.hpp"
#include "memory/spaces.hpp"
#include "warp_emulator/device/kernel_calls.hpp"

namespace warp_emulator {

// True while the kernel's own code runs (between kernelCodeBegins() and
// kernelCodeEnds(), on the running thread's fiber). The instrumentation's
// hooks check only then; the host program's accesses get the host's check.
// One for each host thread (__thread: no wrapper call on the hot path), so
// that while one host thread runs a kernel another's own code stays host
// code (simpleCallback's threads launch and copy at the same time).
extern __thread bool kernelCodeRunning;
// While the runtime's own code runs inside a kernel (a collective, an atomic,
// a check), nothing it does is the kernel's: an inline function of the
// standard library that the runtime and the learner's file both use links
// once, perhaps as the learner's instrumented copy, and its accesses must not
// be charged to the kernel.
class RuntimeCode {
public:
    RuntimeCode() : was_(kernelCodeRunning) { kernelCodeRunning = false; }
    ~RuntimeCode() { kernelCodeRunning = was_; }
    RuntimeCode(const RuntimeCode&) = delete;
    RuntimeCode& operator=(const RuntimeCode&) = delete;

private:
    bool was_;
};
// The running thread's stack, where its local variables live (on the host
// thread that runs the kernel).
extern __thread const char* localMemoryStart;
extern __thread const char* localMemoryEnd;

struct Place;

// What an access is, besides where.
struct AccessRequest {
    void* address;
    size_t bytes;
    bool isWrite;
    AccessKind kind;
    Scope scope;         // an atomic function's
    std::uint64_t site;  // source_lines.hpp
    // The compiler took the address to be a multiple of the size (the
    // instrumentation's aligned hooks), as a GPU's load or store must be.
    bool naturallyAligned = false;
};

class MemoryChecks {
public:
    // A kernel's access; stops the kernel (and does not return) when it is
    // invalid.
    static void kernelAccess(const AccessRequest& access);
    // kernelAccess() for the commonest access, a plain load or store of 1,
    // 2, 4 or 8 bytes at an address the compiler took to be a multiple of the
    // size (the instrumentation's aligned hooks), made as runtime code.
    template <size_t Bytes, bool IsWrite>
    static void plainAccess(void* address, std::uint64_t site);
    // An atomic function's checks (memcheck stops an invalid one), then its
    // bookkeeping once the operation is known to have written or not.
    static Place* locateAtomic(const AccessRequest& access);
    static void atomicDone(Place* place, const AccessRequest& access, bool wrote, bool isCas);
    // A host program's access to memory a kernel owns: device memory is not
    // the host's (on a GPU, a segmentation fault).
    static void hostAccess(const void* address, size_t bytes, bool isWrite, std::uint64_t site);
    static void fence(Scope scope);

    static void beginLaunch();
    static void beginBlock();
    // A cooperative launch: a block held at the grid barrier goes on, with its
    // shared memory as it left it; the grid barrier, which orders every access
    // before it before every access after, so that none need be kept.
    static void resumeBlock(const SharedImage& image);
    static void gridBarrier();
    // The running thread is about to wait, yield, exit or stop: inline
    // (initcheck.hpp's settle()), since every thread takes it at every switch.
    static inline void threadSwitches();
    static void endLaunch();

private:
    static void check(const AccessRequest& access);
    template <size_t Bytes, bool IsWrite>
    static bool commonAccess(char* at, std::uint64_t site);
};

}  // namespace warp_emulator
