// memcheck.cpp: where an access lands, and what an invalid one is called.
#include "checks/memcheck.hpp"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "scheduling/fibers.hpp"
#include "scheduling/scheduler.hpp"
#include "reporting/source_lines.hpp"
#include "memory/spaces.hpp"
#include "reporting/text.hpp"

namespace warp_emulator {

namespace {

// How far past the end of registered host memory an access still counts as
// one past its end, rather than as one into host memory elsewhere.
constexpr size_t kRegisteredSlack = 64u << 10;

// The first bytes of a program's address space are never mapped: an address
// there came from a null pointer.
constexpr std::uintptr_t kNullPageBytes = 1u << 16;

std::string byteRange(size_t from, size_t bytes) {
    return bytes == 1 ? "byte " + std::to_string(from)
                      : "bytes " + std::to_string(from) + "-" + std::to_string(from + bytes - 1);
}

// "element 7" where the allocation's elements are known and the access
// starts at one, else "bytes 28-31".
std::string positionIn(const Allocation& allocation, size_t offset, size_t bytes) {
    const size_t size = allocation.element.bytes;
    if (allocation.element.name != nullptr && size != 0 && offset % size == 0 && bytes <= size) {
        return "element " + std::to_string(offset / size);
    }
    return byteRange(offset, bytes);
}

// What the host's memory map says of an address no device memory holds.
std::string hostMemoryAt(const void* address) {
    std::ifstream maps("/proc/self/maps");
    std::string line;
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    while (std::getline(maps, line)) {
        unsigned long long from = 0, to = 0;
        if (std::sscanf(line.c_str(), "%llx-%llx", &from, &to) != 2 || at < from || at >= to) {
            continue;
        }
        if (line.find("[heap]") != std::string::npos) {
            return "the host's heap (memory from malloc or new)";
        }
        if (line.find("[stack]") != std::string::npos) {
            return "the host's stack (a local variable of the host program)";
        }
        return "host memory (from malloc, new, or a host array or variable)";
    }
    return "an address where no memory lies";
}

std::string kindWord(const AccessRequest& access) {
    switch (access.kind) {
        case AccessKind::Atomic: return "atomic";
        case AccessKind::TextureFetch: return "texture fetch";
        case AccessKind::SurfaceRead: return "surface read";
        case AccessKind::SurfaceWrite: return "surface write";
        default: break;
    }
    return std::string(access.kind == AccessKind::Volatile ? "volatile " : "") + (access.isWrite ? "write" : "read");
}

// The pointer argument of the kernel that `address` is close above, if any:
// a host pointer passed to a kernel is the usual way host memory gets there.
std::string argumentPointingNear(const void* address) {
    const std::vector<const void*>& arguments = Scheduler::instance().pointerArguments;
    const char* at = static_cast<const char*>(address);
    for (size_t i = 0; i < arguments.size(); ++i) {
        const char* argument = static_cast<const char*>(arguments[i]);
        if (argument != nullptr && at >= argument && at - argument < (64 << 20)) {
            return " (argument " + std::to_string(i + 1) + " of the kernel points there)";
        }
    }
    return "";
}

[[noreturn]] void invalid(const AccessRequest& access, const std::string& what, cudaError_t error) {
    Scheduler& scheduler = Scheduler::instance();
    const std::string text = scheduler.describeRunningThread() + ": invalid " + MemCheck::accessText(access) + ", " +
                             what + ".";
    scheduler.report.invalidAccess(text);
    scheduler.stopKernel(error, std::string("the kernel stopped at that access, as a GPU's does: the runtime API "
                                            "answers ") +
                                    cudaGetErrorName(error) + " from now on (until cudaDeviceReset())");
}

// "to the 4 bytes just past the end of X", "to 12 bytes past the end of X",
// and the same "before the start of X": `distance` is the gap between the
// access and X, `place` the words for the side it lies on.
std::string outside(size_t distance, size_t bytes, const char* place, const std::string& name) {
    return distance == 0 ? "to the " + std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes") + " just " +
                               place + " " + name
                         : "to " + std::to_string(distance) + " bytes " + place + " " + name;
}

std::string pastTheEnd(size_t distance, size_t bytes, const std::string& name) {
    return outside(distance, bytes, "past the end of", name);
}

// " (element 32)", " (element -1)": the element an access outside an
// allocation would be, counted from its start, where its elements are known.
std::string elementOutside(const Allocation& allocation, long long offset) {
    const auto size = static_cast<long long>(allocation.element.bytes);
    if (allocation.element.name == nullptr || size == 0 || offset % size != 0) {
        return "";
    }
    return " (element " + std::to_string(offset / size) + ")";
}

// Past an allocation, before one, or between two: the nearest one names the place.
std::string outsideAllocations(const AccessRequest& access) {
    const DeviceMemory& memory = DeviceMemory::instance();
    const char* at = static_cast<const char*>(access.address);
    const Allocation* before = memory.before(access.address);
    const Allocation* after = memory.after(access.address);
    const size_t pastBefore = before != nullptr ? static_cast<size_t>(at - before->end()) : SIZE_MAX;
    const size_t shortOfAfter = after != nullptr ? static_cast<size_t>(after->start - (at + access.bytes)) : SIZE_MAX;
    if (before != nullptr && pastBefore <= shortOfAfter) {
        const std::string freed = before->live ? "" : " (freed by " + before->freedBy + ")";
        return pastTheEnd(pastBefore, access.bytes, before->describe() + freed) +
               elementOutside(*before, static_cast<long long>(before->bytes + pastBefore));
    }
    if (after != nullptr) {
        // The element counts from where the access starts: b[-1] of a float
        // array is the 4 bytes just before it, element -1.
        return outside(shortOfAfter, access.bytes, "before the start of", after->describe()) +
               elementOutside(*after, -static_cast<long long>(after->start - at));
    }
    return "in device memory where no allocation lies";
}

// "reduceRowsShared(float const*, int, float*, float*)::sumTile" -> "`sumTile` of reduceRowsShared"
std::string sharedVariableName(const NamedObject& object) {
    const size_t separator = object.name.rfind("::");
    if (separator == std::string::npos) {
        return "`" + object.name + "`";
    }
    const std::string owner = object.name.substr(0, separator);
    return "`" + object.name.substr(separator + 2) + "` of " + owner.substr(0, owner.find('('));
}

}  // namespace

std::string MemCheck::accessText(const AccessRequest& access) {
    return kindWord(access) + " of " + std::to_string(access.bytes) + (access.bytes == 1 ? " byte" : " bytes") +
           " at " + lineOf(access.site);
}

std::string Place::objectName() const {
    switch (space) {
        case Space::Global: return allocation->describe();
        case Space::Shared: return "the __shared__ variable " + sharedVariableName(*object);
        case Space::DynamicShared: return "the dynamic shared memory (extern __shared__)";
        case Space::DeviceVariable:
            return object != nullptr ? "the __device__ variable `" + object->name + "`" : "a __device__ variable";
        default: return "local memory";
    }
}

std::string Place::describe() const {
    switch (space) {
        case Space::Global:
            return positionIn(*allocation, static_cast<size_t>(address - allocation->start), bytes) + " of " +
                   objectName();
        case Space::Shared:
            return byteRange(static_cast<size_t>(address - object->start), bytes) + " of " + objectName();
        case Space::DynamicShared:
            return byteRange(static_cast<size_t>(address - Spaces::get().dynamicShared()), bytes) + " of " + objectName();
        case Space::DeviceVariable:
            return object != nullptr && object->bytes > bytes
                       ? byteRange(static_cast<size_t>(address - object->start), bytes) + " of " + objectName()
                       : objectName();
        default: return objectName();
    }
}

std::string Place::position() const {
    if (space == Space::Global) {
        return positionIn(*allocation, static_cast<size_t>(address - allocation->start), bytes) + " of " +
               allocation->name();
    }
    return describe();
}

std::string Place::allocatedAt() const {
    return space == Space::Global ? allocation->name() + " was allocated by " + allocation->origin : "";
}

Place MemCheck::locate(const AccessRequest& access) {
    Place place;
    place.address = static_cast<char*>(access.address);
    place.bytes = access.bytes;
    char* const at = place.address;
    const std::uintptr_t number = reinterpret_cast<std::uintptr_t>(at);

    if (at >= localMemoryStart && at + access.bytes <= localMemoryEnd) {
        return place;  // its own local memory
    }
    // The Programming Guide, "Device Memory Accesses": a load or store is one
    // instruction "if and only if the size of the data type is 1, 2, 4, 8,
    // or 16 bytes and the data is naturally aligned (i.e., its address is a
    // multiple of that size)"; the compiler makes it one for a pointer whose
    // type promises that, and the GPU stops a kernel whose address breaks it.
    if ((access.kind == AccessKind::Atomic || access.naturallyAligned) && number % access.bytes != 0) {
        char text[48];
        std::snprintf(text, sizeof text, "%p", static_cast<void*>(at));
        invalid(access, "to " + std::string(text) + ", an address that is not a multiple of " + std::to_string(access.bytes) +
                            (access.kind == AccessKind::Atomic
                                 ? ": an atomic needs an aligned one"
                                 : ": a load or store of " + std::to_string(access.bytes) +
                                       " bytes needs an address its size divides (the pointer's type promised one)"),
                cudaErrorMisalignedAddress);
    }

    Spaces& spaces = Spaces::get();
    const MemoryRange shared = spaces.staticShared();
    // Just past the section is still __shared__ memory to the learner: an
    // index past the last variable.
    if (shared.bytes != 0 && at >= shared.start && at < shared.start + shared.bytes + MemCheck::kSharedSlack) {
        const NamedObject* variable = SymbolTable::get().sharedVariableAt(at);
        if (variable == nullptr || at + access.bytes > variable->start + variable->bytes) {
            if (SymbolTable::get().isCompilerGuard(at)) {
                return place;  // the compiler's byte, not the kernel's (symbols.hpp)
            }
            const NamedObject* before = variable != nullptr ? variable : SymbolTable::get().sharedVariableBefore(at);
            if (before == nullptr) {
                invalid(access, "to __shared__ memory that no variable holds", cudaErrorIllegalAddress);
            }
            const char* end = before->start + before->bytes;
            const std::string name = "the __shared__ variable " + sharedVariableName(*before) + ", which holds " +
                                     std::to_string(before->bytes) + " bytes";
            invalid(access, at >= end ? pastTheEnd(static_cast<size_t>(at - end), access.bytes, name)
                                      : "to " + byteRange(static_cast<size_t>(at - before->start), access.bytes) + " of " +
                                            name + ": " + std::to_string(at + access.bytes - end) + " of them past its end",
                    cudaErrorIllegalAddress);
        }
        place.inSharedVariable(variable, at);
        return place;
    }
    const char* dynamic = spaces.dynamicShared();
    if (at >= dynamic && at < dynamic + kMaxSharedBytesOptIn) {
        const size_t given = Scheduler::instance().dynamicSharedBytes;
        if (at + access.bytes > dynamic + given) {
            invalid(access, "to " + byteRange(static_cast<size_t>(at - dynamic), access.bytes) +
                                " of the dynamic shared memory (extern __shared__), of which the launch gave " +
                                std::to_string(given) + " bytes (its <<<>>>'s third argument)",
                    cudaErrorIllegalAddress);
        }
        place.space = Space::DynamicShared;
        place.definedInBlock = spaces.sharedDefined(at);
        place.granules = spaces.sharedGranule(at, &place.granuleAddress);
        return place;
    }

    DeviceMemory& memory = DeviceMemory::instance();
    if (memory.inArena(at)) {
        Allocation* allocation = memory.holding(at);
        if (allocation == nullptr) {
            invalid(access, outsideAllocations(access), cudaErrorIllegalAddress);
        }
        const size_t offset = static_cast<size_t>(at - allocation->start);
        if (!allocation->live) {
            invalid(access, "to " + positionIn(*allocation, offset, access.bytes) + " of " + allocation->describe() +
                                ", freed by " + allocation->freedBy,
                    cudaErrorIllegalAddress);
        }
        if (at + access.bytes > allocation->end()) {
            invalid(access, "to " + byteRange(offset, access.bytes) + " of " + allocation->describe() + ", which holds " +
                                std::to_string(allocation->bytes) + " bytes: " +
                                std::to_string(at + access.bytes - allocation->end()) + " of them past its end",
                    cudaErrorIllegalAddress);
        }
        place.space = Space::Global;
        place.allocation = allocation;
        allocation->touchedThisLaunch = true;
        place.defined = allocation->definedAt(offset);
        place.granules = allocation->granules + offset / kGranuleBytes;
        place.owners = allocation->owners + offset / kGranuleBytes;
        place.granuleAddress = reinterpret_cast<std::uintptr_t>(allocation->start) + offset / kGranuleBytes * kGranuleBytes;
        return place;
    }

    // Host memory the program registered (cudaHostRegister): a kernel may
    // touch it, within its bytes, while it stays registered.
    if (memory.anyRegistered()) {
        if (Allocation* registered = memory.registeredHolding(at)) {
            const size_t offset = static_cast<size_t>(at - registered->start);
            if (!registered->live) {
                invalid(access, "to " + byteRange(offset, access.bytes) + " of " + registered->describe() +
                                    ", which " + registered->freedBy +
                                    " unregistered: a kernel may touch host memory only while it is registered",
                        cudaErrorIllegalAddress);
            }
            if (access.isWrite && (registered->hostFlags & cudaHostRegisterReadOnly) != 0) {
                invalid(access, "to " + byteRange(offset, access.bytes) + " of " + registered->describe() +
                                    ", registered read-only (cudaHostRegisterReadOnly)",
                        cudaErrorIllegalAddress);
            }
            if (at + access.bytes > registered->end()) {
                invalid(access, "to " + byteRange(offset, access.bytes) + " of " + registered->describe() +
                                    ", which holds " + std::to_string(registered->bytes) + " bytes: " +
                                    std::to_string(at + access.bytes - registered->end()) + " of them past its end",
                        cudaErrorIllegalAddress);
            }
            place.space = Space::Global;
            place.allocation = registered;
            registered->touchedThisLaunch = true;
            place.granules = registered->granules + offset / kGranuleBytes;
            place.owners = registered->owners + offset / kGranuleBytes;  // its writes on a worker reach the program
            place.granuleAddress =
                reinterpret_cast<std::uintptr_t>(registered->start) + offset / kGranuleBytes * kGranuleBytes;
            return place;
        }
    }

    const SymbolTable& symbols = SymbolTable::get();
    for (const MemoryRange& range : symbols.globals()) {
        if (range.holds(at)) {
            place.space = Space::DeviceVariable;
            place.object = symbols.globalAt(at);
            place.granules = spaces.variableGranule(at, &place.granuleAddress, &place.owners);
            return place;
        }
    }
    for (const MemoryRange& range : symbols.readOnly()) {
        if (range.holds(at)) {
            if (access.isWrite) {
                invalid(access, "to read-only data (a constant of the program)", cudaErrorIllegalAddress);
            }
            place.space = Space::ReadOnly;
            return place;
        }
    }

    if (Fibers::instance().inAnyStack(at)) {
        invalid(access, "to the local memory of another thread (a pointer to a local variable, passed on)",
                cudaErrorIllegalAddress);
    }
    if (number < kNullPageBytes) {
        char text[64];
        std::snprintf(text, sizeof text, "through a null pointer (address 0x%llx)", static_cast<unsigned long long>(number));
        invalid(access, text, cudaErrorIllegalAddress);
    }
    // Just past the end of registered host memory: that registration names it.
    if (const Allocation* registered = memory.registeredBefore(at);
        registered != nullptr && registered->live && static_cast<size_t>(at - registered->end()) < kRegisteredSlack) {
        invalid(access, pastTheEnd(static_cast<size_t>(at - registered->end()), access.bytes, registered->describe()),
                cudaErrorIllegalAddress);
    }
    char text[48];
    std::snprintf(text, sizeof text, "%p, in ", static_cast<void*>(at));
    invalid(access, "to " + std::string(text) + hostMemoryAt(at) + ", which a kernel cannot reach" + argumentPointingNear(at) +
                        ": give kernels device memory (cudaMalloc, cudaMallocManaged), or register it "
                        "(cudaHostRegister)",
            cudaErrorIllegalAddress);
}

}  // namespace warp_emulator
