// access_hooks.cpp: where the compiler's instrumentation of the learner's
// code lands. Built with -fsanitize=thread (emulator/emulate does it), GCC
// and clang put a call before every load and store the code makes, and hand
// each the address and size: the hooks ThreadSanitizer's own runtime would
// take (compiler-rt's tsan_interface.h). This library takes them instead, and
// links in their place, so no ThreadSanitizer runtime is used: a load or
// store in a kernel's code goes to the memory checks (memory_checks.hpp), one
// in the host program's to the check that it is not device memory.
//
// Why this rather than protecting pages by hand: the compiler sees every
// access, at its size, with its source line (the call's return address), and
// keeps the register-only values out. GCC's options --param
// tsan-distinguish-volatile=1 and clang's -tsan-distinguish-volatile tell
// volatile accesses apart; clang's -tsan-compound-read-before-write keeps the
// read of a read-modify-write (`x += 1`), which it would otherwise drop.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "device/builtin_dimensions.hpp"
#include "memory/device_memory.hpp"
#include "checks/memory_checks.hpp"
#include "reporting/source_lines.hpp"

namespace {

using warp_emulator::AccessKind;

// clang's instrumentation calls the aligned hook for any access of an
// address 8 divides (LLVM's ThreadSanitizer pass: "Alignment >= 8 or a
// multiple of the size"): a 16-byte access it made of two 8-byte stores the
// code wrote (its vectoriser joins them) promises 8 bytes' alignment, not 16.
// GCC's aligned hooks promise the access's own size.
#if defined(__clang__)
constexpr size_t kAlignedHookPromise = 8;
#else
constexpr size_t kAlignedHookPromise = 16;
#endif

// The checks of an access the kernel's code made outside its own local
// memory: out of line, so that a hook whose access is to the thread's own
// stack (most of them) returns without making a frame.
[[gnu::noinline]] void checkKernelAccess(void* address, size_t bytes, bool isWrite, AccessKind kind,
                                         void* returnAddress, bool naturallyAligned) {
    const warp_emulator::RuntimeCode checking;
    warp_emulator::MemoryChecks::kernelAccess({address, bytes, isWrite, kind, warp_emulator::Scope::Device,
                                               warp_emulator::siteOfCode(returnAddress), naturallyAligned});
}

inline void onAccess(void* address, size_t bytes, bool isWrite, AccessKind kind, void* returnAddress,
                     bool naturallyAligned = false) {
    if (naturallyAligned && bytes > kAlignedHookPromise &&
        reinterpret_cast<std::uintptr_t>(address) % kAlignedHookPromise == 0) {
        naturallyAligned = false;  // as aligned as the hook promised
    }
    if (warp_emulator::kernelCodeRunning) {
        const char* at = static_cast<const char*>(address);
        if (at >= warp_emulator::localMemoryStart && at + bytes <= warp_emulator::localMemoryEnd) {
            return;  // the thread's own local memory: nothing to check (the most common access of all)
        }
        if (at >= __start_warp_emulator_builtins && at < __stop_warp_emulator_builtins) {
            return;  // gridDim or blockDim: the launch's own, which no thread writes
        }
        checkKernelAccess(address, bytes, isWrite, kind, returnAddress, naturallyAligned);
    } else if (warp_emulator::inDeviceArena(address)) {
        warp_emulator::MemoryChecks::hostAccess(address, bytes, isWrite, warp_emulator::siteOfCode(returnAddress));
    }
}

// onAccess() for a plain access through an aligned hook of 1, 2, 4 or 8
// bytes (most of them): the checks made with the size and the direction
// known when compiled (MemoryChecks::plainAccess()).
template <size_t Bytes, bool IsWrite>
inline void onPlainAccess(void* address, void* returnAddress) {
    if (warp_emulator::kernelCodeRunning) {
        const char* at = static_cast<const char*>(address);
        if (at >= warp_emulator::localMemoryStart && at + Bytes <= warp_emulator::localMemoryEnd) {
            return;
        }
        if (at >= __start_warp_emulator_builtins && at < __stop_warp_emulator_builtins) {
            return;
        }
        warp_emulator::MemoryChecks::plainAccess<Bytes, IsWrite>(address, warp_emulator::siteOfCode(returnAddress));
    } else if (warp_emulator::inDeviceArena(address)) {
        warp_emulator::MemoryChecks::hostAccess(address, Bytes, IsWrite, warp_emulator::siteOfCode(returnAddress));
    }
}

}  // namespace

#define WARP_EMULATOR_RETURN __builtin_return_address(0)

extern "C" {

void __tsan_init() {}
void __tsan_func_entry(void*) {}
void __tsan_func_exit() {}
// The store of an object's virtual table pointer (its constructor's), for
// which GCC and clang call this instead of the store's hook, and clang's load
// of it: an access like any other, so that an object a kernel makes with new
// in device memory has its pointer defined, and one that never had it made
// is read as what it is.
void __tsan_vptr_update(void** slot, void*) {
    onAccess(slot, sizeof(void*), true, AccessKind::Plain, WARP_EMULATOR_RETURN, true);
}
void __tsan_vptr_read(void** slot) { onAccess(slot, sizeof(void*), false, AccessKind::Plain, WARP_EMULATOR_RETURN, true); }

// The aligned hooks are for accesses the compiler made as of an address the
// size divides, the unaligned ones for those it knew may not be (a packed struct).
#define WARP_EMULATOR_HOOKS(n, read, write)                                                                               \
    void __tsan_read##n(void* a) { read; }                                                                                \
    void __tsan_write##n(void* a) { write; }                                                                              \
    void __tsan_unaligned_read##n(void* a) { onAccess(a, n, false, AccessKind::Plain, WARP_EMULATOR_RETURN); }           \
    void __tsan_unaligned_write##n(void* a) { onAccess(a, n, true, AccessKind::Plain, WARP_EMULATOR_RETURN); }           \
    void __tsan_volatile_read##n(void* a) { onAccess(a, n, false, AccessKind::Volatile, WARP_EMULATOR_RETURN, true); }   \
    void __tsan_volatile_write##n(void* a) { onAccess(a, n, true, AccessKind::Volatile, WARP_EMULATOR_RETURN, true); }   \
    void __tsan_unaligned_volatile_read##n(void* a) { onAccess(a, n, false, AccessKind::Volatile, WARP_EMULATOR_RETURN); } \
    void __tsan_unaligned_volatile_write##n(void* a) { onAccess(a, n, true, AccessKind::Volatile, WARP_EMULATOR_RETURN); } \
    void __tsan_read_write##n(void* a) {                                                                                  \
        onAccess(a, n, false, AccessKind::Plain, WARP_EMULATOR_RETURN, true);                                             \
        onAccess(a, n, true, AccessKind::Plain, WARP_EMULATOR_RETURN, true);                                              \
    }                                                                                                                     \
    void __tsan_unaligned_read_write##n(void* a) {                                                                        \
        onAccess(a, n, false, AccessKind::Plain, WARP_EMULATOR_RETURN);                                                   \
        onAccess(a, n, true, AccessKind::Plain, WARP_EMULATOR_RETURN);                                                    \
    }
#define WARP_EMULATOR_PLAIN(n, isWrite) onPlainAccess<n, isWrite>(a, WARP_EMULATOR_RETURN)
#define WARP_EMULATOR_GENERAL(n, isWrite) onAccess(a, n, isWrite, AccessKind::Plain, WARP_EMULATOR_RETURN, true)
WARP_EMULATOR_HOOKS(1, WARP_EMULATOR_PLAIN(1, false), WARP_EMULATOR_PLAIN(1, true))
WARP_EMULATOR_HOOKS(2, WARP_EMULATOR_PLAIN(2, false), WARP_EMULATOR_PLAIN(2, true))
WARP_EMULATOR_HOOKS(4, WARP_EMULATOR_PLAIN(4, false), WARP_EMULATOR_PLAIN(4, true))
WARP_EMULATOR_HOOKS(8, WARP_EMULATOR_PLAIN(8, false), WARP_EMULATOR_PLAIN(8, true))
WARP_EMULATOR_HOOKS(16, WARP_EMULATOR_GENERAL(16, false), WARP_EMULATOR_GENERAL(16, true))
#undef WARP_EMULATOR_PLAIN
#undef WARP_EMULATOR_GENERAL
#undef WARP_EMULATOR_HOOKS

// GCC's hooks for an access of any size (a struct copied whole).
void __tsan_read_range(void* a, unsigned long bytes) { onAccess(a, bytes, false, AccessKind::Plain, WARP_EMULATOR_RETURN); }
void __tsan_write_range(void* a, unsigned long bytes) { onAccess(a, bytes, true, AccessKind::Plain, WARP_EMULATOR_RETURN); }

// clang's for memcpy, memset and memmove, which it sends here. (GCC calls
// the C library's instead: string_calls.cpp.) The copy itself is the
// runtime's, so that the wrapped memcpy does not check it again.
void* __tsan_memcpy(void* to, const void* from, size_t bytes) {
    onAccess(const_cast<void*>(from), bytes, false, AccessKind::Plain, WARP_EMULATOR_RETURN);
    onAccess(to, bytes, true, AccessKind::Plain, WARP_EMULATOR_RETURN);
    const warp_emulator::RuntimeCode copying;
    return std::memcpy(to, from, bytes);
}
void* __tsan_memmove(void* to, const void* from, size_t bytes) {
    onAccess(const_cast<void*>(from), bytes, false, AccessKind::Plain, WARP_EMULATOR_RETURN);
    onAccess(to, bytes, true, AccessKind::Plain, WARP_EMULATOR_RETURN);
    const warp_emulator::RuntimeCode copying;
    return std::memmove(to, from, bytes);
}
void* __tsan_memset(void* to, int value, size_t bytes) {
    onAccess(to, bytes, true, AccessKind::Plain, WARP_EMULATOR_RETURN);
    const warp_emulator::RuntimeCode copying;
    return std::memset(to, value, bytes);
}

// C++ atomics in the host program (std::atomic, std::shared_ptr) reach these:
// they are carried out as written. CUDA kernels use the atomic functions
// (kernel_entry.cpp) instead.
typedef char a8;
typedef short a16;
typedef int a32;
typedef long a64;
typedef __int128 a128;
#define WARP_EMULATOR_ATOMIC_HOOKS(n)                                                                                    \
    a##n __tsan_atomic##n##_load(const volatile a##n* a, int) { return __atomic_load_n(a, __ATOMIC_SEQ_CST); } \
    void __tsan_atomic##n##_store(volatile a##n* a, a##n v, int) { __atomic_store_n(a, v, __ATOMIC_SEQ_CST); }         \
    a##n __tsan_atomic##n##_exchange(volatile a##n* a, a##n v, int) { return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST); } \
    a##n __tsan_atomic##n##_fetch_add(volatile a##n* a, a##n v, int) { return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST); } \
    a##n __tsan_atomic##n##_fetch_sub(volatile a##n* a, a##n v, int) { return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST); } \
    a##n __tsan_atomic##n##_fetch_and(volatile a##n* a, a##n v, int) { return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST); } \
    a##n __tsan_atomic##n##_fetch_or(volatile a##n* a, a##n v, int) { return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST); }   \
    a##n __tsan_atomic##n##_fetch_xor(volatile a##n* a, a##n v, int) { return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST); } \
    a##n __tsan_atomic##n##_fetch_nand(volatile a##n* a, a##n v, int) { return __atomic_fetch_nand(a, v, __ATOMIC_SEQ_CST); } \
    int __tsan_atomic##n##_compare_exchange_strong(volatile a##n* a, a##n* c, a##n v, int, int) {                        \
        return __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                          \
    }                                                                                                                     \
    int __tsan_atomic##n##_compare_exchange_weak(volatile a##n* a, a##n* c, a##n v, int, int) {                          \
        return __atomic_compare_exchange_n(a, c, v, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                           \
    }                                                                                                                     \
    a##n __tsan_atomic##n##_compare_exchange_val(volatile a##n* a, a##n c, a##n v, int, int) {                           \
        __atomic_compare_exchange_n(a, &c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                                \
        return c;                                                                                                         \
    }
WARP_EMULATOR_ATOMIC_HOOKS(8)
WARP_EMULATOR_ATOMIC_HOOKS(16)
WARP_EMULATOR_ATOMIC_HOOKS(32)
WARP_EMULATOR_ATOMIC_HOOKS(64)
#undef WARP_EMULATOR_ATOMIC_HOOKS
// 16 bytes, done plainly: the emulated program runs on one host thread, and
// the builtins for 16 bytes would need libatomic.
a128 __tsan_atomic128_load(const volatile a128* a, int) { return *a; }
void __tsan_atomic128_store(volatile a128* a, a128 v, int) { *a = v; }
a128 __tsan_atomic128_exchange(volatile a128* a, a128 v, int) {
    const a128 old = *a;
    *a = v;
    return old;
}
#define WARP_EMULATOR_PLAIN_RMW(name, operation)                  \
    a128 __tsan_atomic128_##name(volatile a128* a, a128 v, int) { \
        const a128 old = *a;                                      \
        *a = operation;                                           \
        return old;                                               \
    }
WARP_EMULATOR_PLAIN_RMW(fetch_add, old + v)
WARP_EMULATOR_PLAIN_RMW(fetch_sub, old - v)
WARP_EMULATOR_PLAIN_RMW(fetch_and, old & v)
WARP_EMULATOR_PLAIN_RMW(fetch_or, old | v)
WARP_EMULATOR_PLAIN_RMW(fetch_xor, old ^ v)
WARP_EMULATOR_PLAIN_RMW(fetch_nand, ~(old & v))
#undef WARP_EMULATOR_PLAIN_RMW
int __tsan_atomic128_compare_exchange_strong(volatile a128* a, a128* c, a128 v, int, int) {
    if (*a == *c) {
        *a = v;
        return 1;
    }
    *c = *a;
    return 0;
}
int __tsan_atomic128_compare_exchange_weak(volatile a128* a, a128* c, a128 v, int mo, int failure) {
    return __tsan_atomic128_compare_exchange_strong(a, c, v, mo, failure);
}
a128 __tsan_atomic128_compare_exchange_val(volatile a128* a, a128 c, a128 v, int mo, int failure) {
    __tsan_atomic128_compare_exchange_strong(a, &c, v, mo, failure);
    return c;
}
void __tsan_atomic_thread_fence(int) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
void __tsan_atomic_signal_fence(int) { __atomic_signal_fence(__ATOMIC_SEQ_CST); }

}  // extern "C"
