// spaces.cpp: shared memory, __device__ variables, and their shadows.
#include "memory/spaces.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <new>

namespace warp_emulator {

Spaces::Spaces() {
    const SymbolTable& symbols = SymbolTable::get();
    staticShared_ = symbols.sharedSection();
    dynamicShared_ = static_cast<char*>(::operator new(kMaxSharedBytesOptIn, std::align_val_t(128)));
    staticDefined_.assign(staticShared_.bytes, 0);
    staticGranules_.assign((staticShared_.bytes + kGranuleBytes - 1) / kGranuleBytes + 1, Granule{});
    dynamicDefined_.assign(kMaxSharedBytesOptIn, 0);
    dynamicGranules_.assign(kMaxSharedBytesOptIn / kGranuleBytes + 1, Granule{});
    for (const MemoryRange& range : symbols.globals()) {
        const size_t granules = range.bytes / kGranuleBytes + 2;
        void* owners = mmap(nullptr, granules * sizeof(BlockOwner), PROT_READ | PROT_WRITE,
                            MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        variables_.push_back({range, std::vector<Granule>(granules),
                              owners == MAP_FAILED ? nullptr : static_cast<BlockOwner*>(owners)});
    }
}

void Spaces::beginBlock(size_t dynamicBytes) {
    ++blockSerial_;
    // Each variable on its own: between them may lie thread_local memory
    // that is not __shared__ (symbols.cpp).
    for (const NamedObject& variable : SymbolTable::get().sharedVariables()) {
        std::memset(variable.start, 0xff, variable.bytes);
    }
    std::memset(dynamicShared_, 0xff, std::max(dynamicBytes, dynamicBytes_));
    dynamicBytes_ = dynamicBytes;
    std::fill(staticGranules_.begin(), staticGranules_.begin() + static_cast<std::ptrdiff_t>(staticTouchedEnd_), Granule{});
    std::fill(dynamicGranules_.begin(), dynamicGranules_.begin() + static_cast<std::ptrdiff_t>(dynamicTouchedEnd_), Granule{});
    staticTouchedEnd_ = 0;
    dynamicTouchedEnd_ = 0;
}

void Spaces::saveBlock(SharedImage* image) const {
    image->bytes.clear();
    image->defined.clear();
    auto keep = [&](const char* start, size_t bytes, const std::uint32_t* defined) {
        image->bytes.insert(image->bytes.end(), start, start + bytes);
        for (size_t i = 0; i < bytes; ++i) {
            image->defined.push_back(defined[i] == blockSerial_ ? 1 : 0);
        }
    };
    for (const NamedObject& variable : SymbolTable::get().sharedVariables()) {
        keep(variable.start, variable.bytes, &staticDefined_[static_cast<size_t>(variable.start - staticShared_.start)]);
    }
    keep(dynamicShared_, dynamicBytes_, dynamicDefined_.data());
}

void Spaces::restoreBlock(const SharedImage& image) {
    ++blockSerial_;
    size_t at = 0;
    auto bring = [&](char* start, size_t bytes, std::uint32_t* defined) {
        std::memcpy(start, image.bytes.data() + at, bytes);
        for (size_t i = 0; i < bytes; ++i) {
            defined[i] = image.defined[at + i] != 0 ? blockSerial_ : 0;
        }
        at += bytes;
    };
    for (const NamedObject& variable : SymbolTable::get().sharedVariables()) {
        bring(variable.start, variable.bytes, &staticDefined_[static_cast<size_t>(variable.start - staticShared_.start)]);
    }
    bring(dynamicShared_, dynamicBytes_, dynamicDefined_.data());
    std::fill(staticGranules_.begin(), staticGranules_.begin() + static_cast<std::ptrdiff_t>(staticTouchedEnd_), Granule{});
    std::fill(dynamicGranules_.begin(), dynamicGranules_.begin() + static_cast<std::ptrdiff_t>(dynamicTouchedEnd_), Granule{});
    staticTouchedEnd_ = 0;
    dynamicTouchedEnd_ = 0;
}

void Spaces::forgetOwners() {
    for (VariableShadow& variable : variables_) {
        if (variable.owners != nullptr) {
            std::memset(variable.owners, 0, variable.granules.size() * sizeof(BlockOwner));
        }
    }
}

void Spaces::beginLaunch() {
    if (variablesTouched_) {
        for (VariableShadow& shadow : variables_) {
            std::fill(shadow.granules.begin(), shadow.granules.end(), Granule{});
        }
    }
    variablesTouched_ = false;
}

Granule* Spaces::variableGranule(const char* address, std::uintptr_t* granuleAddress, BlockOwner** owner) {
    for (VariableShadow& shadow : variables_) {
        if (shadow.range.holds(address)) {
            // Counted from the range's start rounded down to a granule.
            const auto base = reinterpret_cast<std::uintptr_t>(shadow.range.start) / kGranuleBytes * kGranuleBytes;
            const size_t index = (reinterpret_cast<std::uintptr_t>(address) - base) / kGranuleBytes;
            *granuleAddress = base + index * kGranuleBytes;
            *owner = shadow.owners != nullptr ? shadow.owners + index : nullptr;
            variablesTouched_ = true;
            return &shadow.granules[index];
        }
    }
    return nullptr;
}

}  // namespace warp_emulator
