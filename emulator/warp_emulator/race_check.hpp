// race_check.hpp: the check that a launch's result does not depend on the
// order its threads run in.
//
// A thread runs until it reaches a collective, so between two collectives
// the threads of a block run one after another, in the order
// WARP_EMULATOR_LANE_ORDER gives. A race (a thread reads what another writes,
// with no __syncwarp() or __syncthreads() between them) then gives the same
// answer every time, and one order alone could hide it. So each launch runs
// in the chosen order, then again from the same starting memory, 1 to 8 times
// (Runtime::checkOtherOrders in launch.hpp), each in a seeded random order,
// with the blocks reversed, and with each warp call carried out as soon as the
// lanes it names are there, its lanes running on at once (so a warp can run
// far ahead of the others, and half a warp ahead of the other half, as
// independent thread scheduling allows). Every byte each later run writes must
// come out as the first run left it: in device memory (the pages each run
// wrote, found by write-protecting every allocation and noting the first
// write to each page) and in the program's global variables (where __device__
// variables live, compared whole). The first run's memory is kept; the later
// runs only check.
//
// Atomics: in each later run an atomic returns to its thread what it
// returned in the first (a counter hands out the same slots), so whatever a
// program builds from atomics comes out the same when there is no race. What
// an atomic leaves in memory may still differ where its result depends on the
// order: a float atomicAdd rounds differently, atomicExch and atomicCAS keep
// whichever thread came last. Such elements are named as order-dependent, not
// reported as races; and a launch that took a lock or set a flag with
// atomicCAS or atomicExch may run its critical sections in another order,
// so its differences are named as such too.
//
// What it cannot see: a race whose every order of whole thread segments gives
// the same bytes, such as many threads doing a non-atomic counter += 1 (on a
// GPU increments are lost when two threads interleave inside the +=; here no
// thread is ever interrupted between collectives).
#pragma once

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "device_memory.hpp"
#include "findings.hpp"
#include "settings.hpp"
#include "symbols.hpp"

namespace warp_emulator {

// The pages of device memory a run writes: every allocation is made
// read-only, and the first write to a page faults; the fault handler
// (fibers.hpp) hands it here, a copy of the page as it was is kept, and the
// page is made writable again. Nothing here allocates in the handler: the
// record and the copies live in pages mapped before the run.
class WriteTracker {
public:
    static WriteTracker& instance() {
        static WriteTracker* tracker = new WriteTracker;
        return *tracker;
    }

    // Forgets every page written so far.
    void reset() {
        count_ = 0;
        seenBefore_.clear();
    }

    // Makes every allocation read-only until stop(). Pages written in an
    // earlier run since reset() keep the copy made then.
    void start(const DeviceMemory& memory) {
        regions_.clear();
        size_t pages = 0;
        for (const auto& [start, allocation] : memory.all()) {
            regions_.push_back({reinterpret_cast<char*>(start), wholePages(allocation.bytes)});
            pages += regions_.back().bytes / pageBytes();
        }
        reserve(pages);
        seenBefore_.assign(pages_, pages_ + count_);
        std::sort(seenBefore_.begin(), seenBefore_.end());
        for (const MemoryRange& region : regions_) {
            mprotect(region.start, region.bytes, PROT_READ);
        }
        active_ = true;
    }

    void stop() {
        active_ = false;
        for (const MemoryRange& region : regions_) {
            mprotect(region.start, region.bytes, PROT_READ | PROT_WRITE);
        }
    }

    // From the fault handler: true when `address` is in a page this tracker
    // protects, which is then copied (the first time) and made writable.
    bool onWriteFault(const void* address) {
        if (!active_) {
            return false;
        }
        char* const at = const_cast<char*>(static_cast<const char*>(address));
        for (const MemoryRange& region : regions_) {
            if (at >= region.start && at < region.start + region.bytes) {
                char* const page = region.start + (static_cast<size_t>(at - region.start) / pageBytes()) * pageBytes();
                if (!std::binary_search(seenBefore_.begin(), seenBefore_.end(), page)) {
                    pages_[count_] = page;
                    std::memcpy(copies_ + count_ * pageBytes(), page, pageBytes());
                    ++count_;
                }
                mprotect(page, pageBytes(), PROT_READ | PROT_WRITE);
                return true;
            }
        }
        return false;
    }

    // The pages written since reset(), and each one's content before its first write.
    size_t count() const { return count_; }
    char* page(size_t i) const { return pages_[i]; }
    const char* before(size_t i) const { return copies_ + i * pageBytes(); }

private:
    std::vector<MemoryRange> regions_;
    std::vector<char*> seenBefore_;
    char** pages_ = nullptr;
    char* copies_ = nullptr;
    size_t capacity_ = 0;
    size_t count_ = 0;
    bool active_ = false;

    // Room for every page of every allocation, mapped before any fault.
    void reserve(size_t pages) {
        if (pages <= capacity_) {
            return;
        }
        char** morePages = static_cast<char**>(mmap(nullptr, pages * sizeof(char*), PROT_READ | PROT_WRITE,
                                                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0));
        char* moreCopies = static_cast<char*>(mmap(nullptr, pages * pageBytes(), PROT_READ | PROT_WRITE,
                                                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0));
        if (morePages == MAP_FAILED || moreCopies == MAP_FAILED) {
            std::fprintf(stderr, "warp emulator: cannot reserve room to copy %zu pages for the race check\n", pages);
            std::exit(kCannotRunExitCode);
        }
        if (pages_ != nullptr) {
            std::memcpy(morePages, pages_, count_ * sizeof(char*));
            std::memcpy(moreCopies, copies_, count_ * pageBytes());
            munmap(pages_, capacity_ * sizeof(char*));
            munmap(copies_, capacity_ * pageBytes());
        }
        pages_ = morePages;
        copies_ = moreCopies;
        capacity_ = pages;
    }
};

class RaceCheck {
public:
    // Runs are 0 (its memory kept), then 1, 2, ... (the check's).
    void beginRun(int run) {
        run_ = run;
        diverged_ = false;  // of this run: its message says whether it took other paths
        if (run == 0) {
            answers_.clear();
            orderDependent_.clear();
            lockSite_.clear();
        }
    }

    // An atomic, the `sequence`-th of thread `thread` (its number in the
    // grid), found `old` at `address`. Returns what the program is given: in
    // a later run, what the same atomic of the same thread got in the first.
    std::uint64_t atomic(std::uint64_t thread, long long sequence, const void* address, size_t bytes,
                         std::uint64_t old, bool valueDependsOnOrder, const char* name, const char* file, int line) {
        const Key key{thread, sequence};
        if (run_ == 0) {
            answers_[key] = old;
        } else {
            const auto first = answers_.find(key);
            if (first == answers_.end()) {
                diverged_ = true;  // this thread did not do this atomic in the first run: its path differs
            } else {
                old = first->second;
            }
        }
        if (valueDependsOnOrder) {
            orderDependent_[reinterpret_cast<std::uintptr_t>(address)] = {bytes, Site{name, file, line}};
        }
        if (lockSite_.empty() && (std::strcmp(name, "atomicCAS") == 0 || std::strcmp(name, "atomicExch") == 0)) {
            lockSite_ = std::string(name) + " at " + siteText(file, line);
        }
        return old;
    }

    // The program's global variables, compared whole.
    struct Snapshot {
        std::vector<std::pair<char*, std::vector<char>>> regions;
    };
    static Snapshot takeGlobals() {
        Snapshot snapshot;
        for (const MemoryRange& range : SymbolTable::get().globals()) {
            snapshot.regions.emplace_back(range.start, std::vector<char>(range.start, range.start + range.bytes));
        }
        return snapshot;
    }
    static void restore(const Snapshot& snapshot) {
        for (const auto& [start, bytes] : snapshot.regions) {
            std::memcpy(start, bytes.data(), bytes.size());
        }
    }

    // After a later run: compares what it left (in memory now) with what the
    // first left (`firstPages`, the pages the first run wrote, as it left them;
    // `firstGlobals`), adds a race or a note for each allocation or variable
    // that differs, and puts the first run's memory back.
    void compareAndKeepFirst(const std::map<char*, std::vector<char>>& firstPages, const Snapshot& firstGlobals,
                             const DeviceMemory& memory, const std::vector<const void*>& arguments,
                             const std::string& firstOrder, const std::string& secondOrder, LaunchReport& report) const {
        const WriteTracker& tracker = WriteTracker::instance();
        std::map<std::uintptr_t, Difference> differences;  // by allocation start
        for (size_t i = 0; i < tracker.count(); ++i) {
            char* const page = tracker.page(i);
            const auto kept = firstPages.find(page);
            const char* first = kept != firstPages.end() ? kept->second.data() : tracker.before(i);
            if (std::memcmp(page, first, pageBytes()) != 0) {
                std::uintptr_t start = 0;
                const Allocation* allocation = memory.find(page, &start);
                if (allocation != nullptr) {
                    Difference& difference = differences[start];
                    difference.what = describeAllocation(reinterpret_cast<const char*>(start), *allocation, arguments);
                    difference.element = allocation->element;
                    const size_t pageOffset = static_cast<size_t>(page - reinterpret_cast<char*>(start));
                    const size_t inAllocation = std::min(pageBytes(), allocation->bytes - std::min(allocation->bytes, pageOffset));
                    compareElements(page, first, inAllocation, pageOffset, difference);
                    difference.whole = allocation->bytes == allocation->element.bytes;
                }
            }
            std::memcpy(page, first, pageBytes());  // the first run's memory is the one kept
        }
        for (const auto& [start, before] : firstGlobals.regions) {
            for (size_t offset = 0; offset < before.size();) {
                if (start[offset] == before[offset]) {
                    ++offset;
                    continue;
                }
                const SymbolTable::Global global = SymbolTable::get().globalAt(start + offset);
                const size_t at = global.name.empty() ? offset : static_cast<size_t>(global.start - start);
                const size_t bytes = global.name.empty() ? 1 : global.bytes;
                Difference difference;
                difference.what = global.name.empty() ? "a global variable at byte " + std::to_string(offset) +
                                                            " of the program's data"
                                                      : "the global variable `" + global.name + "`";
                difference.element = bytes == 4 ? elementTypeOf<int>() : bytes == 8 ? elementTypeOf<long long>()
                                                                                     : ElementType{"byte", 1, formatByte};
                compareElements(start + at, before.data() + at, bytes, 0, difference);
                difference.whole = bytes == difference.element.bytes;
                judge(difference, firstOrder, secondOrder, report);
                std::memcpy(start + at, before.data() + at, bytes);
                offset = at + bytes;
            }
        }
        for (auto& [start, difference] : differences) {
            judge(difference, firstOrder, secondOrder, report);
        }
    }

private:
    struct Key {
        std::uint64_t thread;
        long long sequence;
        bool operator==(const Key& other) const { return thread == other.thread && sequence == other.sequence; }
    };
    struct KeyHash {
        size_t operator()(const Key& key) const {
            return std::hash<std::uint64_t>()(key.thread * 0x9E3779B97F4A7C15ull ^ static_cast<std::uint64_t>(key.sequence));
        }
    };
    struct Site {
        const char* name;
        const char* file;
        int line;
    };
    // What differs in one allocation or variable.
    struct Difference {
        std::string what;
        ElementType element;
        size_t count = 0, outsideAtomics = 0;
        size_t firstElement = 0;  // of the lowest address that differs
        std::vector<unsigned char> firstBytes, secondBytes;
        std::string atomicSite;
        bool whole = false;  // the element is the whole variable: no "at element" in the message
    };

    int run_ = 0;
    std::unordered_map<Key, std::uint64_t, KeyHash> answers_;
    std::map<std::uintptr_t, std::pair<size_t, Site>> orderDependent_;
    std::string lockSite_;
    bool diverged_ = false;

    std::string orderDependentSite(const char* address) const {
        const auto at = reinterpret_cast<std::uintptr_t>(address);
        auto after = orderDependent_.upper_bound(at);
        if (after == orderDependent_.begin()) {
            return "";
        }
        --after;
        if (at >= after->first + after->second.first) {
            return "";
        }
        const Site& site = after->second.second;
        return std::string(site.name) + " at " + siteText(site.file, site.line);
    }

    // Element by element over `bytes` of `now` against `first`; `offset` is
    // where they start in the allocation.
    void compareElements(const char* now, const char* first, size_t bytes, size_t offset, Difference& difference) const {
        const size_t size = difference.element.bytes;
        for (size_t at = 0; at + size <= bytes; at += size) {
            if (std::memcmp(now + at, first + at, size) == 0) {
                continue;
            }
            if (difference.count++ == 0 || offset + at < difference.firstElement * size) {
                difference.firstElement = (offset + at) / size;
                difference.firstBytes.assign(first + at, first + at + size);
                difference.secondBytes.assign(now + at, now + at + size);
            }
            const std::string site = orderDependentSite(now + at);
            if (site.empty()) {
                ++difference.outsideAtomics;
            } else if (difference.atomicSite.empty()) {
                difference.atomicSite = site;
            }
        }
    }

    // A race, or a note when atomics explain the difference.
    void judge(const Difference& difference, const std::string& firstOrder, const std::string& secondOrder,
               LaunchReport& report) const {
        if (difference.count == 0) {
            return;
        }
        const std::string detail =
            " holds " + difference.element.format(difference.firstBytes.data()) +
            (difference.whole ? "" : " at element " + std::to_string(difference.firstElement)) + " after the " +
            firstOrder + " and " + difference.element.format(difference.secondBytes.data()) + " after the " +
            secondOrder + (difference.count == 1 ? "" : "; " + std::to_string(difference.count) + " elements differ");
        if (difference.outsideAtomics == 0) {
            report.notes.push_back(difference.what + detail + ", written only by " + difference.atomicSite +
                                   ", whose result depends on the order threads run in: not a race");
        } else if (!lockSite_.empty()) {
            report.notes.push_back(difference.what + detail + "; the launch took a lock or set a flag with " +
                                   lockSite_ + ", so its critical sections may run in another order: not reported "
                                               "as a race");
        } else {
            report.race("kernel " + report.kernel + ": its result depends on the order its threads run in (a race): " +
                        difference.what + detail +
                        (diverged_ ? " (the two runs even took different paths)" : "") +
                        ". Some thread reads or writes memory another thread writes with nothing that orders them: "
                        "__syncwarp() orders the lanes of one warp, __syncthreads() the threads of a block, and "
                        "nothing orders two blocks");
        }
    }

    static std::string describeAllocation(const char* start, const Allocation& allocation,
                                          const std::vector<const void*>& arguments) {
        std::string text = "the " + std::string(allocation.element.name) + "[" +
                           std::to_string(allocation.bytes / allocation.element.bytes) + "] from " + allocation.origin;
        for (size_t i = 0; i < arguments.size(); ++i) {
            const auto at = reinterpret_cast<std::uintptr_t>(arguments[i]);
            const auto begin = reinterpret_cast<std::uintptr_t>(start);
            if (at >= begin && at <= begin + allocation.bytes) {
                text += " (argument " + std::to_string(i + 1) + " of the kernel points into it)";
                break;
            }
        }
        return text;
    }
};

// Runs something with the program's standard output going nowhere: the race
// check's later runs must not print a kernel's printf again.
class MutedStandardOutput {
public:
    MutedStandardOutput() {
        std::fflush(stdout);
        saved_ = dup(1);
        const int nowhere = open("/dev/null", O_WRONLY);
        if (saved_ >= 0 && nowhere >= 0) {
            dup2(nowhere, 1);
        }
        if (nowhere >= 0) {
            close(nowhere);
        }
    }
    ~MutedStandardOutput() {
        std::fflush(stdout);
        if (saved_ >= 0) {
            dup2(saved_, 1);
            close(saved_);
        }
    }
    MutedStandardOutput(const MutedStandardOutput&) = delete;
    MutedStandardOutput& operator=(const MutedStandardOutput&) = delete;

private:
    int saved_ = -1;
};

}  // namespace warp_emulator
