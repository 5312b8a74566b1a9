// race_check.hpp: device memory, and the check that a launch's result does
// not depend on the order its threads run in.
//
// The emulator runs a thread until it reaches a collective, so between two
// collectives the threads of a block run one after another, in the order
// WARP_EMULATOR_LANE_ORDER gives. A race (a thread reads what another writes,
// with no __syncwarp() or __syncthreads() between them) then gives the same
// answer every time, and lane order alone could hide it. So each launch runs
// twice from the same starting memory: once in the chosen order, once in the
// reverse order with the blocks reversed too, and every byte of device memory
// (every cudaMalloc'd allocation, and the program's global variables, where
// __device__ variables live) must come out the same. The first run's memory
// is kept; the second only checks.
//
// Some results may depend on order without a race: a float atomicAdd rounds
// differently in another order, and atomicExch/atomicCAS keep whichever
// thread came last. Elements written only by such atomics are named as
// order-dependent, not reported as races; and when an atomic returned
// different values to a thread under the two orders (a counter handing out
// slots, say), what was built from them may differ too, so differing bytes
// are named as such and not reported either.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "findings.hpp"
#include "symbols.hpp"

namespace warp_emulator {

// How an allocation's elements print in a report.
struct ElementType {
    const char* name = "byte";
    size_t bytes = 1;
    std::string (*format)(const unsigned char*) = nullptr;
};

template <typename T>
std::string formatElement(const unsigned char* bytes) {
    T value;
    std::memcpy(&value, bytes, sizeof value);
    char text[48];
    if constexpr (std::is_floating_point<T>::value) {
        std::snprintf(text, sizeof text, "%.9g", static_cast<double>(value));
    } else if constexpr (std::is_signed<T>::value) {
        std::snprintf(text, sizeof text, "%lld", static_cast<long long>(value));
    } else {
        std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(value));
    }
    return text;
}

inline std::string formatByte(const unsigned char* bytes) {
    char text[8];
    std::snprintf(text, sizeof text, "0x%02x", *bytes);
    return text;
}

template <typename T>
ElementType elementTypeOf() {
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_same<U, float>::value) {
        return {"float", 4, formatElement<float>};
    } else if constexpr (std::is_same<U, double>::value) {
        return {"double", 8, formatElement<double>};
    } else if constexpr (std::is_same<U, int>::value) {
        return {"int", 4, formatElement<int>};
    } else if constexpr (std::is_same<U, unsigned int>::value) {
        return {"unsigned int", 4, formatElement<unsigned int>};
    } else if constexpr (std::is_same<U, long long>::value || std::is_same<U, long>::value) {
        return {"long long", 8, formatElement<long long>};
    } else if constexpr (std::is_same<U, unsigned long long>::value || std::is_same<U, unsigned long>::value) {
        return {"unsigned long long", 8, formatElement<unsigned long long>};
    } else {
        return {"byte", 1, formatByte};
    }
}

struct Allocation {
    size_t bytes;
    ElementType element;
    std::string origin;  // "cudaMalloc at shuffles.cu:412"
};

// Every allocation the runtime API handed out, by start address.
class DeviceMemory {
public:
    void add(void* start, size_t bytes, ElementType element, const std::string& origin) {
        allocations_[reinterpret_cast<std::uintptr_t>(start)] = Allocation{bytes, element, origin};
    }
    bool remove(void* start) { return allocations_.erase(reinterpret_cast<std::uintptr_t>(start)) == 1; }

    // The allocation holding `address` and its start, or null.
    const Allocation* find(const void* address, std::uintptr_t* start) const {
        const auto at = reinterpret_cast<std::uintptr_t>(address);
        auto after = allocations_.upper_bound(at);
        if (after == allocations_.begin()) {
            return nullptr;
        }
        --after;
        if (at >= after->first + (after->second.bytes == 0 ? 1 : after->second.bytes)) {
            return nullptr;
        }
        *start = after->first;
        return &after->second;
    }

    const std::map<std::uintptr_t, Allocation>& all() const { return allocations_; }

private:
    std::map<std::uintptr_t, Allocation> allocations_;
};

class RaceCheck {
public:
    // The bytes of every region the check compares.
    struct Snapshot {
        std::vector<std::pair<char*, std::vector<char>>> regions;
    };

    Snapshot take(const DeviceMemory& memory) const {
        Snapshot snapshot;
        for (const auto& [start, allocation] : memory.all()) {
            char* bytes = reinterpret_cast<char*>(start);
            snapshot.regions.emplace_back(bytes, std::vector<char>(bytes, bytes + allocation.bytes));
        }
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

    // Which of the two runs atomics are reported to now.
    void beginRun(int run) {
        run_ = run;
        returned_[run].clear();
        if (run == 0) {
            orderDependent_.clear();
        }
    }

    // An atomic of thread `thread` (its number in the grid), the `sequence`-th
    // of that thread, returned `old`.
    void atomic(std::uint64_t thread, long long sequence, const void* address, size_t bytes, std::uint64_t old,
                bool valueDependsOnOrder, const char* name, const char* file, int line) {
        const std::string site = std::string(name) + " at " + siteText(file, line);
        std::uint64_t mixed = thread * 0x9E3779B97F4A7C15ull ^ static_cast<std::uint64_t>(sequence) * 0xBF58476D1CE4E5B9ull;
        mixed ^= old + 0x94D049BB133111EBull + (mixed << 6) + (mixed >> 2);
        returned_[run_][site] ^= mixed;  // XOR: the same set of answers in any order gives the same value
        if (valueDependsOnOrder) {
            orderDependent_[reinterpret_cast<std::uintptr_t>(address)] = {bytes, site};
        }
    }

    // Compares the memory now (after the second run) with `first` (after the
    // first) and adds a race, or a note, for each region that differs.
    // `arguments`: the kernel's pointer arguments, to say which one a region is.
    void compare(const Snapshot& first, const DeviceMemory& memory, const std::vector<const void*>& arguments,
                 const char* firstOrder, const char* secondOrder, LaunchReport& report) const {
        std::string atomicsThatDiffered;
        for (const auto& [site, hash] : returned_[0]) {
            const auto other = returned_[1].find(site);
            if (other == returned_[1].end() || other->second != hash) {
                atomicsThatDiffered += (atomicsThatDiffered.empty() ? "" : ", ") + site;
            }
        }
        for (const auto& [start, before] : first.regions) {
            if (std::memcmp(start, before.data(), before.size()) == 0) {
                continue;
            }
            std::uintptr_t allocationStart = 0;
            const Allocation* allocation = memory.find(start, &allocationStart);
            const ElementType element = allocation != nullptr ? allocation->element : ElementType{"byte", 1, formatByte};
            size_t differing = 0, firstDiffering = before.size(), outsideAtomics = 0;
            std::string atomicSite;
            for (size_t offset = 0; offset + element.bytes <= before.size(); offset += element.bytes) {
                if (std::memcmp(start + offset, before.data() + offset, element.bytes) == 0) {
                    continue;
                }
                ++differing;
                firstDiffering = std::min(firstDiffering, offset);
                const std::string site = orderDependentSite(start + offset);
                if (site.empty()) {
                    ++outsideAtomics;
                } else if (atomicSite.empty()) {
                    atomicSite = site;
                }
            }
            const std::string what = describe(start, allocation, arguments, firstDiffering);
            const std::string detail = " holds " + element.format(reinterpret_cast<const unsigned char*>(before.data()) + firstDiffering) +
                                       " at element " + std::to_string(firstDiffering / element.bytes) + " after the " +
                                       firstOrder + " order and " +
                                       element.format(reinterpret_cast<const unsigned char*>(start) + firstDiffering) +
                                       " after the " + secondOrder + " order; " + std::to_string(differing) +
                                       (differing == 1 ? " element differs" : " elements differ");
            if (outsideAtomics == 0) {
                report.notes.push_back(what + detail + ", each written by " + atomicSite +
                                       ", whose result depends on the order threads run in: not a race");
            } else if (!atomicsThatDiffered.empty()) {
                report.notes.push_back(what + detail + "; " + atomicsThatDiffered +
                                       " returned different values to the same threads under the two orders, so what "
                                       "was built from them may differ too: not reported as a race");
            } else {
                report.race("kernel " + report.kernel + ": its result depends on the order its threads run in (a race): " +
                            what + detail + ". A thread read memory another thread writes with no __syncwarp() or "
                                            "__syncthreads() between them");
            }
        }
    }

private:
    int run_ = 0;
    std::map<std::string, std::uint64_t> returned_[2];
    std::map<std::uintptr_t, std::pair<size_t, std::string>> orderDependent_;

    std::string orderDependentSite(const char* address) const {
        const auto at = reinterpret_cast<std::uintptr_t>(address);
        auto after = orderDependent_.upper_bound(at);
        if (after == orderDependent_.begin()) {
            return "";
        }
        --after;
        return at < after->first + after->second.first ? after->second.second : "";
    }

    static std::string describe(const char* start, const Allocation* allocation,
                                const std::vector<const void*>& arguments, size_t offset) {
        if (allocation == nullptr) {
            const std::string global = SymbolTable::get().globalAt(start + offset);
            return global.empty() ? "a global variable" : global;
        }
        std::string text = "the " + std::string(allocation->element.name) + "[" +
                           std::to_string(allocation->bytes / allocation->element.bytes) + "] from " + allocation->origin;
        for (size_t i = 0; i < arguments.size(); ++i) {
            const auto at = reinterpret_cast<std::uintptr_t>(arguments[i]);
            const auto begin = reinterpret_cast<std::uintptr_t>(start);
            if (at >= begin && at < begin + allocation->bytes) {
                text += " (argument " + std::to_string(i + 1) + " of the kernel points into it)";
                break;
            }
        }
        return text;
    }
};

// Runs something with the program's standard output going nowhere: the race
// check's second run must not print a kernel's printf twice.
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
