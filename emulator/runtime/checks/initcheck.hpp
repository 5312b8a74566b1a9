// initcheck.hpp: has anything written these bytes? compute-sanitizer's
// initcheck asks it of device memory on a GPU ("Uninitialized __global__
// memory read"); here every read a kernel makes asks it of:
//   device memory from cudaMalloc (cudaMallocPitch, cudaMallocAsync): nothing
//     is defined when it is allocated; cudaMemset, cudaMemcpy (and
//     cudaMemcpy2D) into it and a kernel's writes define bytes;
//   __shared__ and dynamic shared memory: nothing is defined when a block
//     starts; the block's writes define bytes.
// Managed and pinned host memory is the host's too, and the host program's
// own writes to it are not all seen, so it is taken as defined; __device__
// variables start with their initial values.
//
// A read of undefined bytes is a finding, but not the end of the kernel: the
// reader gets what is there, the emulator's poison (every byte 0xff: NaN as a
// float, -1 as an int), so that the wrong answer shows too.
//
// A copy carries definedness, as Valgrind's memcheck carries it: C++ copies
// a struct whole, padding and all, and the compiler may do it with one load
// of 8 or 16 bytes and one store. So a read of which only some bytes are
// undefined waits: if the thread's next access (past its own stack) is a
// write of as many bytes, the two were a copy, and the undefined bytes are
// undefined at the copy's target too; anything else, and the read is a
// finding. A read that finds every byte undefined is one at once.
#pragma once

#include <cstdint>
#include <cstring>

#include "checks/memcheck.hpp"
#include "checks/whole_check.hpp"
#include "memory/spaces.hpp"
#include "scheduling/scheduler.hpp"

namespace warp_emulator {

// A thread's last write, waiting for its read: the half of a copy that GCC
// instruments first (a struct copy's store).
struct LastWrite {
    bool waiting = false;
    std::uint32_t thread = 0;
    size_t bytes = 0;
    unsigned char* defined = nullptr;
    std::uint32_t* definedInBlock = nullptr;
    // Where it wrote: with neither shadow above, the write may have landed in
    // a wholly defined allocation, whose definedness a copy's read half then
    // spells out (InitCheck::definednessToUndefine()).
    char* address = nullptr;
};

class InitCheck {
public:
    // Inline where the read's 4 bytes are all defined (the common read);
    // readChecked() otherwise.
    static void read(const Place& place, const AccessRequest& access) {
        if (place.bytes == 4 && fourDefined(place)) {
            settle();
            return;
        }
        readChecked(place, access);
    }
    // Inline where no read waits to be the other half of a copy (the common
    // write); writeAfterWaitingRead() otherwise.
    static void write(const Place& place, const AccessRequest&) { write(place); }
    static void write(const Place& place) {
        if (readWaits_) {
            writeAfterWaitingRead(place);
            return;
        }
        writeWhileNoReadWaits(place);
    }
    // write() where readWaits() is known to be false.
    static void writeWhileNoReadWaits(const Place& place) {
        // What settle() would do here is undone at once: this write is the
        // one that waits now.
        markDefined(place, Spaces::made().blockSerial());
        lastWrite_ = {true, Scheduler::made().currentGridThread(), place.bytes, place.defined, place.definedInBlock,
                      place.address};
        halfOfACopyWaits_ = true;
    }
    // The running thread switches away, or makes an access that is not the
    // copy's write: a read still waiting is a finding. Inline while no half
    // of a copy waits, as at most switches and reads.
    static void settle() {
        if (halfOfACopyWaits_) {
            halfOfACopyWaits_ = false;
            lastWrite_.waiting = false;  // a write no read followed: nothing to say
            if (readWaits_) {
                reportWaitingRead();  // out of line: only a finding takes it
            }
        }
    }
    // Whether a read of the place would find every byte defined (a place
    // without definedness counts as defined, as readChecked() takes it):
    // asked before the read, which settle() then completes.
    static bool allDefined(const Place& place) {
        if (place.bytes == 4 && (place.defined != nullptr || place.definedInBlock != nullptr)) {
            return fourDefined(place);
        }
        if (place.defined != nullptr) {
            for (size_t i = 0; i < place.bytes; ++i) {
                if (place.defined[i] != kDefined) {
                    return false;
                }
            }
        } else if (place.definedInBlock != nullptr) {
            const std::uint32_t block = Spaces::made().blockSerial();
            for (size_t i = 0; i < place.bytes; ++i) {
                if (place.definedInBlock[i] != block) {
                    return false;
                }
            }
        }
        return true;
    }
    // Whether a read waits to be the other half of a copy.
    static bool readWaits() { return readWaits_; }
    // The host API's writes to device memory: cudaMemset, cudaMemcpy.
    static void defined(Allocation& allocation, size_t offset, size_t bytes);
    static void copyDefinedness(Allocation& to, size_t toOffset, const Allocation& from, size_t fromOffset, size_t bytes);
    // A wholly defined allocation's definedness written out, every byte
    // defined, before something makes some undefined (a copy of undefined
    // bytes into it). A worker ends its attempt instead (the program's
    // process alone changes what an allocation records: block_workers.hpp).
    static void spellOut(Allocation& allocation);

private:
    static bool fourDefined(const Place& place) {
        if (place.defined != nullptr) {
            std::uint32_t four;  // a defined byte is 1
            std::memcpy(&four, place.defined, 4);
            return four == 0x01010101u;
        }
        if (place.definedInBlock != nullptr) {
            const std::uint32_t block = Spaces::made().blockSerial();
            const std::uint32_t* bytes = place.definedInBlock;
            return bytes[0] == block && bytes[1] == block && bytes[2] == block && bytes[3] == block;
        }
        return false;  // undefinedBytes() says what holds there
    }
    static void readChecked(const Place& place, const AccessRequest& access);
    static void writeAfterWaitingRead(const Place& place);
    // Where a copy writes undefined bytes at `address`, whose place has these
    // shadows: the definedness to write them in, a wholly defined
    // allocation's spelled out first; null for shared memory (its own
    // shadow) and memory taken as defined.
    static unsigned char* definednessToUndefine(unsigned char* defined, const std::uint32_t* definedInBlock,
                                                char* address);
    // The bytes written: each defined, in the block's own terms for shared
    // memory. By hand, not memset: the link wraps the program's memset
    // (string_calls.cpp).
    static void markDefined(const Place& place, std::uint32_t block) {
        if (place.defined != nullptr) {
            if (place.bytes == 4) {
                const std::uint32_t four = 0x01010101u;
                std::memcpy(place.defined, &four, 4);
                return;
            }
            for (size_t i = 0; i < place.bytes; ++i) {
                place.defined[i] = kDefined;
            }
        } else if (place.definedInBlock != nullptr) {
            if (place.bytes == 4) {  // the commonest write, unrolled
                std::uint32_t* bytes = place.definedInBlock;
                bytes[0] = bytes[1] = bytes[2] = bytes[3] = block;
                return;
            }
            for (size_t i = 0; i < place.bytes; ++i) {
                place.definedInBlock[i] = block;
            }
        }
    }
    static inline LastWrite lastWrite_;
    // A read with some bytes undefined waits for its write (initcheck.cpp's
    // WaitingRead): a mirror of whether one does.
    static inline bool readWaits_ = false;
    static void setReadWaits(bool waits) {
        readWaits_ = waits;
        needWholeCheck(kReadWaitsForItsWrite, waits);
    }
    // Whether a read waits for its write, or a write for its read
    // (initcheck.cpp keeps which): a mirror of that state, for settle().
    static inline bool halfOfACopyWaits_ = false;
    // The read that waited for its write, and got none, is a finding.
    static void reportWaitingRead();
};

inline void MemoryChecks::threadSwitches() { InitCheck::settle(); }

}  // namespace warp_emulator
