// device_heap.hpp: the device heap, where a kernel's malloc, new and
// __nv_aligned_device_malloc take memory and its free and delete give it back
// (the Programming Guide, "Dynamic Global Memory Allocation and Operations").
// A kernel's calls reach it through device/heap_calls.cpp; the host's malloc
// and new stay the host's.
//
// What the Guide promises, and what the emulator holds a kernel to:
//   - malloc "allocates at least size bytes from the device heap and returns
//     a pointer to the allocated memory or NULL if insufficient memory exists
//     to fulfill the request. The returned pointer is guaranteed to be
//     aligned to a 16-byte boundary." The heap holds what
//     cudaDeviceSetLimit(cudaLimitMallocHeapSize, ...) asked for, 8 MiB by
//     default ("a default heap of eight megabytes is allocated"); each block
//     counts its size rounded up to 16 bytes against it, and one that does not
//     fit gets NULL. The limit can be set only before a kernel uses the heap
//     (the runtime API: "otherwise cudaErrorInvalidValue will be returned").
//   - the memory "remains allocated for the lifetime of the CUDA context, or
//     until it is explicitly released by a call to free(). It can be used by
//     any other CUDA threads even from subsequent kernel launches." A block is
//     an allocation of device memory (device_memory.hpp) to the checks, as
//     cudaMalloc's is: an access past its end is an invalid access, a read of
//     bytes nothing wrote since malloc an uninitialised read, two threads'
//     accesses a race unless something orders them. The host may not free it
//     ("cannot be freed using the runtime": cudaFree answers
//     cudaErrorInvalidValue), nor copy or set it ("cannot be used in any
//     runtime or driver API calls"); cudaDeviceReset frees it with the rest.
//   - free takes "memory pointed to by ptr, which must have been returned by
//     a previous call to malloc()"; "If ptr is NULL, the call to free() is
//     ignored. Calling free() repeatedly with the same ptr has undefined
//     behavior." A free of anything else, or of a block twice, is a finding
//     (compute-sanitizer's memcheck calls it a "Malloc/Free error"), counted
//     with the invalid accesses; that free frees nothing, and the kernel goes
//     on.
//
// The blocks lie in a room of the arena about six times the limit, each
// followed by an unused gap (64 bytes at least), so that an index a little
// past a block's end lands in no block. The heap gives out its room from its
// start on, and only when none is left the room of blocks freed in earlier
// launches, which then lose their names: until then a use after free names the
// block and the line that freed it.
//
// The heap's bookkeeping is the program's process's own: a block of a launch
// on several worker processes (scheduling/block_workers.hpp) that calls
// malloc or free ends the attempt, and the launch runs again on one worker.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

#include "memory/device_memory.hpp"

namespace warp_emulator {

class DeviceHeap {
public:
    static constexpr size_t kDefaultLimit = size_t{8} << 20;
    static constexpr size_t kAlignment = 16;

    static DeviceHeap& get();

    // From the running kernel's thread, under RuntimeCode (its launch holds
    // the device's lock; a worker process, forked holding it, gives the
    // launch up before anything could wait for it). allocate() gives a
    // block of `bytes` at an address `alignment` (a power of two) divides, 16
    // at least, or null where the heap has no room for it; `call` names it
    // in reports ("malloc", "new[]"), `site` is where the kernel called it.
    void* allocate(size_t bytes, size_t alignment, const char* call, std::uint64_t site);
    // Frees the block `pointer` starts; a null pointer is ignored; anything
    // else is reported, and frees nothing.
    void release(void* pointer, const char* call, std::uint64_t site);

    // cudaLimitMallocHeapSize. setLimit() is false once a kernel has used
    // the heap (until cudaDeviceReset).
    size_t limit() const { return limit_; }
    bool setLimit(size_t bytes);
    // cudaDeviceReset: every block freed; the limit may be set again.
    void reset();
    // A launch begins: the room of the blocks freed before it may be given out again.
    void beginLaunch() { ++launch_; }

private:
    // A piece of a room: a block's (from the end of the piece before it to
    // the end of its gap), or free room, left over when a block took less
    // than the freed room it was given. By the block's start (a free piece:
    // its own start), in address order.
    struct Piece {
        char* begin = nullptr;
        char* end = nullptr;
        size_t counted = 0;         // what the block counts against the limit
        bool free = false;
        std::uint64_t freedIn = 0;  // the launch it was freed in
    };
    using Pieces = std::map<std::uintptr_t, Piece>;
    struct Room {
        DeviceMemory::HeapRoom memory;
        size_t next = 0;  // where its unused room starts
    };

    size_t limit_ = kDefaultLimit;
    size_t counted_ = 0;            // the live blocks' counts
    bool used_ = false;             // a kernel called malloc or free
    std::uint64_t launch_ = 1;      // the launches begun
    std::vector<Room> rooms_;
    size_t roomFor_ = 0;            // the limit the last room was made for
    Pieces pieces_;
    std::uintptr_t reuseFrom_ = 0;  // where reuse() looks first

    DeviceHeap() = default;
    bool haveRoom();
    // Where a block of `bytes` (a multiple of 16) fits, aligned: in unused
    // room, or else in the room of blocks freed before this launch.
    char* place(size_t bytes, size_t alignment, size_t counted);
    char* reuse(size_t bytes, size_t alignment, size_t counted);
    char* reuseIn(Pieces::iterator first, Pieces::iterator last, size_t bytes, size_t alignment, size_t counted);
    [[noreturn]] void badFree(void* pointer, const Allocation* allocation, const char* call, std::uint64_t site);
};

}  // namespace warp_emulator
