// device_heap.cpp: the device heap's blocks, its limit, and a free of what it
// never gave (device_heap.hpp).
#include "memory/device_heap.hpp"

#include <cstdio>
#include <iterator>
#include <string>

#include "api/api_state.hpp"
#include "checks/memory_checks.hpp"
#include "reporting/source_lines.hpp"
#include "scheduling/block_workers.hpp"
#include "scheduling/scheduler.hpp"

namespace warp_emulator {

namespace {

// The heap's room, for each byte of its limit: room for blocks of 16 bytes,
// each with its gap, five times what they count, and some to spare.
constexpr size_t kRoomPerLimitByte = 6;
constexpr size_t kRoomToSpare = size_t{1} << 20;
constexpr size_t kLeastGap = 64;
constexpr size_t kMostGap = size_t{64} << 10;

size_t roundedUp(size_t bytes, size_t to) { return (bytes + to - 1) / to * to; }

char* aligned(char* at, size_t alignment) {
    return reinterpret_cast<char*>(roundedUp(reinterpret_cast<std::uintptr_t>(at), alignment));
}

// The unused bytes after a block: an eighth of it, 64 bytes at least, 64 KiB at most.
size_t gapAfter(size_t bytes) {
    const size_t eighth = roundedUp(bytes / 8, DeviceHeap::kAlignment);
    return eighth < kLeastGap ? kLeastGap : eighth > kMostGap ? kMostGap : eighth;
}

std::string byKernel(const char* call, std::uint64_t site) {
    return "a kernel's " + std::string(call) + " at " + lineOf(site);
}

// The heap belongs to the program's process: a worker's blocks and frees
// would be its own, lost when it ends (block_workers.hpp).
void onlyInTheProgram() {
    if (BlockWorkers::inWorker()) {
        BlockWorkers::giveUp();
    }
}

}  // namespace

DeviceHeap& DeviceHeap::get() {
    static DeviceHeap* const heap = new DeviceHeap;
    return *heap;
}

bool DeviceHeap::setLimit(size_t bytes) {
    const DeviceLock lock;
    if (used_) {
        return false;
    }
    limit_ = bytes;
    return true;
}

void DeviceHeap::reset() {
    const DeviceLock lock;
    DeviceMemory& memory = DeviceMemory::instance();
    for (auto& [start, piece] : pieces_) {
        if (!piece.free) {
            memory.releaseHeapBlock(reinterpret_cast<void*>(start), "cudaDeviceReset");
            piece.free = true;
            piece.freedIn = launch_;
        }
    }
    counted_ = 0;
    used_ = false;
}

// A room of the arena for the limit, made when a kernel first needs one (and
// again when a limit set after cudaDeviceReset wants more than there is).
bool DeviceHeap::haveRoom() {
    if (roomFor_ != 0 && roomFor_ >= limit_) {
        return !rooms_.empty();
    }
    roomFor_ = limit_;
    // Less, where the arena or the host cannot give that much: the heap then
    // runs out of room before it reaches its limit.
    size_t wanted = limit_ > (SIZE_MAX - kRoomToSpare) / kRoomPerLimitByte
                        ? SIZE_MAX / 2
                        : limit_ * kRoomPerLimitByte + kRoomToSpare;
    Room made;
    while (!DeviceMemory::instance().makeHeapRoom(wanted, &made.memory)) {
        if (wanted <= kRoomToSpare) {
            return !rooms_.empty();
        }
        wanted /= 2;
    }
    rooms_.push_back(made);
    return true;
}

// allocate() and release() run inside a launch, which holds the device's lock.
void* DeviceHeap::allocate(size_t bytes, size_t alignment, const char* call, std::uint64_t site) {
    onlyInTheProgram();
    used_ = true;
    if (alignment == 0 || (alignment & (alignment - 1)) != 0 || bytes > limit_ || alignment > limit_) {
        return nullptr;
    }
    if (alignment < kAlignment) {
        alignment = kAlignment;
    }
    const size_t rounded = roundedUp(bytes == 0 ? 1 : bytes, kAlignment);
    const size_t counted = rounded + (alignment - kAlignment);  // the bytes an aligned block may leave before it
    if (counted > limit_ - counted_ || !haveRoom()) {
        return nullptr;
    }
    char* start = place(rounded, alignment, counted);
    if (start == nullptr) {
        return nullptr;
    }
    const Room* room = nullptr;
    for (const Room& each : rooms_) {
        if (start >= each.memory.start && start < each.memory.start + each.memory.bytes) {
            room = &each;
        }
    }
    DeviceMemory::instance().addHeapBlock(room->memory, start, bytes, byKernel(call, site));
    counted_ += counted;
    return start;
}

char* DeviceHeap::place(size_t bytes, size_t alignment, size_t counted) {
    for (Room& room : rooms_) {
        char* const begin = room.memory.start + room.next;
        char* const start = aligned(begin, alignment);
        char* const end = start + bytes + gapAfter(bytes);
        if (end <= room.memory.start + room.memory.bytes) {
            pieces_[reinterpret_cast<std::uintptr_t>(start)] = Piece{begin, end, counted, false, 0};
            room.next = static_cast<size_t>(end - room.memory.start);
            return start;
        }
    }
    return reuse(bytes, alignment, counted);
}

// Room freed before: the first run of pieces, each free since an earlier
// launch (the race check's shadows of this launch may still name it), one
// after another, that holds the block and its gap, looked for from where the
// last one was found on (next fit: a program that takes and gives back
// blocks launch after launch finds room at once), then from the start. A run
// that reaches a room's unused room may go on into it.
char* DeviceHeap::reuse(size_t bytes, size_t alignment, size_t counted) {
    const auto from = pieces_.lower_bound(reuseFrom_);
    char* start = reuseIn(from, pieces_.end(), bytes, alignment, counted);
    return start != nullptr ? start : reuseIn(pieces_.begin(), from, bytes, alignment, counted);
}

char* DeviceHeap::reuseIn(Pieces::iterator first, Pieces::iterator last, size_t bytes, size_t alignment,
                          size_t counted) {
    auto run = last;
    char* runEnd = nullptr;
    for (auto it = first; it != last; ++it) {
        const Piece& piece = it->second;
        if (!piece.free || piece.freedIn >= launch_) {
            run = last;
            continue;
        }
        if (run == last || piece.begin != runEnd) {
            run = it;
        }
        runEnd = piece.end;
        char* const begin = run->second.begin;
        char* const start = aligned(begin, alignment);
        char* const end = start + bytes + gapAfter(bytes);
        Room* unused = nullptr;
        for (Room& room : rooms_) {
            if (room.memory.start + room.next == runEnd) {
                unused = &room;
            }
        }
        const char* limit = unused != nullptr ? unused->memory.start + unused->memory.bytes : runEnd;
        if (end > limit) {
            continue;
        }
        DeviceMemory::instance().forgetHeapBlocks(begin, runEnd);
        pieces_.erase(run, std::next(it));
        pieces_[reinterpret_cast<std::uintptr_t>(start)] = Piece{begin, end, counted, false, 0};
        if (end < runEnd) {
            pieces_[reinterpret_cast<std::uintptr_t>(end)] = Piece{end, runEnd, 0, true, 0};
        } else if (unused != nullptr) {
            unused->next = static_cast<size_t>(end - unused->memory.start);
        }
        reuseFrom_ = reinterpret_cast<std::uintptr_t>(end);
        return start;
    }
    return nullptr;
}

void DeviceHeap::release(void* pointer, const char* call, std::uint64_t site) {
    if (pointer == nullptr) {
        return;  // "If ptr is NULL, the call to free() is ignored."
    }
    onlyInTheProgram();
    used_ = true;
    DeviceMemory& memory = DeviceMemory::instance();
    const Allocation* allocation = inDeviceArena(pointer) ? memory.holding(pointer) : nullptr;
    const auto piece = pieces_.find(reinterpret_cast<std::uintptr_t>(pointer));
    if (allocation == nullptr || !allocation->heapBlock || !allocation->live || allocation->start != pointer ||
        piece == pieces_.end()) {
        badFree(pointer, allocation, call, site);
    }
    memory.releaseHeapBlock(pointer, byKernel(call, site));
    piece->second.free = true;
    piece->second.freedIn = launch_;
    counted_ -= piece->second.counted;
}

void DeviceHeap::badFree(void* pointer, const Allocation* allocation, const char* call, std::uint64_t site) {
    const std::string freed = allocation != nullptr && !allocation->live ? ", freed by " + allocation->freedBy : "";
    std::string what;
    if (allocation != nullptr && allocation->heapBlock && allocation->start == pointer && !allocation->live) {
        what = allocation->describe() + ", which " + allocation->freedBy +
               " freed already: a double free, which the Programming Guide leaves undefined";
    } else if (allocation != nullptr && allocation->heapBlock) {
        what = "byte " + std::to_string(static_cast<const char*>(pointer) - allocation->start) + " of " +
               allocation->describe() + freed + ": free takes the start of a block, as malloc returned it";
    } else if (allocation != nullptr) {
        what = allocation->describe() + freed +
               ", which is not the device heap's: the host frees what the runtime API allocated (cudaFree and its kin)";
    } else {
        char text[48];
        std::snprintf(text, sizeof text, "%p", pointer);
        what = std::string(text) + ", which no kernel's malloc or new returned";
    }
    // An H200 stops the kernel there, with an unspecified launch failure
    // (evidence/case-answers-h200.txt, device_heap_broken), as at a __trap().
    Scheduler& scheduler = Scheduler::instance();
    scheduler.report.invalidAccess(scheduler.describeRunningThread() + ": invalid " + call + " at " + lineOf(site) +
                                   " of " + what + ". compute-sanitizer's memcheck reports a Malloc/Free error");
    scheduler.stopKernel(cudaErrorLaunchFailure, "the kernel stopped at that " + std::string(call) +
                                                     ", as an H200's does: the runtime API answers "
                                                     "cudaErrorLaunchFailure from now on (until cudaDeviceReset())");
}

}  // namespace warp_emulator
