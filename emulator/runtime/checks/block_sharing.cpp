// block_sharing.cpp: which block touched each granule of global memory, for
// a launch on several workers (block_sharing.hpp).
#include "checks/block_sharing.hpp"

#include <cstring>

#include "checks/memcheck.hpp"
#include "memory/device_memory.hpp"

namespace warp_emulator {

namespace {

// A BlockOwner: the attempt's number modulo 32 (bits 27-31), the block plus
// one (bits 1-26, so fewer than kMostBlocks blocks; all ones: read by several
// blocks, written by none), and whether it wrote (bit 0).
constexpr int kAttemptShift = 27;
constexpr BlockOwner kBlockMask = (BlockOwner{1} << kAttemptShift) - 2;
constexpr BlockOwner kReadByMany = kBlockMask;
constexpr BlockOwner kWrote = 1;

BlockOwner load(const BlockOwner* owner) { return __atomic_load_n(owner, __ATOMIC_ACQUIRE); }
bool exchange(BlockOwner* owner, BlockOwner& expected, BlockOwner desired) {
    return __atomic_compare_exchange_n(owner, &expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

}  // namespace

bool BlockSharing::active_ = false;
BlockOwner BlockSharing::attempt_ = 0;
BlockOwner BlockSharing::block_ = 0;
UndoLog* BlockSharing::undo_ = nullptr;
void (*BlockSharing::onConflict_)() = nullptr;
std::vector<std::uintptr_t> BlockSharing::privateWrites_;

void BlockSharing::beginWorker(std::uint64_t attempt, UndoLog* undo, void (*onConflict)()) {
    active_ = true;
    static_assert((BlockOwner{kMostBlocks} << 1) < kReadByMany && 32 == kAttemptsApart,
                  "a block's number and the attempt's fit their fields");
    attempt_ = static_cast<BlockOwner>(attempt % kAttemptsApart) << kAttemptShift;
    undo_ = undo;
    onConflict_ = onConflict;
    privateWrites_.clear();
}

void BlockSharing::beginBlock(std::uint32_t block) { block_ = (block + 1) << 1; }

void BlockSharing::saveOriginal(const Place& place, std::uintptr_t granule) {
    if (!inDeviceArena(reinterpret_cast<const void*>(granule))) {
        privateWrites_.push_back(granule);  // the program's own memory: its final bytes are sent at the end
        return;
    }
    if (undo_->count == undo_->capacity) {
        onConflict_();  // no room to undo more: the launch runs again on one worker
    }
    UndoEntry& entry = undo_->entries[undo_->count];
    std::memcpy(&entry.bytes, reinterpret_cast<const void*>(granule), sizeof entry.bytes);
    entry.addressAndFlag = granule;
    // A wholly defined allocation stays so in a worker (InitCheck::spellOut()
    // ends the attempt instead): nothing to undo.
    if (place.space == Space::Global && place.allocation->definedAt(0) != nullptr) {
        const size_t offset = granule - reinterpret_cast<std::uintptr_t>(place.allocation->start);
        std::memcpy(&entry.defined, place.allocation->defined + offset, sizeof entry.defined);
        entry.addressAndFlag |= UndoEntry::kHasDefined;
    }
    __atomic_store_n(&undo_->count, undo_->count + 1, __ATOMIC_RELEASE);
}

void BlockSharing::touch(const Place& place, const void* address, size_t bytes, bool isWrite) {
    const auto start = reinterpret_cast<std::uintptr_t>(address);
    BlockOwner* owner = place.owners;
    for (std::uintptr_t granule = place.granuleAddress; granule < start + bytes; granule += kGranuleBytes, ++owner) {
        const BlockOwner mine = attempt_ | block_;
        BlockOwner seen = load(owner);
        for (;;) {
            const bool thisAttempt = (seen & ~((BlockOwner{1} << kAttemptShift) - 1)) == attempt_;
            const BlockOwner who = thisAttempt ? seen & kBlockMask : 0;
            const bool wrote = thisAttempt && (seen & kWrote) != 0;
            // A write claims the granule before it saves it, so that no other
            // block saves what this one is about to write.
            if (who == 0) {  // untouched in this attempt
                if (!exchange(owner, seen, mine | (isWrite ? kWrote : 0))) {
                    continue;  // another block came first: look again
                }
                if (isWrite) {
                    saveOriginal(place, granule);
                }
                break;
            }
            if (who == block_) {
                if (!isWrite || wrote) {
                    break;
                }
                if (!exchange(owner, seen, seen | kWrote)) {
                    continue;
                }
                saveOriginal(place, granule);
                break;
            }
            if (who == kReadByMany && !isWrite) {
                break;
            }
            if (!isWrite && !wrote) {  // a second block that reads what one other read
                if (exchange(owner, seen, attempt_ | kReadByMany)) {
                    break;
                }
                continue;
            }
            // This block and another touch the same bytes, one of them writing.
            // Bytes nobody wrote yet are claimed and saved before the attempt
            // ends, so that its undo log restores them whatever the other
            // workers still do before they stop.
            if (isWrite && !wrote) {
                if (!exchange(owner, seen, seen | kWrote)) {
                    continue;
                }
                saveOriginal(place, granule);
            }
            onConflict_();  // does not return
        }
    }
}

void BlockSharing::undo(const UndoLog& log) {
    DeviceMemory& memory = DeviceMemory::instance();
    for (std::uint64_t i = log.count; i-- > 0;) {
        const UndoEntry& entry = log.entries[i];
        void* at = reinterpret_cast<void*>(entry.addressAndFlag & ~UndoEntry::kHasDefined);
        std::memcpy(at, &entry.bytes, sizeof entry.bytes);
        if ((entry.addressAndFlag & UndoEntry::kHasDefined) != 0) {
            Allocation* allocation = memory.holding(at);
            if (allocation != nullptr && allocation->defined != nullptr) {
                std::memcpy(allocation->defined + (static_cast<char*>(at) - allocation->start), &entry.defined,
                            sizeof entry.defined);
            }
        }
    }
}

}  // namespace warp_emulator
