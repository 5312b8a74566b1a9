// access_shadow.cpp: the reserved range of the race check's records
// (access_shadow.hpp).
#include "memory/access_shadow.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <map>

namespace warp_emulator {

std::ptrdiff_t readRecordDistance = 0;

namespace {

constexpr size_t kHugePageBytes = size_t{2} << 20;
// Below this, clear() zeroes by hand: a block's __shared__ records are
// emptied at every block, and giving their pages back would cost a call and
// a fault each time.
constexpr size_t kClearByHandBytes = size_t{256} << 10;

size_t pageBytes() {
    static const size_t bytes = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    return bytes;
}

size_t roundUp(size_t bytes, size_t unit) { return (bytes + unit - 1) / unit * unit; }

// The range: write records in [start, start + half), read records in
// [start + half, start + 2 * half). Reserved, not taken: its pages cost
// nothing until a region is made usable and written.
struct Records {
    char* start = nullptr;
    size_t half = 0;
    size_t next = 0;                 // where the next new region may start, in the first half
    std::map<size_t, size_t> freed;  // regions given back, by start, with their bytes
};

Records& records() {
    static Records* const made = [] {
        auto* range = new Records;
        // The largest the host grants, from 1 TiB of write records (those of
        // 256 GiB of memory) down to 1 GiB.
        // Its start on a huge page's boundary, so that a region's records
        // can lie in huge pages.
        for (size_t half = size_t{1} << 40; half >= (size_t{1} << 30); half /= 2) {
            void* memory = mmap(nullptr, 2 * half + kHugePageBytes, PROT_NONE,
                                MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
            if (memory != MAP_FAILED) {
                range->start = reinterpret_cast<char*>(roundUp(reinterpret_cast<std::uintptr_t>(memory), kHugePageBytes));
                range->half = half;
                readRecordDistance = static_cast<std::ptrdiff_t>(half);
                break;
            }
        }
        return range;
    }();
    return *made;
}

// Where a region of `bytes` fits: the first region given back that holds
// it, else after the last one.
bool place(Records& range, size_t bytes, size_t alignment, size_t* offset) {
    for (auto it = range.freed.begin(); it != range.freed.end(); ++it) {
        const size_t from = roundUp(it->first, alignment);
        if (from + bytes <= it->first + it->second) {
            const size_t regionStart = it->first, regionEnd = it->first + it->second;
            range.freed.erase(it);
            if (from > regionStart) {
                range.freed[regionStart] = from - regionStart;
            }
            if (from + bytes < regionEnd) {
                range.freed[from + bytes] = regionEnd - (from + bytes);
            }
            *offset = from;
            return true;
        }
    }
    const size_t from = roundUp(range.next, alignment);
    if (from + bytes > range.half) {
        return false;
    }
    range.next = from + bytes;
    *offset = from;
    return true;
}

void zeroRecords(char* from, size_t bytes) {
    const std::uintptr_t page = pageBytes();
    char* const to = from + bytes;
    char* const firstPage = reinterpret_cast<char*>(roundUp(reinterpret_cast<std::uintptr_t>(from), page));
    char* const endPage = reinterpret_cast<char*>(reinterpret_cast<std::uintptr_t>(to) / page * page);
    if (bytes < kClearByHandBytes || firstPage >= endPage) {
        std::memset(from, 0, bytes);
        return;
    }
    std::memset(from, 0, static_cast<size_t>(firstPage - from));
    std::memset(endPage, 0, static_cast<size_t>(to - endPage));
    const size_t whole = static_cast<size_t>(endPage - firstPage);
    if (madvise(firstPage, whole, MADV_DONTNEED) != 0) {
        std::memset(firstPage, 0, whole);
    }
}

}  // namespace

Granule* AccessShadow::allocate(size_t count) {
    Records& range = records();
    if (range.start == nullptr || count == 0) {
        return nullptr;
    }
    const size_t bytes = roundUp(count * sizeof(Granule), pageBytes());
    const bool huge = bytes >= kHugePageBytes;
    size_t offset = 0;
    if (!place(range, bytes, huge ? kHugePageBytes : pageBytes(), &offset)) {
        return nullptr;
    }
    char* const writes = range.start + offset;
    char* const reads = writes + range.half;
    if (mprotect(writes, bytes, PROT_READ | PROT_WRITE) != 0 || mprotect(reads, bytes, PROT_READ | PROT_WRITE) != 0) {
        mprotect(writes, bytes, PROT_NONE);
        range.freed[offset] = bytes;
        return nullptr;
    }
    if (huge) {
        // A hint: without it, or refused, 4 KiB pages. A kernel that reads
        // its input once touches every page of its read records, first
        // reading (a fault that maps the zero page), then writing (a second
        // fault): in 4 KiB pages two faults for every 1 KiB of input.
        madvise(writes, bytes, MADV_HUGEPAGE);
        madvise(reads, bytes, MADV_HUGEPAGE);
    }
    return reinterpret_cast<Granule*>(writes);
}

void AccessShadow::release(Granule* first, size_t count) {
    Records& range = records();
    if (first == nullptr || count == 0) {
        return;
    }
    char* const writes = reinterpret_cast<char*>(first);
    const size_t bytes = roundUp(count * sizeof(Granule), pageBytes());
    for (char* half : {writes, writes + range.half}) {
        madvise(half, bytes, MADV_DONTNEED);
        mprotect(half, bytes, PROT_NONE);
    }
    range.freed[static_cast<size_t>(writes - range.start)] = bytes;
}

void AccessShadow::clear(Granule* first, size_t count) {
    if (first == nullptr || count == 0) {
        return;
    }
    char* const writes = reinterpret_cast<char*>(first);
    zeroRecords(writes, count * sizeof(Granule));
    zeroRecords(writes + readRecordDistance, count * sizeof(Granule));
}

}  // namespace warp_emulator
