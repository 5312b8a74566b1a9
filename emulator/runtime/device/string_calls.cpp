// string_calls.cpp: memcpy, memmove and memset that a kernel calls, compiled
// by GCC. clang turns them into calls of __tsan_memcpy and its kin
// (access_hooks.cpp); GCC calls the C library's own, and leaves them to
// ThreadSanitizer's runtime, which intercepts them. The emulator links no
// such runtime: the link wraps them instead (-Wl,--wrap=memcpy and the rest,
// which emulate and emulator/CMakeLists.txt pass), so that every call of the
// program's reaches __wrap_memcpy here, and its own goes on to __real_memcpy,
// the C library's. In a kernel a call is checked as what it does: a read of
// the bytes it copies from and a write of those it copies to, before it runs.
// This file is linked only when the link wraps them.
#include <cstddef>

#include "checks/memory_checks.hpp"
#include "reporting/source_lines.hpp"

extern "C" {

void* __real_memcpy(void* to, const void* from, size_t bytes);
void* __real_memmove(void* to, const void* from, size_t bytes);
void* __real_memset(void* to, int value, size_t bytes);

}  // extern "C"

namespace {

void check(const void* address, size_t bytes, bool isWrite, void* returnAddress) {
    const warp_emulator::RuntimeCode checking;
    warp_emulator::MemoryChecks::kernelAccess({const_cast<void*>(address), bytes, isWrite,
                                               warp_emulator::AccessKind::Plain, warp_emulator::Scope::Device,
                                               warp_emulator::siteOfCode(returnAddress)});
}

// Whether a call is the kernel's, on memory outside the thread's own stack.
bool checked(const void* address, size_t bytes) {
    const char* at = static_cast<const char*>(address);
    return warp_emulator::kernelCodeRunning && bytes != 0 &&
           !(at >= warp_emulator::localMemoryStart && at + bytes <= warp_emulator::localMemoryEnd);
}

}  // namespace

extern "C" {

void* __wrap_memcpy(void* to, const void* from, size_t bytes) {
    if (checked(from, bytes)) {
        check(from, bytes, false, __builtin_return_address(0));
    }
    if (checked(to, bytes)) {
        check(to, bytes, true, __builtin_return_address(0));
    }
    return __real_memcpy(to, from, bytes);
}

void* __wrap_memmove(void* to, const void* from, size_t bytes) {
    if (checked(from, bytes)) {
        check(from, bytes, false, __builtin_return_address(0));
    }
    if (checked(to, bytes)) {
        check(to, bytes, true, __builtin_return_address(0));
    }
    return __real_memmove(to, from, bytes);
}

void* __wrap_memset(void* to, int value, size_t bytes) {
    if (checked(to, bytes)) {
        check(to, bytes, true, __builtin_return_address(0));
    }
    return __real_memset(to, value, bytes);
}

}  // extern "C"
