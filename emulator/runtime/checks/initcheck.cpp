// initcheck.cpp: the definedness of device and shared memory.
#include "checks/initcheck.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "scheduling/block_workers.hpp"
#include "scheduling/scheduler.hpp"
#include "reporting/source_lines.hpp"
#include "memory/device_memory.hpp"
#include "memory/spaces.hpp"

namespace warp_emulator {

namespace {

// How many of the place's bytes are undefined: 0 when all are defined.
size_t undefinedBytes(const Place& place) {
    size_t undefined = 0;
    if (place.defined != nullptr) {
        if (place.bytes == 4) {  // the common access: one comparison (a defined byte is 1)
            std::uint32_t four;
            std::memcpy(&four, place.defined, 4);
            if (four == 0x01010101u) {
                return 0;
            }
        }
        for (size_t i = 0; i < place.bytes; ++i) {
            undefined += place.defined[i] != kDefined;
        }
    } else if (place.definedInBlock != nullptr) {
        const std::uint32_t block = Spaces::get().blockSerial();
        for (size_t i = 0; i < place.bytes; ++i) {
            undefined += place.definedInBlock[i] != block;
        }
    }
    return undefined;
}

// Whether a copy of bytes nothing had written made some of the place's
// bytes undefined, rather than no write at all.
bool copiedUndefined(const Place& place) {
    if (place.defined != nullptr) {
        for (size_t i = 0; i < place.bytes; ++i) {
            if (place.defined[i] == kCopiedUndefined) {
                return true;
            }
        }
    }
    return false;
}

bool definedAt(const Place& place, size_t i) {
    return place.defined != nullptr         ? place.defined[i] == kDefined
           : place.definedInBlock != nullptr ? place.definedInBlock[i] == Spaces::get().blockSerial()
                                             : true;
}

// One half of what may be a copy: a read with some bytes undefined, waiting
// for its write (clang instruments a copy's load first). The other half, the
// thread's last write waiting for its read, is initcheck.hpp's LastWrite.
struct WaitingRead {
    bool waiting = false;
    std::uint32_t thread = 0;
    size_t bytes = 0;
    std::vector<bool> defined;  // by byte
    std::string key, text;
};
WaitingRead& waitingRead() {
    static WaitingRead* read = new WaitingRead;
    return *read;
}

}  // namespace

void InitCheck::reportWaitingRead() {
    WaitingRead& waiting = waitingRead();
    waiting.waiting = false;
    setReadWaits(false);
    Scheduler::instance().report.uninitialisedRead(waiting.key, waiting.text);
}

void InitCheck::readChecked(const Place& place, const AccessRequest& access) {
    // Settling changes no definedness, so the bytes are counted first.
    const size_t undefined = undefinedBytes(place);
    if (undefined == 0) {
        settle();
        return;  // the common case
    }
    const LastWrite written = lastWrite_;
    settle();
    Scheduler& scheduler = Scheduler::instance();
    const std::uint32_t thread = scheduler.currentGridThread();
    if (undefined != place.bytes && written.waiting && written.thread == thread && written.bytes == place.bytes) {
        // The read half of a copy whose write came first: the target's bytes
        // are as defined as these.
        unsigned char* const target = definednessToUndefine(written.defined, written.definedInBlock, written.address);
        for (size_t i = 0; i < place.bytes; ++i) {
            if (!definedAt(place, i)) {
                if (target != nullptr) {
                    target[i] = kCopiedUndefined;
                } else if (written.definedInBlock != nullptr) {
                    written.definedInBlock[i] = 0;
                }
            }
        }
        return;
    }
    const std::string since =
        place.space != Space::Global ? "which no thread of this block has written yet (shared memory starts undefined "
                                       "in every block)"
        : copiedUndefined(place) ? "which a copy wrote from bytes nothing had written (what was never set where the "
                                   "copy read it, a struct's member or a buffer's bytes, stays undefined where it lands)"
        : place.allocation->heapBlock ? "which nothing has written since the kernel's malloc or new gave it (memory "
                                        "from the device heap starts undefined, as cudaMalloc's does)"
                                      : "which nothing has written since it was allocated (no cudaMemcpy, cudaMemset "
                                        "or kernel wrote it)";
    const std::string part = undefined == place.bytes ? "" : " (" + std::to_string(undefined) + " of its bytes)";
    const std::string key = lineOf(access.site) + "|" + place.objectName();
    const std::string text = scheduler.describeRunningThread() + ": " + MemCheck::accessText(access) + " of " +
                             place.describe() + part + ", " + since;
    if (undefined == place.bytes) {
        scheduler.report.uninitialisedRead(key, text);
        return;
    }
    WaitingRead& waiting = waitingRead();
    waiting.waiting = true;
    setReadWaits(true);
    halfOfACopyWaits_ = true;
    waiting.thread = thread;
    waiting.bytes = place.bytes;
    waiting.defined.resize(place.bytes);
    for (size_t i = 0; i < place.bytes; ++i) {
        waiting.defined[i] = definedAt(place, i);
    }
    waiting.key = key;
    waiting.text = text;
}

void InitCheck::writeAfterWaitingRead(const Place& place) {
    WaitingRead& waiting = waitingRead();
    const std::uint32_t thread = Scheduler::instance().currentGridThread();
    const bool copy = waiting.waiting && waiting.thread == thread && waiting.bytes == place.bytes;
    if (copy) {
        waiting.waiting = false;  // the write half of a copy whose read came first
        setReadWaits(false);
    } else {
        settle();
    }
    const std::uint32_t block = Spaces::get().blockSerial();
    if (!copy) {
        markDefined(place, block);
        lastWrite_ = {true, thread, place.bytes, place.defined, place.definedInBlock, place.address};
        halfOfACopyWaits_ = true;
        return;
    }
    unsigned char* const target = definednessToUndefine(place.defined, place.definedInBlock, place.address);
    for (size_t i = 0; i < place.bytes; ++i) {
        if (target != nullptr) {
            target[i] = waiting.defined[i] ? kDefined : kCopiedUndefined;
        } else if (place.definedInBlock != nullptr) {
            place.definedInBlock[i] = waiting.defined[i] ? block : 0;
        }
    }
}

unsigned char* InitCheck::definednessToUndefine(unsigned char* defined, const std::uint32_t* definedInBlock,
                                                char* address) {
    if (defined != nullptr || definedInBlock != nullptr || !inDeviceArena(address)) {
        return defined;
    }
    Allocation* allocation = DeviceMemory::instance().holding(address);
    if (allocation == nullptr || !allocation->wholeDefined) {
        return nullptr;
    }
    spellOut(*allocation);
    return allocation->definedAt(static_cast<size_t>(address - allocation->start));
}

void InitCheck::spellOut(Allocation& allocation) {
    if (!allocation.wholeDefined) {
        return;
    }
    if (BlockWorkers::inWorker()) {
        BlockWorkers::giveUp();
    }
    prepareToWrite(allocation.defined, allocation.bytes);
    std::memset(allocation.defined, kDefined, allocation.bytes);
    allocation.wholeDefined = false;
}

void InitCheck::defined(Allocation& allocation, size_t offset, size_t bytes) {
    if (allocation.defined == nullptr || allocation.wholeDefined) {
        return;
    }
    if (offset == 0 && bytes >= allocation.bytes) {
        allocation.wholeDefined = true;  // what its map holds no longer counts
        return;
    }
    prepareToWrite(allocation.defined + offset, bytes);
    std::memset(allocation.defined + offset, kDefined, bytes);
}

void InitCheck::copyDefinedness(Allocation& to, size_t toOffset, const Allocation& from, size_t fromOffset,
                                size_t bytes) {
    if (from.definedAt(fromOffset) == nullptr) {
        defined(to, toOffset, bytes);  // every byte of the source is defined
        return;
    }
    if (to.defined == nullptr) {
        return;
    }
    spellOut(to);
    unsigned char* const target = to.defined + toOffset;
    prepareToWrite(target, bytes);
    std::memmove(target, from.defined + fromOffset, bytes);
    // As a kernel's copy leaves them: undefined where they land, and said
    // to be a copy's (the copy was written; its source was not).
    for (size_t i = 0; i < bytes; ++i) {
        target[i] = target[i] == kDefined ? kDefined : kCopiedUndefined;
    }
}

}  // namespace warp_emulator
