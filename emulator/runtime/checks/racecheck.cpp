// racecheck.cpp: the shadow of accesses, the conflicts, and their reports.
#include "checks/racecheck.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "checks/race_reports.hpp"
#include "memory/device_memory.hpp"
#include "scheduling/block_workers.hpp"
#include "scheduling/scheduler.hpp"
#include "reporting/settings.hpp"
#include "reporting/source_lines.hpp"
#include "memory/spaces.hpp"

namespace warp_emulator {

namespace {

constexpr size_t kExtrasPerGranule = 16;

bool isAtomic(const Access& access) { return access.kind == static_cast<unsigned>(AccessKind::Atomic); }
bool isPlain(const Access& access) { return access.kind == static_cast<unsigned>(AccessKind::Plain); }
bool isStrong(const Access& access) {
    return access.kind == static_cast<unsigned>(AccessKind::Atomic) ||
           access.kind == static_cast<unsigned>(AccessKind::Volatile);
}
bool isReadOnlyCache(const Access& access) { return access.kind == static_cast<unsigned>(AccessKind::ReadOnlyCache); }
// A texture fetch or a surface read: through the texture cache, which the
// Programming Guide says is not kept coherent with the kernel's own writes.
bool isTextureRead(const Access& access) {
    return access.kind == static_cast<unsigned>(AccessKind::TextureFetch) ||
           access.kind == static_cast<unsigned>(AccessKind::SurfaceRead);
}
bool outsideMemoryModel(const Access& access) { return isReadOnlyCache(access) || isTextureRead(access); }
// A store that a later strong write elsewhere was to publish (Access::published).
bool publishedStore(const Access& access) { return access.isWrite && access.published; }

// A location's key in the logs of releases and the records of observed
// writes (happens_before.hpp): the address of an access's first byte, so
// that two 16-bit flags in one granule are two locations. Shared memory is
// every block's own, so its keys carry the block.
std::uintptr_t syncKey(std::uintptr_t granuleAddress, unsigned int firstByte, Space space) {
    const std::uintptr_t address = granuleAddress + firstByte;
    if (space == Space::Shared || space == Space::DynamicShared) {
        return address ^ (static_cast<std::uintptr_t>(Spaces::get().blockSerial()) << 47);
    }
    return address;
}
std::uintptr_t syncKey(std::uintptr_t granuleAddress, unsigned int firstByte, const Place& place) {
    return syncKey(granuleAddress, firstByte, place.space);
}

unsigned int firstByteOf(unsigned int bytes) { return static_cast<unsigned int>(__builtin_ctz(bytes)); }

// Two strong accesses (atomic or volatile) are morally strong when each one's
// scope includes the other's thread: a volatile access is of system scope,
// an atomic of block scope reaches only its block.
bool morallyStrongPair(const Access& one, const Access& other) {
    const std::uint32_t threadsPerBlock = static_cast<std::uint32_t>(Scheduler::instance().threadsPerBlock);
    const bool sameBlock = (one.thread - 1) / threadsPerBlock == (other.thread - 1) / threadsPerBlock;
    return (!one.blockScoped && !other.blockScoped) || sameBlock;
}

}  // namespace

void RaceCheck::beginLaunch() {
    if (!plainAccessWordsHold()) {
        std::fprintf(stderr, "warp emulator: internal error: this compiler lays out an access record's fields other "
                             "than Access::plain() builds them (checks/shadow.hpp)\n");
        std::abort();
    }
    DeviceMemory::instance().forEachLive([](Allocation& allocation) {
        if (allocation.touchedThisLaunch) {
            DeviceMemory::forgetAccesses(allocation);
        }
        allocation.touchedThisLaunch = false;
    });
    globalExtras_.clear();
    sharedExtras_.clear();
    pendingCas_.clear();
    casCheckedReads_.clear();
    strongWriters_.clear();
    RaceReports::get().beginLaunch();
}

void RaceCheck::beginBlock() { sharedExtras_.clear(); }

// The shadows of accesses go; what is yet to be said of the launch (its
// races' words, the plain reads waiting for an atomicCAS) stays.
void RaceCheck::gridBarrier() {
    DeviceMemory::instance().forEachLive([](Allocation& allocation) {
        if (allocation.touchedThisLaunch) {
            DeviceMemory::forgetAccesses(allocation);
        }
        allocation.touchedThisLaunch = false;
    });
    globalExtras_.clear();
    sharedExtras_.clear();
}

std::unordered_map<const Granule*, RaceCheck::Extra>& RaceCheck::extrasFor(const Place& place) {
    return place.space == Space::Shared || place.space == Space::DynamicShared ? sharedExtras_ : globalExtras_;
}

void RaceCheck::accessGranules(const Place& place, const AccessRequest& request, bool isWrite, bool isCas) {
    Scheduler& scheduler = Scheduler::instance();
    const auto start = reinterpret_cast<std::uintptr_t>(request.address);
    const std::uintptr_t end = start + request.bytes;
    Access current;
    current.thread = scheduler.currentGridThread();
    current.epoch = scheduler.currentClock().epoch;
    current.site = request.site;
    current.isWrite = isWrite;
    current.kind = static_cast<unsigned>(request.kind);
    current.blockScoped = request.kind == AccessKind::Atomic && request.scope == Scope::Block;
    current.release = isWrite && isStrong(current) && HappensBefore::releasesWrites(scheduler.currentClock());
    if (isWrite && isStrong(current)) {
        scheduler.happensBefore.publishVolatileStores(scheduler.currentClock());
    }
    Granule* granule = place.granules;
    const bool plain = request.kind == AccessKind::Plain;
    for (std::uintptr_t at = place.granuleAddress; at < end; at += kGranuleBytes, ++granule) {
        const std::uintptr_t from = std::max(start, at) - at;
        const std::uintptr_t to = std::min(end, at + kGranuleBytes) - at;
        current.bytes = ((1u << to) - 1u) & ~((1u << from) - 1u);
        if (!plain || !plainAccessNeedsNothingMore(*granule, current, at, place.space)) {
            checkGranule(*granule, current, at, place, isCas);
        }
    }
    if (isWrite && isStrong(current)) {
        // What the thread does next comes after this strong write, which a
        // thread that observes it is ordered after (happens_before.hpp).
        ++scheduler.currentClock().epoch;
        strongWriters_.insert(current.thread);
    }
}

// harmless()'s last question, out of line: whether anything orders
// `earlier`, which a load through the read-only cache never is.
bool RaceCheck::harmlessOrdered(const Access& earlier, const Access& current, std::uintptr_t granuleAddress,
                                Space space) const {
    return !isReadOnlyCache(earlier) && orderedAt(earlier, current, granuleAddress, space);
}

bool RaceCheck::orderedAt(const Access& earlier, const Access& current, std::uintptr_t granuleAddress,
                          Space space) const {
    return ordered(earlier, current, syncKey(granuleAddress, firstByteOf(current.bytes), space));
}

bool RaceCheck::ordered(const Access& earlier, const Access& current, std::uintptr_t key) const {
    Scheduler& scheduler = Scheduler::instance();
    return scheduler.happensBefore.ordered(earlier.thread, earlier.epoch, scheduler.currentClock(), current.thread, key);
}

void RaceCheck::checkGranule(Granule& granule, Access current, std::uintptr_t granuleAddress, const Place& place,
                             bool isCas) {
    Scheduler& scheduler = Scheduler::instance();
    ThreadClock& clock = scheduler.currentClock();
    const std::uintptr_t key = syncKey(granuleAddress, firstByteOf(current.bytes), place);
    auto& extrasTable = extrasFor(place);
    Extra* extras = nullptr;
    if (granule.read.moreReads) {
        auto found = extrasTable.find(&granule);
        extras = found != extrasTable.end() ? &found->second : nullptr;
    }

    if (current.isWrite && isPlain(current) && strongWriters_.count(current.thread) == 0) {
        // bins[v]++: its thread read these bytes, plainly, just before (and
        // took no lock first: no strong write of its own came before).
        current.readModifyWrite = granule.read.thread == current.thread && isPlain(granule.read);
        if (!current.readModifyWrite && extras != nullptr) {
            const std::vector<Access>& others = extras->accesses;
            current.readModifyWrite = std::any_of(others.begin(), others.end(), [&](const Access& other) {
                return other.thread == current.thread && !other.isWrite && isPlain(other) &&
                       (other.bytes & current.bytes) == current.bytes;
            });
        }
    }
    if (mayConflict(granule.write, current)) {
        conflict(granule.write, current, granuleAddress, key, place);
    }
    if (current.isWrite && mayConflict(granule.read, current)) {
        conflict(granule.read, current, granuleAddress, key, place);
    }
    if (extras != nullptr && (current.isWrite || extras->writes != 0)) {
        for (const Access& other : extras->accesses) {
            if (mayConflict(other, current)) {
                conflict(other, current, granuleAddress, key, place);
            }
        }
    }
    if (isStrong(current)) {
        // A strong read sees the last write, and may acquire what it released.
        // It is ordered after that write (observation order) when the two are
        // morally strong: both strong, of scopes that include each other.
        const Access& last = granule.write;
        const bool morallyStrong = isStrong(last) && morallyStrongPair(last, current);
        scheduler.happensBefore.strongRead(clock, key, last.thread, last.epoch, morallyStrong);
    }
    if (isCas) {
        // The Guide's atomicCAS loop: this thread's plain reads of it are checked now.
        auto pending = pendingCas_.find({current.thread, granuleAddress});
        if (pending != pendingCas_.end()) {
            const PendingRead& read = pending->second;
            casCheckedReads_.insert(read.earlier.isWrite ? read.current.site : read.earlier.site);
            pendingCas_.erase(pending);
        }
        if (granule.read.thread == current.thread && isPlain(granule.read)) {
            granule.read.checkedByCas = 1;
            casCheckedReads_.insert(granule.read.site);
        }
        if (extras != nullptr) {
            for (Access& other : extras->accesses) {
                if (other.thread == current.thread && !other.isWrite && isPlain(other)) {
                    other.checkedByCas = 1;
                    casCheckedReads_.insert(other.site);
                }
            }
        }
    }

    auto keepAside = [&](const Access& access) {
        if (extras == nullptr) {
            extras = &extrasTable[&granule];
        }
        std::vector<Access>& list = extras->accesses;
        if (list.size() >= kExtrasPerGranule) {
            // Keep threads of many blocks and warps: drop one of the same warp, else the oldest.
            auto same = std::find_if(list.begin(), list.end(), [&](const Access& other) {
                return (other.thread - 1) / 32 == (access.thread - 1) / 32;
            });
            const auto dropped = same != list.end() ? same : list.begin();
            extras->writes -= dropped->isWrite;
            list.erase(dropped);
        }
        list.push_back(access);
        extras->writes += access.isWrite;
    };

    // A strong access stands for the ones before it only against plain ones:
    // an atomic that comes later meets it unordered without a race, and
    // would never meet the plain access it replaced (`c = 0;` then the same
    // thread's atomicAdd, beside another thread's). So it keeps aside the
    // non-strong accesses that it would replace.
    const bool strong = isStrong(current);
    auto keptBeside = [&](const Access& earlier) { return strong && earlier.thread != 0 && !isStrong(earlier); };
    if (current.isWrite) {
        const bool logged = granule.write.syncLocation;
        if (granule.write.thread != 0 && ((granule.write.thread != current.thread &&
                                           (granule.write.bytes & ~current.bytes) != 0) ||
                                          keptBeside(granule.write))) {
            keepAside(granule.write);  // it wrote bytes this write does not cover, or it is plain
        }
        if (granule.read.thread != 0 && ((granule.read.bytes & ~current.bytes) != 0 || keptBeside(granule.read))) {
            keepAside(granule.read);
        }
        if (extras != nullptr) {
            std::vector<Access>& list = extras->accesses;
            list.erase(std::remove_if(list.begin(), list.end(),
                                      [&](const Access& other) {
                                          return (other.bytes & ~current.bytes) == 0 && !keptBeside(other);
                                      }),
                       list.end());
            extras->writes = static_cast<std::uint32_t>(
                std::count_if(list.begin(), list.end(), [](const Access& other) { return other.isWrite != 0; }));
        }
        bool nowLogged = false;
        if (logged) {
            // A store ends the releases that the locations it overwrites carried.
            for (unsigned int byte = 0; byte < kGranuleBytes; ++byte) {
                const std::uintptr_t overwritten = syncKey(granuleAddress, byte, place);
                if ((current.bytes >> byte & 1u) != 0 && (!isStrong(current) || overwritten != key)) {
                    scheduler.happensBefore.plainWrite(overwritten);
                }
            }
        }
        if (isStrong(current)) {
            nowLogged = scheduler.happensBefore.strongWrite(clock, current.thread, key, isAtomic(current));
        }
        granule.write = current;
        granule.write.syncLocation = logged || nowLogged;
        if (current.kind == static_cast<unsigned>(AccessKind::Volatile)) {
            scheduler.happensBefore.volatileStore(clock, {&granule, current.thread, current.epoch});
        }
        granule.read = Access{};
        granule.read.moreReads = extras != nullptr && !extras->accesses.empty();
        return;
    }
    const Access& last = granule.read;
    const bool replaces = last.thread == 0 || last.thread == current.thread ||
                          ((last.bytes & ~current.bytes) == 0 &&
                           scheduler.happensBefore.ordered(last.thread, last.epoch, clock, current.thread, key));
    if (!replaces || keptBeside(last)) {
        keepAside(last);
    }
    const bool more = granule.read.moreReads || extras != nullptr;
    granule.read = current;
    granule.read.moreReads = more;
}

void RaceCheck::conflict(const Access& earlier, const Access& current, std::uintptr_t granuleAddress,
                         std::uintptr_t key, const Place& place) {
    if (!mayConflict(earlier, current)) {
        return;
    }
    if (earlier.thread == current.thread) {
        if (earlier.isWrite && isTextureRead(current)) {
            // The Guide's rule reaches the writing thread itself.
            RaceReports::get().withHint(earlier, current, place,
                   "the Programming Guide: a texture fetch or surface read of an address \"written to via a global "
                   "write or a surface write in the same kernel call returns undefined data\", by the same thread "
                   "too (the texture cache is not kept coherent with writes): fetch (or read through the surface) in a "
                   "later launch what a launch writes",
                   "; ");
        }
        return;
    }
    Scheduler& scheduler = Scheduler::instance();
    RaceReports& reports = RaceReports::get();
    if (outsideMemoryModel(earlier) || outsideMemoryModel(current)) {
        // Nothing orders a load through the read-only or the texture cache:
        // the kernel's writes to what it reads race with it, however they
        // are ordered.
        if (isTextureRead(earlier) || isTextureRead(current)) {
            reports.withHint(earlier, current, place,
                             "texture fetches and surface reads go through the texture cache, to which the memory "
                             "model does not apply (the PTX ISA: it \"does not apply to texture (including "
                             "ld.global.nc) and surface accesses\"), and which the Programming Guide says is not kept "
                             "coherent with the kernel's writes, so no barrier or fence orders a fetch or surface read "
                             "after a write: fetch (or read through the surface) in a later launch what a launch "
                             "writes");
            return;
        }
        reports.withHint(earlier, current, place,
                         "__ldg() reads through the read-only data cache, to which the memory model does not apply "
                         "(the PTX ISA: it \"does not apply to texture (including ld.global.nc) and surface "
                         "accesses\"), so no barrier or fence orders it after a write: read memory that the kernel "
                         "writes with a plain load");
        return;
    }
    if (scheduler.happensBefore.ordered(earlier.thread, earlier.epoch, scheduler.currentClock(), current.thread,
                                        key)) {
        return;
    }
    if (isStrong(earlier) && isStrong(current)) {
        if (!morallyStrongPair(earlier, current)) {
            reports.withHint(earlier, current, place,
                             "an atomic of block scope (atomicAdd_block and its kin) is atomic only among the "
                             "threads of its block, and these two are in different blocks: use the atomic without "
                             "_block");
        } else if (!isAtomic(earlier) && !isAtomic(current) && !earlier.release && !current.release &&
                   publishedStore(earlier)) {
            // Two volatile accesses are strong, and do not race (the PTX
            // ISA: .volatile is .relaxed.sys): what is wrong is a store that
            // a strong write elsewhere was to publish (the one that says it
            // is done), and nothing orders the read after it: a fence is
            // missing on one side. A flag that publishes nothing is polled as
            // it should be.
            reports.withHint(earlier, current, place,
                             "both are volatile, so neither sees half of the other, but a later strong write says "
                             "the store is done and nothing orders the read after it: a GPU may give the read an "
                             "older value; put __threadfence() between what the writer stores and the store that "
                             "says it is done, and "
                             "after the read that sees it (the Programming Guide: volatile alone is \"not correct "
                             "for inter-thread synchronization\")");
        }
        return;  // strong accesses meet unordered: atomics, and a release's flag
    }
    const bool volatileOne = earlier.kind == static_cast<unsigned>(AccessKind::Volatile) ||
                             current.kind == static_cast<unsigned>(AccessKind::Volatile);
    const Access* plainRead = !earlier.isWrite && isPlain(earlier) && isAtomic(current)   ? &earlier
                              : !current.isWrite && isPlain(current) && isAtomic(earlier) ? &current
                                                                                          : nullptr;
    if (plainRead != nullptr) {
        if (plainRead->checkedByCas) {
            return;
        }
        // Said at the launch's end, unless the reading thread checks it with atomicCAS.
        if (BlockWorkers::inWorker()) {
            BlockWorkers::giveUp();  // the launch's end decides what it is (race_reports.hpp): one worker sees it all
        }
        pendingCas_.emplace(std::make_pair(plainRead->thread, granuleAddress), PendingRead{earlier, current, place});
        return;
    }
    if (volatileOne) {
        reports.withHint(earlier, current, place,
                         "one of the two is volatile and the other plain, and only two strong accesses (volatile or "
                         "atomic) may meet unordered: make the plain one volatile or atomic too, or order the two");
    } else if (isAtomic(earlier) || isAtomic(current)) {
        reports.withHint(earlier, current, place,
                         "an atomic and a plain access to the same bytes: make both atomic, or put what orders them "
                         "between (__syncthreads() in a block, __syncwarp() in a warp)");
    } else {
        reports.unordered(earlier, current, place);  // what orders them depends on which threads they are
    }
}

void RaceCheck::endLaunch() {
    RaceReports& reports = RaceReports::get();
    std::set<std::string> checkedLines;
    for (std::uint64_t site : casCheckedReads_) {
        checkedLines.insert(lineOf(site));
    }
    for (const auto& [pending, race] : pendingCas_) {
        const Access& read = race.earlier.isWrite ? race.current : race.earlier;
        const Access& atomic = race.earlier.isWrite ? race.earlier : race.current;
        if (checkedLines.count(lineOf(read.site)) != 0) {
            // The read of an atomicCAS loop whose thread needed no atomicCAS.
            reports.casLoopReadUnchecked(atomic, read, race.place);
        } else {
            reports.withHint(race.earlier, race.current, race.place,
                             "a plain read of memory that an atomic changes may see any value; read it with an "
                             "atomic, or order the two (as the Guide's atomicCAS loop does, check what you read with "
                             "atomicCAS)");
        }
    }
    pendingCas_.clear();
    reports.endLaunch();
}

}  // namespace warp_emulator
