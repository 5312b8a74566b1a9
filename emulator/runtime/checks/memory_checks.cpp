// memory_checks.cpp: memcheck, then initcheck, then racecheck, for every access.
#include "checks/memory_checks.hpp"

#include <signal.h>
#include <unistd.h>

#include <cstdio>

#include "api/api_state.hpp"
#include "checks/async_copies.hpp"
#include "checks/block_sharing.hpp"
#include "checks/graph_races.hpp"
#include "memory/device_heap.hpp"
#include "memory/device_memory.hpp"
#include "checks/initcheck.hpp"
#include "checks/memcheck.hpp"
#include "checks/racecheck.hpp"
#include "checks/whole_check.hpp"
#include "scheduling/scheduler.hpp"
#include "reporting/source_lines.hpp"
#include "memory/spaces.hpp"

namespace warp_emulator {

__thread bool kernelCodeRunning = false;
__thread unsigned char wholeCheckReasons = 0;
__thread const char* localMemoryStart = nullptr;
__thread const char* localMemoryEnd = nullptr;

// Inline, and flattened into each function that calls it: the common
// access's checks (locateCommon(), InitCheck's and RaceCheck's inline parts)
// are one function.
inline void MemoryChecks::check(const AccessRequest& access) {
    if (access.kind == AccessKind::Volatile) {
        // Before the checks: the access they check is the one made after the
        // other threads have had their turn.
        Scheduler::instance().strongAccess(access.address);
    }
    Place place;
    if (!MemCheck::locateCommon(access, place)) {
        place = MemCheck::locate(access);
    }
    if (place.space == Space::Local || place.space == Space::ReadOnly) {
        return;
    }
    if (asyncCopiesInFlight != 0) {
        AsyncCopies::get().check(place, access);  // an asynchronous copy in flight writes or reads these bytes
    }
    if (place.owners != nullptr && BlockSharing::active()) {
        BlockSharing::touch(place, access.address, access.bytes, access.isWrite);
    }
    if (!access.isWrite) {
        InitCheck::read(place, access);
    } else {
        InitCheck::write(place, access);
    }
    RaceCheck::get().access(place, access, access.isWrite, false);
    if (GraphRaces::recording() && (place.space == Space::Global || place.space == Space::DeviceVariable)) {
        // A volatile access is strong, as an atomic is: it races with plain ones only.
        GraphRaces::recordAccess(access.address, access.bytes,
                                 access.kind == AccessKind::Volatile ? Touch::Atomic
                                 : access.isWrite                   ? Touch::Write
                                                                    : Touch::Read);
    }
}

// Not inline even where flattened: plainAccess() keeps its own code short.
[[gnu::flatten, gnu::noinline]] void MemoryChecks::kernelAccess(const AccessRequest& access) { check(access); }

// check() for the commonest access: a plain load or store of 1, 2 or 4
// bytes at an address the size divides (so within one granule), to a
// __shared__ variable or a live allocation, while no asynchronous copy is in
// flight, no graph is being recorded and no read waits to be half of a copy
// (whole_check.hpp: one byte says so).
// The same checks in the same order, without the questions whose answers
// that settles, and without an AccessRequest in memory. False, having
// changed nothing, for any other access, and for a read of bytes not all
// defined: check() takes those whole.
template <size_t Bytes, bool IsWrite>
inline bool MemoryChecks::commonAccess(char* at, std::uint64_t site) {
    static_assert(Bytes <= kGranuleBytes, "an access within one granule");
    const auto start = reinterpret_cast<std::uintptr_t>(at);
    if (wholeCheckReasons != 0 || start % Bytes != 0) {
        return false;
    }
    // The place stays this function's (its fields in registers): a call that
    // takes a Place gets a copy.
    Place place;
    place.address = at;
    place.bytes = Bytes;
    if (!MemCheck::locateSharedOrGlobal(at, Bytes, place) || (!IsWrite && !InitCheck::allDefined(place))) {
        return false;
    }
    if (place.owners != nullptr && BlockSharing::active()) {
        const Place copy = place;
        BlockSharing::touch(copy, at, Bytes, IsWrite);
    }
    if (IsWrite) {
        InitCheck::writeWhileNoReadWaits(place);
    } else {
        InitCheck::settle();  // what InitCheck::read() does once the bytes are defined
    }
    RaceCheck& raceCheck = RaceCheck::made();
    if (!raceCheck.plainAccessDone(place.granules, place.granuleAddress, place.space, start, Bytes, site, IsWrite)) {
        const Place copy = place;
        raceCheck.plainAccess(copy, start, Bytes, site, IsWrite);
    }
    return true;
}

template <size_t Bytes, bool IsWrite>
[[gnu::flatten]] void MemoryChecks::plainAccess(void* address, std::uint64_t site) {
    const RuntimeCode checking;
    if constexpr (Bytes <= kGranuleBytes) {
        if (commonAccess<Bytes, IsWrite>(static_cast<char*>(address), site)) {
            return;
        }
    }
    kernelAccess({address, Bytes, IsWrite, AccessKind::Plain, Scope::Device, site, true});
}
template void MemoryChecks::plainAccess<1, false>(void*, std::uint64_t);
template void MemoryChecks::plainAccess<1, true>(void*, std::uint64_t);
template void MemoryChecks::plainAccess<2, false>(void*, std::uint64_t);
template void MemoryChecks::plainAccess<2, true>(void*, std::uint64_t);
template void MemoryChecks::plainAccess<4, false>(void*, std::uint64_t);
template void MemoryChecks::plainAccess<4, true>(void*, std::uint64_t);
template void MemoryChecks::plainAccess<8, false>(void*, std::uint64_t);
template void MemoryChecks::plainAccess<8, true>(void*, std::uint64_t);

Place* MemoryChecks::locateAtomic(const AccessRequest& access) {
    InitCheck::settle();
    static Place place;
    place = MemCheck::locate(access);
    // Before the atomic changes anything: taken as a write, which it may be.
    if (place.owners != nullptr && BlockSharing::active()) {
        BlockSharing::touch(place, access.address, access.bytes, true);
    }
    return &place;
}

void MemoryChecks::atomicDone(Place* place, const AccessRequest& access, bool wrote, bool isCas) {
    if (place->space == Space::Local || place->space == Space::ReadOnly) {
        return;
    }
    InitCheck::read(*place, access);
    InitCheck::settle();  // an atomic is no half of a copy
    if (wrote) {
        InitCheck::write(*place, access);
        InitCheck::settle();
    }
    RaceCheck::get().access(*place, access, wrote, isCas);
    if (GraphRaces::recording() && (place->space == Space::Global || place->space == Space::DeviceVariable)) {
        GraphRaces::recordAccess(access.address, access.bytes, Touch::Atomic);
    }
    Scheduler::instance().strongAccess(access.address);  // after it: it is done
}

void MemoryChecks::fence(Scope scope) {
    Scheduler& scheduler = Scheduler::instance();
    scheduler.happensBefore.fence(scheduler.currentClock(), scope);
}

// The host program reached into device memory: on a GPU the address means
// nothing to the host, and the program dies of a segmentation fault. So it
// does here, after saying where.
void MemoryChecks::hostAccess(const void* address, size_t bytes, bool isWrite, std::uint64_t site) {
    const DeviceLock lock;  // another host thread may be allocating
    DeviceMemory& memory = DeviceMemory::instance();
    const Allocation* allocation = memory.holding(address);
    if (allocation == nullptr || (allocation->live && allocation->kind != MemoryKind::Device)) {
        return;
    }
    const size_t offset = static_cast<size_t>(static_cast<const char*>(address) - allocation->start);
    const std::string text = "warp emulator: the host program " + std::string(isWrite ? "wrote " : "read ") +
                             std::to_string(bytes) + " bytes at " + lineOf(site) + " " +
                             (allocation->live ? "of " + allocation->describe() + " (byte " + std::to_string(offset) +
                                                     "), which is device memory: the host cannot reach it, and on a "
                                                     "GPU this is a segmentation fault. Copy it with cudaMemcpy, or "
                                                     "allocate it with cudaMallocManaged"
                                               : "of " + allocation->describe() + ", which " + allocation->freedBy +
                                                     " freed");
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", text.c_str());
    std::fflush(stderr);
    signal(SIGSEGV, SIG_DFL);
    raise(SIGSEGV);
    _exit(128 + SIGSEGV);
}

void MemoryChecks::beginLaunch() {
    DeviceHeap::get().beginLaunch();
    Spaces::get().beginLaunch();
    RaceCheck::get().beginLaunch();
    AsyncCopies::get().beginLaunch();
}

void MemoryChecks::beginBlock() {
    Spaces::get().beginBlock(Scheduler::instance().dynamicSharedBytes);
    RaceCheck::get().beginBlock();
}

void MemoryChecks::resumeBlock(const SharedImage& image) {
    Spaces::get().restoreBlock(image);
    RaceCheck::get().beginBlock();
}

void MemoryChecks::gridBarrier() {
    InitCheck::settle();
    Spaces::get().beginLaunch();  // the shadows of __device__ variables
    RaceCheck::get().gridBarrier();
}

void MemoryChecks::endLaunch() {
    InitCheck::settle();
    RaceCheck::get().endLaunch();
}

}  // namespace warp_emulator
