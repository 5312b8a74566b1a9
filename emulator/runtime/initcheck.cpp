// initcheck.cpp: the definedness of device and shared memory.
#include "initcheck.hpp"

#include <cstring>

#include "scheduler.hpp"
#include "source_lines.hpp"
#include "spaces.hpp"

namespace warp_emulator {

namespace {

// How many of the place's bytes are undefined: 0 when all are defined.
size_t undefinedBytes(const Place& place) {
    size_t undefined = 0;
    if (place.defined != nullptr) {
        for (size_t i = 0; i < place.bytes; ++i) {
            undefined += place.defined[i] == 0;
        }
    } else if (place.definedInBlock != nullptr) {
        const std::uint32_t block = Spaces::get().blockSerial();
        for (size_t i = 0; i < place.bytes; ++i) {
            undefined += place.definedInBlock[i] != block;
        }
    }
    return undefined;
}

}  // namespace

void InitCheck::read(const Place& place, const AccessRequest& access) {
    const size_t undefined = undefinedBytes(place);
    if (undefined == 0) {
        return;
    }
    Scheduler& scheduler = Scheduler::instance();
    const std::string since = place.space == Space::Global
                                  ? "which nothing has written since it was allocated (no cudaMemcpy, cudaMemset or "
                                    "kernel wrote it)"
                                  : "which no thread of this block has written yet (shared memory starts undefined "
                                    "in every block)";
    const std::string part = undefined == place.bytes ? "" : " (" + std::to_string(undefined) + " of its bytes)";
    const std::string key = lineOf(access.site) + "|" + place.objectName();
    scheduler.report.uninitialisedRead(key, scheduler.describeRunningThread() + ": " + MemCheck::accessText(access) +
                                                " of " + place.describe() + part + ", " + since);
}

void InitCheck::write(const Place& place) {
    if (place.defined != nullptr) {
        std::memset(place.defined, 1, place.bytes);
    } else if (place.definedInBlock != nullptr) {
        const std::uint32_t block = Spaces::get().blockSerial();
        for (size_t i = 0; i < place.bytes; ++i) {
            place.definedInBlock[i] = block;
        }
    }
}

void InitCheck::defined(Allocation& allocation, size_t offset, size_t bytes) {
    if (allocation.defined != nullptr) {
        std::memset(allocation.defined + offset, 1, bytes);
    }
}

void InitCheck::copyDefinedness(Allocation& to, size_t toOffset, const Allocation& from, size_t fromOffset,
                                size_t bytes) {
    if (to.defined == nullptr) {
        return;
    }
    if (from.defined == nullptr) {
        std::memset(to.defined + toOffset, 1, bytes);
    } else {
        std::memmove(to.defined + toOffset, from.defined + fromOffset, bytes);
    }
}

}  // namespace warp_emulator
