// device_memory.hpp: the emulator's device memory. Host memory stands in for
// it, in whole pages of its own (mmap), so that the race check can protect an
// allocation and learn which pages a launch writes (race_check.hpp); every
// allocation is recorded with its element type and call site, so that a report
// can name it.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <type_traits>

namespace warp_emulator {

inline size_t pageBytes() {
    static const size_t bytes = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    return bytes;
}

// The bytes of the pages that hold `bytes`; an empty allocation still gets a
// page, so that its address is its own.
inline size_t wholePages(size_t bytes) {
    return bytes == 0 ? pageBytes() : (bytes + pageBytes() - 1) / pageBytes() * pageBytes();
}

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
    // Whole pages of their own, zero-filled; null when the host has no room.
    void* allocate(size_t bytes, ElementType element, const std::string& origin) {
        void* memory = mmap(nullptr, wholePages(bytes), PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (memory == MAP_FAILED) {
            return nullptr;
        }
        allocations_[reinterpret_cast<std::uintptr_t>(memory)] = Allocation{bytes, element, origin};
        return memory;
    }

    // False when `start` is not an allocation's start.
    bool release(void* start) {
        const auto found = allocations_.find(reinterpret_cast<std::uintptr_t>(start));
        if (found == allocations_.end()) {
            return false;
        }
        munmap(start, wholePages(found->second.bytes));
        allocations_.erase(found);
        return true;
    }

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

    // True for an address in an allocation or just past its end (a [begin, end) range's end).
    bool holdsOrEnds(const void* address) const {
        std::uintptr_t start = 0;
        return find(address, &start) != nullptr ||
               (address != nullptr && find(static_cast<const char*>(address) - 1, &start) != nullptr);
    }

    const std::map<std::uintptr_t, Allocation>& all() const { return allocations_; }

private:
    std::map<std::uintptr_t, Allocation> allocations_;
};

}  // namespace warp_emulator
