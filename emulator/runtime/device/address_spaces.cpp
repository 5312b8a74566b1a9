// address_spaces.cpp: where an address lies, for the address space
// predicates and conversions (warp_emulator/device/address_spaces.hpp), by
// the same memories the checks know (checks/memcheck.cpp's locate()).
#include "warp_emulator/device/address_spaces.hpp"

#include "checks/memory_checks.hpp"
#include "memory/device_memory.hpp"
#include "memory/spaces.hpp"
#include "memory/symbols.hpp"
#include "scheduling/fibers.hpp"

namespace warp_emulator {

namespace {

// The shared window: the __shared__ section from 0, the dynamic shared
// memory after it, from the section's size rounded up to 16.
std::uint64_t dynamicWindowStart() {
    return (static_cast<std::uint64_t>(Spaces::get().staticShared().bytes) + 15) / 16 * 16;
}

bool inStaticShared(const char* at) { return Spaces::get().staticShared().holds(at); }

bool inDynamicShared(const char* at) {
    const char* dynamic = Spaces::get().dynamicShared();
    return dynamic != nullptr && at >= dynamic && at < dynamic + kMaxSharedBytesOptIn;
}

bool inGlobal(const char* at) {
    DeviceMemory& memory = DeviceMemory::instance();
    if (memory.inArena(at)) {
        return true;
    }
    if (memory.anyRegistered()) {
        const Allocation* registered = memory.registeredHolding(at);
        if (registered != nullptr && registered->live && registered->start <= at && at < registered->end()) {
            return true;
        }
    }
    const SymbolTable& symbols = SymbolTable::get();
    for (const MemoryRange& range : symbols.globals()) {
        if (range.holds(at)) {
            return true;
        }
    }
    for (const MemoryRange& range : symbols.readOnly()) {
        if (range.holds(at)) {
            return true;
        }
    }
    return false;
}

}  // namespace

bool inAddressSpace(AddressSpace space, const void* address) {
    const RuntimeCode runtime;
    const char* at = static_cast<const char*>(address);
    switch (space) {
        case AddressSpace::Global: return inGlobal(at);
        case AddressSpace::Shared: return inStaticShared(at) || inDynamicShared(at);
        case AddressSpace::Local:
            return (at >= localMemoryStart && at < localMemoryEnd) || Fibers::instance().inAnyStack(at);
        case AddressSpace::Constant:      // __constant__ is a global variable here (address_spaces.hpp)
        case AddressSpace::GridConstant:  // a parameter is a copy on the thread's stack
            return false;
    }
    return false;
}

std::uint64_t toAddressSpace(AddressSpace space, const void* address) {
    const RuntimeCode runtime;
    const char* at = static_cast<const char*>(address);
    const auto itself = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(address));
    switch (space) {
        case AddressSpace::Shared:
            if (inStaticShared(at)) {
                return static_cast<std::uint64_t>(at - Spaces::get().staticShared().start);
            }
            if (inDynamicShared(at)) {
                return dynamicWindowStart() + static_cast<std::uint64_t>(at - Spaces::get().dynamicShared());
            }
            return itself;
        case AddressSpace::Local:
            if (at >= localMemoryStart && at < localMemoryEnd) {
                return static_cast<std::uint64_t>(at - localMemoryStart);
            }
            return itself;
        case AddressSpace::Global:
        case AddressSpace::Constant:
        case AddressSpace::GridConstant:
            return itself;
    }
    return itself;
}

void* fromAddressSpace(AddressSpace space, std::uint64_t raw) {
    const RuntimeCode runtime;
    switch (space) {
        case AddressSpace::Shared: {
            const Spaces& spaces = Spaces::get();
            if (raw < spaces.staticShared().bytes) {
                return spaces.staticShared().start + raw;
            }
            const std::uint64_t dynamicStart = dynamicWindowStart();
            if (raw >= dynamicStart && raw - dynamicStart < kMaxSharedBytesOptIn && spaces.dynamicShared() != nullptr) {
                return spaces.dynamicShared() + (raw - dynamicStart);
            }
            break;
        }
        case AddressSpace::Local:
            if (localMemoryStart != nullptr && raw < static_cast<std::uint64_t>(localMemoryEnd - localMemoryStart)) {
                return const_cast<char*>(localMemoryStart + raw);
            }
            break;
        case AddressSpace::Global:
        case AddressSpace::Constant:
        case AddressSpace::GridConstant:
            break;
    }
    return reinterpret_cast<void*>(static_cast<std::uintptr_t>(raw));
}

}  // namespace warp_emulator
