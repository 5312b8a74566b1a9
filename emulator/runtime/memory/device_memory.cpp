// device_memory.cpp: the arena and its allocations.
#include "memory/device_memory.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <iterator>

namespace warp_emulator {

const char* deviceArenaStart = nullptr;
const char* deviceArenaEnd = nullptr;

namespace {

size_t pageBytes() {
    static const size_t bytes = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    return bytes;
}

constexpr size_t kHugePageBytes = size_t{2} << 20;

size_t wholePages(size_t bytes) { return (bytes + pageBytes() - 1) / pageBytes() * pageBytes(); }

// The unused room after an allocation: at least 64 KiB, so that any index a
// little past the end lands in no allocation.
size_t gapAfter(size_t bytes) { return wholePages(bytes / 16 > (64u << 10) ? bytes / 16 : 64u << 10); }

// Zeroed memory of the host's, taken only when touched; null when there is
// no room. Shared: a worker process of a launch (scheduling/block_workers.hpp)
// that writes it writes the program's own; private: a worker's are its own.
void* lazyZeroes(size_t bytes, bool shared = false) {
    if (bytes == 0) {
        return nullptr;
    }
    void* memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                        (shared ? MAP_SHARED : MAP_PRIVATE) | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return memory == MAP_FAILED ? nullptr : memory;
}

// The access shadow (32 bytes of records for every 4 bytes: checks/shadow.hpp),
// the process's own, in huge pages where the host gives them: a kernel that
// reads its input once touches every page of this shadow, first reading it
// (a fault that maps the zero page), then writing it (a second fault); in 4
// KiB pages that is two faults for every 512 bytes of input (perf: 65,000 of
// block_reduce's 81,000). Huge pages take 512 times fewer, and no more memory
// than a kernel that touches all its input; a launch's worker processes take
// their blocks in runs of neighbours (block_workers.cpp), so that each
// touches its own pages.
void* accessShadow(size_t bytes) {
    void* memory = lazyZeroes(bytes);
    if (memory != nullptr && bytes >= kHugePageBytes) {
        madvise(memory, bytes, MADV_HUGEPAGE);  // a hint: without it, or refused, 4 KiB pages as before
    }
    return memory;
}

// Zeroes, for memory smaller than a page and not page-aligned (a block of
// the device heap, and its shadows): the whole pages inside given back to
// the host (which zeroes them when next touched), the bytes at either end
// set by hand. Shared memory needs its pages removed, not only unmapped.
void zeroed(void* start, size_t bytes, bool shared) {
    char* const from = static_cast<char*>(start);
    char* const to = from + bytes;
    const std::uintptr_t page = pageBytes();
    char* const firstPage = reinterpret_cast<char*>((reinterpret_cast<std::uintptr_t>(from) + page - 1) / page * page);
    char* const endPage = reinterpret_cast<char*>(reinterpret_cast<std::uintptr_t>(to) / page * page);
    if (firstPage >= endPage) {
        std::memset(from, 0, bytes);
        return;
    }
    std::memset(from, 0, static_cast<size_t>(firstPage - from));
    std::memset(endPage, 0, static_cast<size_t>(to - endPage));
    const size_t whole = static_cast<size_t>(endPage - firstPage);
    if (madvise(firstPage, whole, shared ? MADV_REMOVE : MADV_DONTNEED) != 0) {
        std::memset(firstPage, 0, whole);
    }
}

}  // namespace

size_t DeviceMemory::granuleShadowBytes(size_t bytes) {
    return wholePages((bytes + kGranuleBytes - 1) / kGranuleBytes * sizeof(Granule));
}

size_t DeviceMemory::ownerShadowBytes(size_t bytes) {
    return wholePages((bytes + kGranuleBytes - 1) / kGranuleBytes * sizeof(BlockOwner));
}

std::string Allocation::describe() const { return name() + " from " + origin; }

std::string Allocation::name() const {
    if (!shape.empty()) {
        return "the " + shape;
    }
    if (element.name != nullptr && element.bytes != 0 && bytes % element.bytes == 0) {
        return "the " + std::string(element.name) + "[" + std::to_string(bytes / element.bytes) + "]";
    }
    return "the " + std::to_string(bytes) + " bytes";
}

// The arena is reserved, not taken: its pages cost nothing until an
// allocation makes them usable. The largest reservation the host grants, up
// to 1 TiB. Shared, so that the worker processes a launch's blocks may run
// in (scheduling/block_workers.hpp) write the program's device memory.
DeviceMemory::DeviceMemory() {
    for (size_t bytes = size_t{1} << 40; bytes >= (size_t{1} << 30); bytes /= 2) {
        void* memory = mmap(nullptr, bytes, PROT_NONE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (memory != MAP_FAILED) {
            arena_ = static_cast<char*>(memory);
            arenaBytes_ = bytes;
            deviceArenaStart = arena_;
            deviceArenaEnd = arena_ + arenaBytes_;
            return;
        }
    }
}

// Where `reserved` bytes fit: after the last allocation, or, once the arena
// is full, in the room of freed allocations (which then lose their names).
// Graph memory keeps its room while it is reserved, freed or not; the device
// heap keeps its rooms, and its freed blocks, for ever.
char* DeviceMemory::place(size_t reserved) {
    if (arena_ != nullptr && next_ + reserved <= arenaBytes_) {
        char* start = arena_ + next_;
        next_ += reserved;
        return start;
    }
    const auto taken = [](const Allocation& allocation) {
        return allocation.live || allocation.reserved || allocation.heapBlock;
    };
    for (auto it = allocations_.begin(); it != allocations_.end(); ++it) {
        if (taken(it->second)) {
            continue;
        }
        auto run = it;
        char* const from = it->second.start;
        const char* const heapRoom = heapRoomFrom(from);
        while (run != allocations_.end() && !taken(run->second)) {
            const auto following = std::next(run);
            const char* limit = following == allocations_.end() ? arena_ + next_ : following->second.start;
            if (heapRoom != nullptr && limit > heapRoom) {
                limit = heapRoom;
            }
            if (static_cast<size_t>(limit - from) >= reserved) {
                allocations_.erase(it, following);
                lastFound_ = nullptr;
                return from;
            }
            run = following;
        }
    }
    return nullptr;
}

const char* DeviceMemory::heapRoomFrom(const char* at) const {
    const char* first = nullptr;
    for (const HeapRoom& room : heapRooms_) {
        if (room.start >= at && (first == nullptr || room.start < first)) {
            first = room.start;
        }
    }
    return first;
}

void prepareToWrite(void* start, size_t bytes) {
#ifdef MADV_POPULATE_WRITE
    constexpr size_t kWorthACall = 1u << 20;
    if (bytes < kWorthACall) {
        return;
    }
    const std::uintptr_t page = pageBytes();
    const std::uintptr_t from = (reinterpret_cast<std::uintptr_t>(start) + page - 1) / page * page;
    const std::uintptr_t to = (reinterpret_cast<std::uintptr_t>(start) + bytes) / page * page;
    madvise(reinterpret_cast<void*>(from), to - from, MADV_POPULATE_WRITE);  // a hint: refused, the pass faults
#else
    (void)start;
    (void)bytes;
#endif
}

bool DeviceMemory::makeUsable(Allocation& allocation) {
    const size_t bytes = allocation.bytes;
    const size_t usable = wholePages(bytes == 0 ? 1 : bytes);
    if (mprotect(allocation.start, usable, PROT_READ | PROT_WRITE) != 0) {
        return false;
    }
    allocation.granules = static_cast<Granule*>(accessShadow(granuleShadowBytes(bytes)));
    allocation.owners = static_cast<BlockOwner*>(lazyZeroes(ownerShadowBytes(bytes), true));
    if (allocation.kind == MemoryKind::Device) {
        // Poison, as the emulator fills __shared__ memory: every byte 0xff is
        // NaN as a float and -1 as an int, so a read of memory nothing wrote
        // gives a wrong answer that shows (initcheck.cpp also names it).
        prepareToWrite(allocation.start, bytes);
        std::memset(allocation.start, 0xff, bytes);
        allocation.defined = static_cast<unsigned char*>(lazyZeroes(wholePages(bytes), true));
        allocation.wholeDefined = false;
    }
    if ((bytes != 0 && (allocation.granules == nullptr || allocation.owners == nullptr)) ||
        (allocation.kind == MemoryKind::Device && bytes != 0 && allocation.defined == nullptr)) {
        mprotect(allocation.start, usable, PROT_NONE);
        return false;
    }
    allocation.live = true;
    allocation.freedBy.clear();
    return true;
}

void* DeviceMemory::allocate(size_t bytes, MemoryKind kind, ElementType element, std::string origin) {
    const size_t usable = wholePages(bytes == 0 ? 1 : bytes);
    char* start = place(usable + gapAfter(bytes));
    if (start == nullptr) {
        return nullptr;
    }
    Allocation allocation;
    allocation.start = start;
    allocation.bytes = bytes;
    allocation.kind = kind;
    allocation.element = element;
    allocation.origin = std::move(origin);
    if (!makeUsable(allocation)) {
        return nullptr;
    }
    allocations_[reinterpret_cast<std::uintptr_t>(start)] = std::move(allocation);
    return start;
}

void* DeviceMemory::reserve(size_t bytes, ElementType element, std::string origin, std::string notYet) {
    const size_t usable = wholePages(bytes == 0 ? 1 : bytes);
    char* start = place(usable + gapAfter(bytes));
    if (start == nullptr) {
        return nullptr;
    }
    Allocation allocation;
    allocation.start = start;
    allocation.bytes = bytes;
    allocation.element = element;
    allocation.origin = std::move(origin);
    allocation.live = false;
    allocation.reserved = true;
    allocation.freedBy = std::move(notYet);
    allocations_[reinterpret_cast<std::uintptr_t>(start)] = std::move(allocation);
    return start;
}

bool DeviceMemory::revive(void* start, size_t bytes, ElementType element, std::string origin) {
    const auto found = allocations_.find(reinterpret_cast<std::uintptr_t>(start));
    if (found == allocations_.end() || found->second.live || !found->second.reserved) {
        return false;
    }
    Allocation& allocation = found->second;
    allocation.bytes = bytes;
    allocation.element = element;
    allocation.origin = std::move(origin);
    return makeUsable(allocation);
}

void DeviceMemory::unreserve(void* start) {
    const auto found = allocations_.find(reinterpret_cast<std::uintptr_t>(start));
    if (found != allocations_.end()) {
        found->second.reserved = false;
    }
}

bool DeviceMemory::release(void* start, const std::string& freedBy) {
    const auto found = allocations_.find(reinterpret_cast<std::uintptr_t>(start));
    if (found == allocations_.end() || !found->second.live || found->second.heapBlock) {
        return false;
    }
    Allocation& allocation = found->second;
    const size_t usable = wholePages(allocation.bytes == 0 ? 1 : allocation.bytes);
    if (allocation.sharedFile >= 0) {
        // Back to the arena's own pages (shared with the launch's worker
        // processes), no longer the other process's.
        mmap(allocation.start, usable, PROT_NONE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
        close(allocation.sharedFile);
        allocation.sharedFile = -1;
    }
    madvise(allocation.start, usable, MADV_REMOVE);  // the arena is shared memory: give its pages back
    mprotect(allocation.start, usable, PROT_NONE);
    if (allocation.granules != nullptr) {
        munmap(allocation.granules, granuleShadowBytes(allocation.bytes));
        allocation.granules = nullptr;
    }
    if (allocation.owners != nullptr) {
        munmap(allocation.owners, ownerShadowBytes(allocation.bytes));
        allocation.owners = nullptr;
    }
    if (allocation.defined != nullptr) {
        munmap(allocation.defined, wholePages(allocation.bytes));
        allocation.defined = nullptr;
    }
    allocation.live = false;
    allocation.freedBy = freedBy;
    return true;
}

bool DeviceMemory::makeHeapRoom(size_t bytes, HeapRoom* room) {
    const size_t usable = wholePages(bytes == 0 ? 1 : bytes);
    char* start = place(usable + gapAfter(usable));
    if (start == nullptr || mprotect(start, usable, PROT_READ | PROT_WRITE) != 0) {
        return false;
    }
    HeapRoom made;
    made.start = start;
    made.bytes = usable;
    // As makeUsable() makes them: the access shadow each process's own, the
    // owners and the definedness shared with a launch's worker processes.
    made.granules = static_cast<Granule*>(accessShadow(granuleShadowBytes(usable)));
    made.owners = static_cast<BlockOwner*>(lazyZeroes(ownerShadowBytes(usable), true));
    made.defined = static_cast<unsigned char*>(lazyZeroes(usable, true));
    if (made.granules == nullptr || made.owners == nullptr || made.defined == nullptr) {
        mprotect(start, usable, PROT_NONE);
        return false;
    }
    heapRooms_.push_back(made);
    *room = made;
    return true;
}

void DeviceMemory::forgetOwners() {
    for (auto* allocations : {&allocations_, &registered_}) {
        for (auto& [start, allocation] : *allocations) {
            if (allocation.owners != nullptr && !allocation.heapBlock) {  // a heap block's are its room's
                zeroed(allocation.owners, ownerShadowBytes(allocation.bytes), true);
            }
        }
    }
    for (const HeapRoom& room : heapRooms_) {
        zeroed(room.owners, ownerShadowBytes(room.bytes), true);
    }
}

Allocation* DeviceMemory::addHeapBlock(const HeapRoom& room, char* start, size_t bytes, std::string origin) {
    const size_t offset = static_cast<size_t>(start - room.start);
    Allocation allocation;
    allocation.start = start;
    allocation.bytes = bytes;
    allocation.kind = MemoryKind::Device;
    allocation.element = ElementType{};
    allocation.origin = std::move(origin);
    allocation.heapBlock = true;
    allocation.granules = room.granules + offset / kGranuleBytes;
    allocation.owners = room.owners + offset / kGranuleBytes;
    allocation.defined = room.defined + offset;
    zeroed(allocation.granules, allocation.granuleCount() * sizeof(Granule), false);
    zeroed(allocation.defined, bytes, true);
    std::memset(start, 0xff, bytes);  // poison, as makeUsable() says
    Allocation& kept = allocations_[reinterpret_cast<std::uintptr_t>(start)] = std::move(allocation);
    return &kept;
}

bool DeviceMemory::releaseHeapBlock(void* start, const std::string& freedBy) {
    const auto found = allocations_.find(reinterpret_cast<std::uintptr_t>(start));
    if (found == allocations_.end() || !found->second.live || !found->second.heapBlock) {
        return false;
    }
    Allocation& allocation = found->second;
    // Its pages and shadows back to the host, where whole pages are its own.
    zeroed(allocation.start, allocation.bytes, true);
    zeroed(allocation.granules, allocation.granuleCount() * sizeof(Granule), false);
    zeroed(allocation.defined, allocation.bytes, true);
    allocation.granules = nullptr;
    allocation.owners = nullptr;
    allocation.defined = nullptr;
    allocation.live = false;
    allocation.freedBy = freedBy;
    return true;
}

void DeviceMemory::forgetHeapBlocks(const char* from, const char* to) {
    auto it = allocations_.lower_bound(reinterpret_cast<std::uintptr_t>(from));
    while (it != allocations_.end() && it->second.start < to) {
        if (it->second.heapBlock && !it->second.live) {
            it = allocations_.erase(it);
            lastFound_ = nullptr;
        } else {
            ++it;
        }
    }
}

void DeviceMemory::forgetAccesses(Allocation& allocation) {
    if (allocation.granules == nullptr) {
        return;
    }
    if (allocation.heapBlock) {
        zeroed(allocation.granules, allocation.granuleCount() * sizeof(Granule), false);
    } else {
        madvise(allocation.granules, granuleShadowBytes(allocation.bytes), MADV_DONTNEED);
    }
}

int DeviceMemory::share(void* start) {
    const auto found = allocations_.find(reinterpret_cast<std::uintptr_t>(start));
    if (found == allocations_.end() || !found->second.live || found->second.kind != MemoryKind::Device) {
        return -1;
    }
    Allocation& allocation = found->second;
    if (allocation.sharedFile >= 0) {
        return allocation.sharedFile;
    }
    const size_t usable = wholePages(allocation.bytes == 0 ? 1 : allocation.bytes);
    const int file = memfd_create("warp_emulator_ipc", MFD_CLOEXEC);
    if (file < 0 || ftruncate(file, static_cast<off_t>(usable)) != 0 ||
        pwrite(file, allocation.start, usable, 0) != static_cast<ssize_t>(usable) ||
        mmap(allocation.start, usable, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, file, 0) == MAP_FAILED) {
        if (file >= 0) {
            close(file);
        }
        return -1;
    }
    allocation.sharedFile = file;
    allocation.wholeDefined = allocation.defined != nullptr;
    return file;
}

void* DeviceMemory::mapShared(const char* path, size_t bytes, std::string origin) {
    const int file = open(path, O_RDWR | O_CLOEXEC);
    if (file < 0) {
        return nullptr;
    }
    char* start = static_cast<char*>(allocate(bytes, MemoryKind::Device, ElementType{}, std::move(origin)));
    const size_t usable = wholePages(bytes == 0 ? 1 : bytes);
    if (start == nullptr ||
        mmap(start, usable, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, file, 0) == MAP_FAILED) {
        close(file);
        if (start != nullptr) {
            release(start, "a failed cudaIpcOpenMemHandle");
        }
        return nullptr;
    }
    Allocation& allocation = allocations_.at(reinterpret_cast<std::uintptr_t>(start));
    allocation.sharedFile = file;
    allocation.wholeDefined = allocation.defined != nullptr;
    return start;
}

Allocation* DeviceMemory::registerHost(void* start, size_t bytes, unsigned int flags, std::string origin) {
    char* const from = static_cast<char*>(start);
    if (bytes == 0 || inArena(from) || inArena(from + bytes - 1)) {
        return nullptr;
    }
    // A range registered and unregistered since is forgotten where a new one
    // overlaps it; a live one may not be overlapped.
    for (auto it = registered_.begin(); it != registered_.end();) {
        Allocation& other = it->second;
        if (other.start < from + bytes && from < other.end()) {
            if (other.live) {
                return nullptr;
            }
            it = registered_.erase(it);
        } else {
            ++it;
        }
    }
    Allocation allocation;
    allocation.start = from;
    allocation.bytes = bytes;
    allocation.kind = MemoryKind::HostRegistered;
    allocation.element = ElementType{};
    allocation.origin = std::move(origin);
    allocation.hostFlags = flags;
    allocation.granules = static_cast<Granule*>(accessShadow(granuleShadowBytes(bytes)));
    // Owners too: a launch's worker processes write host memory of the
    // program's own through them (checks/block_sharing.hpp).
    allocation.owners = static_cast<BlockOwner*>(lazyZeroes(ownerShadowBytes(bytes), true));
    if (allocation.granules == nullptr || allocation.owners == nullptr) {
        return nullptr;
    }
    Allocation& kept = registered_[reinterpret_cast<std::uintptr_t>(from)] = std::move(allocation);
    return &kept;
}

bool DeviceMemory::unregisterHost(void* start, const std::string& unregisteredBy) {
    const auto found = registered_.find(reinterpret_cast<std::uintptr_t>(start));
    if (found == registered_.end() || !found->second.live) {
        return false;
    }
    Allocation& allocation = found->second;
    if (allocation.granules != nullptr) {
        munmap(allocation.granules, granuleShadowBytes(allocation.bytes));
        allocation.granules = nullptr;
    }
    if (allocation.owners != nullptr) {
        munmap(allocation.owners, ownerShadowBytes(allocation.bytes));
        allocation.owners = nullptr;
    }
    allocation.live = false;
    allocation.freedBy = unregisteredBy;
    return true;
}

Allocation* DeviceMemory::registeredHolding(const void* address) {
    auto after = registered_.upper_bound(reinterpret_cast<std::uintptr_t>(address));
    if (after == registered_.begin()) {
        return nullptr;
    }
    Allocation& allocation = std::prev(after)->second;
    return static_cast<const char*>(address) < allocation.end() ? &allocation : nullptr;
}

const Allocation* DeviceMemory::registeredBefore(const void* address) const {
    auto after = registered_.upper_bound(reinterpret_cast<std::uintptr_t>(address));
    return after == registered_.begin() ? nullptr : &std::prev(after)->second;
}

Allocation* DeviceMemory::search(const void* address) {
    const char* at = static_cast<const char*>(address);
    auto after = allocations_.upper_bound(reinterpret_cast<std::uintptr_t>(address));
    if (after == allocations_.begin()) {
        return nullptr;
    }
    Allocation& allocation = std::prev(after)->second;
    if (at >= allocation.start + (allocation.bytes == 0 ? 1 : allocation.bytes)) {
        return nullptr;
    }
    lastFound_ = &allocation;
    return &allocation;
}

Allocation* DeviceMemory::liveHolding(const void* address, size_t bytes) {
    Allocation* allocation = holding(address);
    if (allocation == nullptr || !allocation->live) {
        return nullptr;
    }
    const char* at = static_cast<const char*>(address);
    return bytes <= static_cast<size_t>(allocation->end() - at) ? allocation : nullptr;
}

const Allocation* DeviceMemory::before(const void* address) const {
    auto after = allocations_.upper_bound(reinterpret_cast<std::uintptr_t>(address));
    return after == allocations_.begin() ? nullptr : &std::prev(after)->second;
}

const Allocation* DeviceMemory::after(const void* address) const {
    auto after = allocations_.upper_bound(reinterpret_cast<std::uintptr_t>(address));
    return after == allocations_.end() ? nullptr : &after->second;
}

}  // namespace warp_emulator
