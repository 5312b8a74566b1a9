// racecheck.cpp: the shadow of accesses, the conflicts, and their reports.
#include "checks/racecheck.hpp"

#include <sys/mman.h>

#include <algorithm>

#include "memory/device_memory.hpp"
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

// A location's key in the logs of releases and the records of observed
// writes (happens_before.hpp): the address of an access's first byte, so
// that two 16-bit flags in one granule are two locations. Shared memory is
// every block's own, so its keys carry the block.
std::uintptr_t syncKey(std::uintptr_t granuleAddress, unsigned int firstByte, const Place& place) {
    const std::uintptr_t address = granuleAddress + firstByte;
    if (place.space == Space::Shared || place.space == Space::DynamicShared) {
        return address ^ (static_cast<std::uintptr_t>(Spaces::get().blockSerial()) << 47);
    }
    return address;
}

unsigned int firstByteOf(unsigned int bytes) { return static_cast<unsigned int>(__builtin_ctz(bytes)); }

// "wrote", "read"; and " (an atomic)", " (a volatile)", "" after the site.
std::string accessWord(const Access& access) { return access.isWrite ? "wrote" : "read"; }
std::string kindNote(const Access& access) {
    if (isAtomic(access)) {
        return access.blockScoped ? " (an atomic of block scope)" : " (an atomic)";
    }
    return access.kind == static_cast<unsigned>(AccessKind::Volatile) ? " (through a volatile pointer)"
           : isReadOnlyCache(access)                                   ? " (with __ldg)"
                                                                       : "";
}

// Two strong accesses (atomic or volatile) are morally strong when each one's
// scope includes the other's thread: a volatile access is of system scope,
// an atomic of block scope reaches only its block.
bool morallyStrongPair(const Access& one, const Access& other) {
    const std::uint32_t threadsPerBlock = static_cast<std::uint32_t>(Scheduler::instance().threadsPerBlock);
    const bool sameBlock = (one.thread - 1) / threadsPerBlock == (other.thread - 1) / threadsPerBlock;
    return (!one.blockScoped && !other.blockScoped) || sameBlock;
}

}  // namespace

RaceCheck& RaceCheck::get() {
    static RaceCheck* check = new RaceCheck;
    return *check;
}

void RaceCheck::beginLaunch() {
    DeviceMemory::instance().forEachLive([](Allocation& allocation) {
        if (allocation.touchedThisLaunch && allocation.granules != nullptr) {
            madvise(allocation.granules, DeviceMemory::granuleShadowBytes(allocation.bytes), MADV_DONTNEED);
        }
        allocation.touchedThisLaunch = false;
    });
    globalExtras_.clear();
    sharedExtras_.clear();
    pendingCas_.clear();
}

void RaceCheck::beginBlock() { sharedExtras_.clear(); }

void RaceCheck::gridBarrier() {
    const std::map<std::pair<std::uint32_t, std::uintptr_t>, std::pair<std::string, std::string>> pending =
        std::move(pendingCas_);
    beginLaunch();
    pendingCas_ = pending;
}

std::unordered_map<const Granule*, RaceCheck::Extra>& RaceCheck::extrasFor(const Place& place) {
    return place.space == Space::Shared || place.space == Space::DynamicShared ? sharedExtras_ : globalExtras_;
}

void RaceCheck::access(const Place& place, const AccessRequest& request, bool isWrite, bool isCas) {
    if (!Settings::get().raceCheck || place.granules == nullptr) {
        return;
    }
    Scheduler& scheduler = Scheduler::instance();
    Access current;
    current.thread = scheduler.currentGridThread();
    current.epoch = scheduler.currentClock().epoch;
    current.site = request.site;
    current.isWrite = isWrite;
    current.kind = static_cast<unsigned>(request.kind);
    current.blockScoped = request.kind == AccessKind::Atomic && request.scope == Scope::Block;
    current.release = isWrite && isStrong(current) && HappensBefore::releasesWrites(scheduler.currentClock());
    const auto start = reinterpret_cast<std::uintptr_t>(request.address);
    const std::uintptr_t end = start + request.bytes;
    Granule* granule = place.granules;
    for (std::uintptr_t at = place.granuleAddress; at < end; at += kGranuleBytes, ++granule) {
        const std::uintptr_t from = std::max(start, at) - at;
        const std::uintptr_t to = std::min(end, at + kGranuleBytes) - at;
        current.bytes = ((1u << to) - 1u) & ~((1u << from) - 1u);
        checkGranule(*granule, current, at, place, isCas);
    }
    if (isWrite && request.kind != AccessKind::Plain) {
        // What the thread does next comes after this strong write, which a
        // thread that observes it is ordered after (happens_before.hpp).
        ++scheduler.currentClock().epoch;
    }
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

    conflict(granule.write, current, granuleAddress, key, place);
    if (current.isWrite) {
        conflict(granule.read, current, granuleAddress, key, place);
    }
    if (extras != nullptr) {
        for (const Access& other : extras->accesses) {
            conflict(other, current, granuleAddress, key, place);
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
        pendingCas_.erase({current.thread, granuleAddress});
        if (granule.read.thread == current.thread) {
            granule.read.checkedByCas = 1;
        }
        if (extras != nullptr) {
            for (Access& other : extras->accesses) {
                if (other.thread == current.thread && !other.isWrite) {
                    other.checkedByCas = 1;
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
            list.erase(same != list.end() ? same : list.begin());
        }
        list.push_back(access);
    };

    if (current.isWrite) {
        const bool logged = granule.write.syncLocation;
        if (granule.write.thread != 0 && granule.write.thread != current.thread &&
            (granule.write.bytes & ~current.bytes) != 0) {
            keepAside(granule.write);  // it wrote bytes this write does not cover
        }
        if (granule.read.thread != 0 && (granule.read.bytes & ~current.bytes) != 0) {
            keepAside(granule.read);
        }
        if (extras != nullptr) {
            std::vector<Access>& list = extras->accesses;
            list.erase(std::remove_if(list.begin(), list.end(),
                                      [&](const Access& other) { return (other.bytes & ~current.bytes) == 0; }),
                       list.end());
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
        granule.read = Access{};
        granule.read.moreReads = extras != nullptr && !extras->accesses.empty();
        return;
    }
    const Access& last = granule.read;
    const bool replaces = last.thread == 0 || last.thread == current.thread ||
                          ((last.bytes & ~current.bytes) == 0 &&
                           scheduler.happensBefore.ordered(last.thread, last.epoch, clock, current.thread, key));
    if (!replaces) {
        keepAside(last);
    }
    const bool more = granule.read.moreReads || extras != nullptr;
    granule.read = current;
    granule.read.moreReads = more;
}

void RaceCheck::conflict(const Access& earlier, const Access& current, std::uintptr_t granuleAddress,
                         std::uintptr_t key, const Place& place) {
    if (earlier.thread == 0 || earlier.thread == current.thread || (earlier.bytes & current.bytes) == 0 ||
        (!earlier.isWrite && !current.isWrite)) {
        return;
    }
    Scheduler& scheduler = Scheduler::instance();
    if (isReadOnlyCache(earlier) || isReadOnlyCache(current)) {
        // Nothing orders a load through the read-only cache: the kernel's
        // writes to what it reads race with it, however they are ordered.
        report(earlier, current, place,
               "__ldg() reads through the read-only data cache, to which the memory model does not apply (the PTX "
               "ISA: it \"does not apply to texture (including ld.global.nc) and surface accesses\"), so no barrier "
               "or fence orders it after a write: read memory that the kernel writes with a plain load");
        return;
    }
    if (scheduler.happensBefore.ordered(earlier.thread, earlier.epoch, scheduler.currentClock(), current.thread,
                                        key)) {
        return;
    }
    const std::uint32_t threadsPerBlock = static_cast<std::uint32_t>(scheduler.threadsPerBlock);
    const bool sameBlock = (earlier.thread - 1) / threadsPerBlock == (current.thread - 1) / threadsPerBlock;
    const bool sameWarp = sameBlock && (earlier.thread - 1) % threadsPerBlock / 32 == (current.thread - 1) % threadsPerBlock / 32;
    if (isStrong(earlier) && isStrong(current)) {
        if (!morallyStrongPair(earlier, current)) {
            report(earlier, current, place,
                   "an atomic of block scope (atomicAdd_block and its kin) is atomic only among the threads of its "
                   "block, and these two are in different blocks: use the atomic without _block");
        } else if (!isAtomic(earlier) && !isAtomic(current) && !earlier.release && !current.release) {
            report(earlier, current, place,
                   "both are volatile, so neither sees half of the other, but no fence comes before the store: it "
                   "publishes nothing, and a GPU may give the read an older value; put __threadfence() between "
                   "what the writer stores and the store that says it is done, and after the read that sees it "
                   "(the Programming Guide: volatile alone is \"not correct for inter-thread synchronization\")");
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
        // Reported at the launch's end, unless the reading thread checks it with atomicCAS.
        const std::string placeText = place.describe();
        const auto pending = std::make_pair(plainRead->thread, granuleAddress);
        if (pendingCas_.count(pending) == 0) {
            Access first = earlier, second = current;
            std::string text;
            const std::string key = lineOf(first.site) + "|" + lineOf(second.site) + "|" + place.objectName();
            text = scheduler.describeThread(first.thread) + " " + accessWord(first) + " " + placeText + " at " +
                   lineOf(first.site) + kindNote(first) + ", and " + scheduler.describeThread(second.thread) +
                   " " + accessWord(second) + " it at " + lineOf(second.site) + kindNote(second) +
                   "; nothing orders the two: a plain read of memory that an atomic changes may see any value; "
                   "read it with an atomic, or order the two (as the Guide's atomicCAS loop does, check what you "
                   "read with atomicCAS)";
            pendingCas_[pending] = {key, "kernel " + scheduler.kernelName + ": " + text};
        }
        return;
    }
    std::string hint;
    if (volatileOne) {
        hint = "one of the two is volatile and the other plain, and only two strong accesses (volatile or atomic) "
               "may meet unordered: make the plain one volatile or atomic too, or order the two";
    } else if (isAtomic(earlier) || isAtomic(current)) {
        hint = "an atomic and a plain access to the same bytes: make both atomic, or put what orders them between "
               "(__syncthreads() in a block, __syncwarp() in a warp)";
    } else if (sameWarp) {
        hint = "they are lanes of one warp, and no __syncwarp() orders them (a shuffle or a vote orders no memory)";
    } else if (sameBlock) {
        hint = "they are threads of one block, and no __syncthreads() lies between them";
    } else {
        hint = scheduler.cooperative
                   ? "they are threads of different blocks, which only grid.sync(), or a release (__threadfence(), "
                     "then an atomic write) and an acquire (an atomic read of it, then __threadfence() or "
                     "__syncthreads()), order"
                   : "they are threads of different blocks, which only a release (__threadfence(), then an atomic write) "
                     "and an acquire (an atomic read of it, then __threadfence() or __syncthreads()) order";
    }
    report(earlier, current, place, hint);
}

void RaceCheck::report(const Access& earlier, const Access& current, const Place& place, const std::string& hint) {
    Scheduler& scheduler = Scheduler::instance();
    const std::string key = accessWord(earlier) + lineOf(earlier.site) + "|" + accessWord(current) + lineOf(current.site) +
                            "|" + place.objectName();
    if (scheduler.report.races.count(key) != 0) {
        ++scheduler.report.races[key].times;
        ++scheduler.report.raceCount;
        return;
    }
    scheduler.report.race(key, "kernel " + scheduler.kernelName + ": " + scheduler.describeThread(earlier.thread) + " " +
                                   accessWord(earlier) + " " + place.describe() + " at " + lineOf(earlier.site) +
                                   kindNote(earlier) + ", and " + scheduler.describeThread(current.thread) + " " +
                                   accessWord(current) + " it at " + lineOf(current.site) + kindNote(current) +
                                   "; nothing orders the two: " + hint);
}

void RaceCheck::endLaunch() {
    Scheduler& scheduler = Scheduler::instance();
    for (const auto& [pending, race] : pendingCas_) {
        scheduler.report.race(race.first, race.second);
    }
    pendingCas_.clear();
}

}  // namespace warp_emulator
