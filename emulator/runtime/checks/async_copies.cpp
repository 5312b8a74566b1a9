// async_copies.cpp: the copies in flight, how they land, and the check
// (async_copies.hpp); and the calls a kernel makes for them
// (warp_emulator/device/async_copies.hpp).
#include "checks/async_copies.hpp"

#include <cstdio>
#include <cstring>
#include <string>

#include "checks/memory_checks.hpp"
#include "checks/whole_check.hpp"
#include "reporting/source_lines.hpp"
#include "reporting/text.hpp"
#include "scheduling/block_workers.hpp"
#include "scheduling/scheduler.hpp"
#include "warp_emulator/device/async_copies.hpp"

namespace warp_emulator {

std::size_t asyncCopiesInFlight = 0;

AsyncCopies& AsyncCopies::get() {
    static AsyncCopies* copies = new AsyncCopies;
    return *copies;
}

void AsyncCopies::beginLaunch() {
    threads_.clear();
    destinations_.clear();
    sources_.clear();
    longest_ = 0;
    asyncCopiesInFlight = 0;
    needWholeCheck(kAsyncCopyInFlight, false);
}

void AsyncCopies::track(const Copy& copy, std::uint32_t thread) {
    const std::uint32_t block = Scheduler::instance().blockNumber;
    const auto destination = reinterpret_cast<std::uintptr_t>(copy.destination);
    const auto source = reinterpret_cast<std::uintptr_t>(copy.source);
    destinations_.insert({destination, {destination + copy.bytes, thread, block, copy.call, copy.file, copy.line}});
    sources_.insert({source, {source + copy.bytes, thread, block, copy.call, copy.file, copy.line}});
    longest_ = std::max(longest_, copy.bytes);
    ++asyncCopiesInFlight;
    needWholeCheck(kAsyncCopyInFlight, true);
}

void AsyncCopies::untrack(const Copy& copy, std::uint32_t thread) {
    auto drop = [&](std::multimap<std::uintptr_t, InFlight>& table, const void* start) {
        const auto key = reinterpret_cast<std::uintptr_t>(start);
        for (auto [at, end] = table.equal_range(key); at != end; ++at) {
            if (at->second.thread == thread && at->second.end == key + copy.bytes) {
                table.erase(at);
                return;
            }
        }
    };
    drop(destinations_, copy.destination);
    drop(sources_, copy.source);
    if (--asyncCopiesInFlight == 0) {
        longest_ = 0;
        needWholeCheck(kAsyncCopyInFlight, false);
    }
}

// The copy is made now, by the running thread (the one that issued it), and
// checked as its read and its write at the line that issued it.
void AsyncCopies::land(const Copy& copy) {
    Scheduler& scheduler = Scheduler::instance();
    untrack(copy, scheduler.currentGridThread());
    const std::uint64_t site = siteOfLine(copy.file, copy.line);
    landing_ = &copy;
    MemoryChecks::kernelAccess({const_cast<char*>(copy.source), copy.bytes, false, AccessKind::Plain, Scope::Device, site});
    MemoryChecks::kernelAccess({copy.destination, copy.bytes, true, AccessKind::Plain, Scope::Device, site});
    landing_ = nullptr;
    std::memcpy(copy.destination, copy.source, copy.bytes);
}

void AsyncCopies::landAll(std::vector<Copy>& copies) {
    for (const Copy& copy : copies) {
        land(copy);
    }
    copies.clear();
}

void AsyncCopies::issue(void* destination, const void* source, size_t bytes, size_t alignment, size_t chunk,
                        unsigned int rank, unsigned int threads, const void* barrier, const char* call,
                        const char* file, int line) {
    Scheduler& scheduler = Scheduler::instance();
    if (bytes == 0) {
        return;
    }
    const std::uint64_t site = siteOfLine(file, line);
    const auto to = reinterpret_cast<std::uintptr_t>(destination);
    const auto from = reinterpret_cast<std::uintptr_t>(source);
    if (alignment > 1 && (to % alignment != 0 || from % alignment != 0 || bytes % alignment != 0)) {
        char text[160];
        std::snprintf(text, sizeof text, "to %p from %p of %zu bytes", destination, source, bytes);
        scheduler.report.invalidAccess(scheduler.describeRunningThread() + ": " + call + " at " + siteText(file, line) +
                                       " " + text + ", which its cuda::aligned_size_t<" + std::to_string(alignment) +
                                       "> promised are all multiples of " + std::to_string(alignment) + ".");
        scheduler.stopKernel(cudaErrorMisalignedAddress,
                             "the kernel stopped at that copy, as a GPU's does: the runtime API answers "
                             "cudaErrorMisalignedAddress from now on (until cudaDeviceReset())");
    }
    // Where it lies: memcheck stops the kernel now if the bytes are not the kernel's to touch.
    MemCheck::locate({const_cast<void*>(source), bytes, false, AccessKind::Plain, Scope::Device, site});
    MemCheck::locate({destination, bytes, true, AccessKind::Plain, Scope::Device, site});

    Batches& mine = threads_[scheduler.currentGridThread()];
    std::vector<Copy>& into = barrier != nullptr ? mine.onBarriers : mine.open;
    chunk = chunk == 0 ? 1 : chunk;
    if (threads <= 1) {
        into.push_back({static_cast<char*>(destination), static_cast<const char*>(source), bytes, barrier, call, file, line});
        track(into.back(), scheduler.currentGridThread());
        return;
    }
    for (size_t offset = static_cast<size_t>(rank) * chunk; offset < bytes; offset += static_cast<size_t>(threads) * chunk) {
        const size_t piece = std::min(chunk, bytes - offset);
        into.push_back({static_cast<char*>(destination) + offset, static_cast<const char*>(source) + offset, piece,
                        barrier, call, file, line});
        track(into.back(), scheduler.currentGridThread());
    }
}

void AsyncCopies::commit() {
    Batches& mine = threads_[Scheduler::instance().currentGridThread()];
    mine.committed.push_back(std::move(mine.open));
    mine.open.clear();
}

void AsyncCopies::waitPrior(unsigned int keep) {
    const auto found = threads_.find(Scheduler::instance().currentGridThread());
    if (found == threads_.end()) {
        return;
    }
    Batches& mine = found->second;
    if (keep == 0) {
        // cp.async.wait_all: the copies not yet committed too.
        mine.committed.push_back(std::move(mine.open));
        mine.open.clear();
    }
    while (mine.committed.size() > keep) {
        landAll(mine.committed.front());
        mine.committed.pop_front();
    }
}

void AsyncCopies::completeOn(const void* barrier) {
    const auto found = threads_.find(Scheduler::instance().currentGridThread());
    if (found == threads_.end()) {
        return;
    }
    std::vector<Copy>& copies = found->second.onBarriers;
    std::vector<Copy> landing, staying;
    for (const Copy& copy : copies) {
        (copy.barrier == barrier ? landing : staying).push_back(copy);
    }
    copies = std::move(staying);
    landAll(landing);
}

void AsyncCopies::threadExits() {
    if (threads_.empty()) {
        return;  // nearly every kernel: no copy in flight anywhere, and no hash to take
    }
    const auto found = threads_.find(Scheduler::instance().currentGridThread());
    if (found == threads_.end()) {
        return;
    }
    Batches& mine = found->second;
    for (std::vector<Copy>& batch : mine.committed) {
        landAll(batch);
    }
    landAll(mine.open);
    landAll(mine.onBarriers);
    threads_.erase(found);
}

void AsyncCopies::check(const Place& place, const AccessRequest& access) {
    if (place.space == Space::Local || place.space == Space::ReadOnly) {
        return;
    }
    const Scheduler& scheduler = Scheduler::instance();
    const bool shared = place.space == Space::Shared || place.space == Space::DynamicShared;
    const auto start = reinterpret_cast<std::uintptr_t>(access.address);
    const std::uintptr_t end = start + access.bytes;
    auto scan = [&](const std::multimap<std::uintptr_t, InFlight>& table, bool ofDestination) {
        for (auto at = table.lower_bound(start >= longest_ ? start - longest_ + 1 : 0); at != table.end() && at->first < end;
             ++at) {
            if (at->second.end > start && (!shared || at->second.block == scheduler.blockNumber)) {
                reportConflict(at->second, place, access, ofDestination);
                return;
            }
        }
    };
    scan(destinations_, true);
    if (access.isWrite) {
        scan(sources_, false);
    }
}

void AsyncCopies::reportConflict(const InFlight& flying, const Place& place, const AccessRequest& access,
                                 bool ofDestination) {
    if (BlockWorkers::inWorker()) {
        BlockWorkers::giveUp();  // a race is said by the launch's run on one worker (block_workers.hpp)
    }
    Scheduler& scheduler = Scheduler::instance();
    const std::string copySite = siteText(flying.file, flying.line);
    const std::string what = access.isWrite ? "wrote" : "read";
    const std::string key = "in flight|" + what + lineOf(access.site) + "|" + copySite + "|" + place.objectName();
    if (scheduler.report.races.count(key) != 0) {
        ++scheduler.report.races[key].times;
        ++scheduler.report.raceCount;
        return;
    }
    const std::string who = flying.thread == scheduler.currentGridThread()
                                ? "the same thread"
                                : scheduler.describeThread(flying.thread);
    std::string hint;
    if (!ofDestination) {
        hint = "the copy reads its source at any moment until it completes: write the source only after the wait "
               "that completes it";
    } else if (access.isWrite) {
        hint = "the copy writes its destination at any moment until it completes, and may land after this write: "
               "write it only after the wait that completes the copy";
    } else {
        hint = "the copy's bytes may not be there yet: read its destination only after the wait that completes it "
               "(cg::wait or cg::wait_prior for cg::memcpy_async, the pipeline's consumer_wait, the barrier's wait)";
    }
    const std::string reader = scheduler.describeThread(scheduler.currentGridThread());
    std::string text;
    if (landing_ != nullptr) {
        // Two copies in flight at once, over the same bytes.
        text = reader + "'s " + landing_->call + " at " + siteText(landing_->file, landing_->line) + " " +
               (access.isWrite ? "writes " : "reads ") + place.describe() + ", which the " + flying.call + " at " +
               copySite + " by " + who + " " + (ofDestination ? "writes" : "reads") +
               ", and the two were in flight at once (each issued before the other was waited for); nothing orders "
               "them: two copies in flight land in any order, so " +
               (access.isWrite && ofDestination ? "either may be the one left there"
                                                : "the one may read before or after the other writes") +
               ": wait for the first before issuing the second (a pipeline needs as many buffers as stages in flight)";
    } else {
        text = reader + " " + what + " " + place.describe() + " at " + lineOf(access.site) + " while the " +
               flying.call + " at " + copySite + " by " + who + " that " + (ofDestination ? "writes" : "reads") +
               " it was in flight (issued, and not yet waited for); nothing orders the two: " + hint;
    }
    scheduler.report.race(key, "kernel " + scheduler.kernelName + ": " + text);
}

// ---------------------------------------------------------------------------
// The calls a kernel makes (warp_emulator/device/async_copies.hpp)
// ---------------------------------------------------------------------------

void asyncCopy(void* destination, const void* source, size_t bytes, size_t alignment, size_t chunk, unsigned int rank,
               unsigned int threads, const void* barrier, const char* call, const char* file, int line) {
    const RuntimeCode runtime;
    AsyncCopies::get().issue(destination, source, bytes, alignment, chunk, rank, threads, barrier, call, file, line);
}

void asyncCommit() {
    const RuntimeCode runtime;
    AsyncCopies::get().commit();
}

void asyncWaitPrior(unsigned int keep) {
    const RuntimeCode runtime;
    AsyncCopies::get().waitPrior(keep);
}

void asyncCompleteOn(const void* barrier) {
    const RuntimeCode runtime;
    AsyncCopies::get().completeOn(barrier);
}

}  // namespace warp_emulator
