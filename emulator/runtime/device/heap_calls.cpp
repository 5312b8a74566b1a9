// heap_calls.cpp: malloc, free, and C++'s operator new and delete in all
// their forms (sized, aligned, nothrow), as a kernel calls them: from the
// device heap (memory/device_heap.hpp), as on a GPU; everywhere else, the
// host's, unchanged. The link wraps them, as string_calls.cpp's memcpy
// (-Wl,--wrap=malloc and the rest, which emulate and emulator/CMakeLists.txt
// pass): every call in the program's objects and the runtime library's
// reaches __wrap_malloc here, which takes the device heap only while the
// kernel's own code runs (kernelCodeRunning, memory_checks.hpp), and goes on
// to __real_malloc, the C library's, otherwise. The runtime's own calls are
// made under RuntimeCode, so they stay the host's, as do the C and C++
// libraries' own calls inside themselves, which the link does not see.
//
// calloc is no device call, but GCC makes one of a malloc the kernel zeroes
// with memset: a kernel's is the malloc and the memset it was. A host call of
// free or delete on device memory (the heap's, or cudaMalloc's) is said and
// stops the program, as the C library stops one that frees what it never gave.
// This file is linked only when the link wraps them.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include "api/api_state.hpp"
#include "checks/memory_checks.hpp"
#include "memory/device_heap.hpp"
#include "reporting/source_lines.hpp"

extern "C" {

void* __real_malloc(size_t bytes);
void* __real_calloc(size_t count, size_t bytes);
void __real_free(void* pointer);
void* __real__Znwm(size_t bytes);
void* __real__Znam(size_t bytes);
void* __real__ZnwmRKSt9nothrow_t(size_t bytes, const std::nothrow_t& tag) noexcept;
void* __real__ZnamRKSt9nothrow_t(size_t bytes, const std::nothrow_t& tag) noexcept;
void* __real__ZnwmSt11align_val_t(size_t bytes, std::align_val_t alignment);
void* __real__ZnamSt11align_val_t(size_t bytes, std::align_val_t alignment);
void* __real__ZnwmSt11align_val_tRKSt9nothrow_t(size_t bytes, std::align_val_t alignment,
                                                const std::nothrow_t& tag) noexcept;
void* __real__ZnamSt11align_val_tRKSt9nothrow_t(size_t bytes, std::align_val_t alignment,
                                                const std::nothrow_t& tag) noexcept;
void __real__ZdlPv(void* pointer) noexcept;
void __real__ZdaPv(void* pointer) noexcept;
void __real__ZdlPvm(void* pointer, size_t bytes) noexcept;
void __real__ZdaPvm(void* pointer, size_t bytes) noexcept;
void __real__ZdlPvSt11align_val_t(void* pointer, std::align_val_t alignment) noexcept;
void __real__ZdaPvSt11align_val_t(void* pointer, std::align_val_t alignment) noexcept;
void __real__ZdlPvmSt11align_val_t(void* pointer, size_t bytes, std::align_val_t alignment) noexcept;
void __real__ZdaPvmSt11align_val_t(void* pointer, size_t bytes, std::align_val_t alignment) noexcept;
void __real__ZdlPvRKSt9nothrow_t(void* pointer, const std::nothrow_t& tag) noexcept;
void __real__ZdaPvRKSt9nothrow_t(void* pointer, const std::nothrow_t& tag) noexcept;
void __real__ZdlPvSt11align_val_tRKSt9nothrow_t(void* pointer, std::align_val_t alignment,
                                                const std::nothrow_t& tag) noexcept;
void __real__ZdaPvSt11align_val_tRKSt9nothrow_t(void* pointer, std::align_val_t alignment,
                                                const std::nothrow_t& tag) noexcept;

}  // extern "C"

namespace {

using warp_emulator::DeviceHeap;

// The kernel's call: from the device heap, at the kernel's line. A kernel's
// new that finds no room gives null too: device code throws nothing.
void* fromHeap(size_t bytes, size_t alignment, const char* call, void* returnAddress) {
    const warp_emulator::RuntimeCode runtime;
    return DeviceHeap::get().allocate(bytes, alignment, call, warp_emulator::siteOfCode(returnAddress));
}

void toHeap(void* pointer, const char* call, void* returnAddress) {
    const warp_emulator::RuntimeCode runtime;
    DeviceHeap::get().release(pointer, call, warp_emulator::siteOfCode(returnAddress));
}

size_t alignmentOf(std::align_val_t alignment) { return static_cast<size_t>(alignment); }

// The host program frees what no host allocation gave it: the C library
// would stop it, less plainly.
[[noreturn]] void hostFreesDeviceMemory(void* pointer, const char* call, void* returnAddress) {
    std::string what = "device memory";
    {
        const warp_emulator::DeviceLock lock;
        const warp_emulator::Allocation* allocation = warp_emulator::DeviceMemory::instance().holding(pointer);
        if (allocation != nullptr) {
            what += " (" + allocation->describe() + ")";
        }
    }
    std::fflush(stdout);
    std::fprintf(stderr,
                 "warp emulator: the host program's %s at %s was given %p, %s, which the host's heap never gave: "
                 "only a kernel's free or delete gives back the device heap's memory, and cudaFree and its kin "
                 "what the runtime API allocated. The C library would stop the program here, and so does the "
                 "emulator.\n",
                 call, warp_emulator::lineOf(warp_emulator::siteOfCode(returnAddress)).c_str(), pointer, what.c_str());
    std::abort();
}

// Before the host's free or delete: what it frees must not be device memory.
void hostMayFree(void* pointer, const char* call, void* returnAddress) {
    if (warp_emulator::inDeviceArena(pointer)) {
        hostFreesDeviceMemory(pointer, call, returnAddress);
    }
}

}  // namespace

#define WARP_EMULATOR_CALLER __builtin_return_address(0)
#define WARP_EMULATOR_IN_KERNEL (warp_emulator::kernelCodeRunning)

extern "C" {

void* __wrap_malloc(size_t bytes) {
    return WARP_EMULATOR_IN_KERNEL ? fromHeap(bytes, DeviceHeap::kAlignment, "malloc", WARP_EMULATOR_CALLER)
                                   : __real_malloc(bytes);
}

void* __wrap_calloc(size_t count, size_t bytes) {
    if (!WARP_EMULATOR_IN_KERNEL) {
        return __real_calloc(count, bytes);
    }
    if (bytes != 0 && count > SIZE_MAX / bytes) {
        return nullptr;
    }
    void* const returnAddress = WARP_EMULATOR_CALLER;
    void* memory = fromHeap(count * bytes, DeviceHeap::kAlignment, "malloc", returnAddress);
    if (memory != nullptr && count * bytes != 0) {
        const warp_emulator::RuntimeCode checking;
        // The memset, checked as the kernel's write (string_calls.cpp).
        warp_emulator::MemoryChecks::kernelAccess({memory, count * bytes, true, warp_emulator::AccessKind::Plain,
                                                   warp_emulator::Scope::Device,
                                                   warp_emulator::siteOfCode(returnAddress)});
        std::memset(memory, 0, count * bytes);
    }
    return memory;
}

void __wrap_free(void* pointer) {
    if (WARP_EMULATOR_IN_KERNEL) {
        toHeap(pointer, "free", WARP_EMULATOR_CALLER);
    } else {
        hostMayFree(pointer, "free", WARP_EMULATOR_CALLER);
        __real_free(pointer);
    }
}

// The Programming Guide's __nv_aligned_device_malloc: "The address of the
// allocated memory will be a multiple of align. align must be a non-zero
// power of 2." A device function: null outside a kernel.
void* __nv_aligned_device_malloc(size_t bytes, size_t alignment) {
    if (!WARP_EMULATOR_IN_KERNEL) {
        return nullptr;
    }
    return fromHeap(bytes, alignment, "__nv_aligned_device_malloc", WARP_EMULATOR_CALLER);
}

void* __wrap__Znwm(size_t bytes) {
    return WARP_EMULATOR_IN_KERNEL ? fromHeap(bytes, DeviceHeap::kAlignment, "new", WARP_EMULATOR_CALLER)
                                   : __real__Znwm(bytes);
}
void* __wrap__Znam(size_t bytes) {
    return WARP_EMULATOR_IN_KERNEL ? fromHeap(bytes, DeviceHeap::kAlignment, "new[]", WARP_EMULATOR_CALLER)
                                   : __real__Znam(bytes);
}
void* __wrap__ZnwmRKSt9nothrow_t(size_t bytes, const std::nothrow_t& tag) noexcept {
    return WARP_EMULATOR_IN_KERNEL ? fromHeap(bytes, DeviceHeap::kAlignment, "new", WARP_EMULATOR_CALLER)
                                   : __real__ZnwmRKSt9nothrow_t(bytes, tag);
}
void* __wrap__ZnamRKSt9nothrow_t(size_t bytes, const std::nothrow_t& tag) noexcept {
    return WARP_EMULATOR_IN_KERNEL ? fromHeap(bytes, DeviceHeap::kAlignment, "new[]", WARP_EMULATOR_CALLER)
                                   : __real__ZnamRKSt9nothrow_t(bytes, tag);
}
void* __wrap__ZnwmSt11align_val_t(size_t bytes, std::align_val_t alignment) {
    return WARP_EMULATOR_IN_KERNEL ? fromHeap(bytes, alignmentOf(alignment), "new", WARP_EMULATOR_CALLER)
                                   : __real__ZnwmSt11align_val_t(bytes, alignment);
}
void* __wrap__ZnamSt11align_val_t(size_t bytes, std::align_val_t alignment) {
    return WARP_EMULATOR_IN_KERNEL ? fromHeap(bytes, alignmentOf(alignment), "new[]", WARP_EMULATOR_CALLER)
                                   : __real__ZnamSt11align_val_t(bytes, alignment);
}
void* __wrap__ZnwmSt11align_val_tRKSt9nothrow_t(size_t bytes, std::align_val_t alignment,
                                                const std::nothrow_t& tag) noexcept {
    return WARP_EMULATOR_IN_KERNEL ? fromHeap(bytes, alignmentOf(alignment), "new", WARP_EMULATOR_CALLER)
                                   : __real__ZnwmSt11align_val_tRKSt9nothrow_t(bytes, alignment, tag);
}
void* __wrap__ZnamSt11align_val_tRKSt9nothrow_t(size_t bytes, std::align_val_t alignment,
                                                const std::nothrow_t& tag) noexcept {
    return WARP_EMULATOR_IN_KERNEL ? fromHeap(bytes, alignmentOf(alignment), "new[]", WARP_EMULATOR_CALLER)
                                   : __real__ZnamSt11align_val_tRKSt9nothrow_t(bytes, alignment, tag);
}

// Every delete: the size and the alignment it is given change nothing in the device heap.
#define WARP_EMULATOR_DELETE(call, real, ...)                                  \
    if (WARP_EMULATOR_IN_KERNEL) {                                              \
        toHeap(pointer, call, WARP_EMULATOR_CALLER);                            \
    } else {                                                                    \
        hostMayFree(pointer, call, WARP_EMULATOR_CALLER);                       \
        real(pointer, ##__VA_ARGS__);                                           \
    }

void __wrap__ZdlPv(void* pointer) noexcept { WARP_EMULATOR_DELETE("delete", __real__ZdlPv) }
void __wrap__ZdaPv(void* pointer) noexcept { WARP_EMULATOR_DELETE("delete[]", __real__ZdaPv) }
void __wrap__ZdlPvm(void* pointer, size_t bytes) noexcept { WARP_EMULATOR_DELETE("delete", __real__ZdlPvm, bytes) }
void __wrap__ZdaPvm(void* pointer, size_t bytes) noexcept { WARP_EMULATOR_DELETE("delete[]", __real__ZdaPvm, bytes) }
void __wrap__ZdlPvSt11align_val_t(void* pointer, std::align_val_t alignment) noexcept {
    WARP_EMULATOR_DELETE("delete", __real__ZdlPvSt11align_val_t, alignment)
}
void __wrap__ZdaPvSt11align_val_t(void* pointer, std::align_val_t alignment) noexcept {
    WARP_EMULATOR_DELETE("delete[]", __real__ZdaPvSt11align_val_t, alignment)
}
void __wrap__ZdlPvmSt11align_val_t(void* pointer, size_t bytes, std::align_val_t alignment) noexcept {
    WARP_EMULATOR_DELETE("delete", __real__ZdlPvmSt11align_val_t, bytes, alignment)
}
void __wrap__ZdaPvmSt11align_val_t(void* pointer, size_t bytes, std::align_val_t alignment) noexcept {
    WARP_EMULATOR_DELETE("delete[]", __real__ZdaPvmSt11align_val_t, bytes, alignment)
}
void __wrap__ZdlPvRKSt9nothrow_t(void* pointer, const std::nothrow_t& tag) noexcept {
    WARP_EMULATOR_DELETE("delete", __real__ZdlPvRKSt9nothrow_t, tag)
}
void __wrap__ZdaPvRKSt9nothrow_t(void* pointer, const std::nothrow_t& tag) noexcept {
    WARP_EMULATOR_DELETE("delete[]", __real__ZdaPvRKSt9nothrow_t, tag)
}
void __wrap__ZdlPvSt11align_val_tRKSt9nothrow_t(void* pointer, std::align_val_t alignment,
                                                const std::nothrow_t& tag) noexcept {
    WARP_EMULATOR_DELETE("delete", __real__ZdlPvSt11align_val_tRKSt9nothrow_t, alignment, tag)
}
void __wrap__ZdaPvSt11align_val_tRKSt9nothrow_t(void* pointer, std::align_val_t alignment,
                                                const std::nothrow_t& tag) noexcept {
    WARP_EMULATOR_DELETE("delete[]", __real__ZdaPvSt11align_val_tRKSt9nothrow_t, alignment, tag)
}

}  // extern "C"
