// symbols.hpp: what the running program's own symbol table tells the
// emulator: each kernel's name and __shared__ bytes, where every __shared__
// variable lives and how large it is, and where the program's global
// variables (__device__ ones among them) and read-only data lie. Linux, ELF.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace warp_emulator {

struct MemoryRange {
    char* start = nullptr;
    size_t bytes = 0;
    bool holds(const void* address) const {
        const char* at = static_cast<const char*>(address);
        return at >= start && at < start + bytes;
    }
};

// A named object of the program: a __shared__ variable, or a global one.
struct NamedObject {
    std::string name;  // demangled: "reduceRowsShared(...)::sumTile", "count"
    char* start = nullptr;
    size_t bytes = 0;
};

class SymbolTable {
public:
    // Inline: the checks ask for it at every access.
    static const SymbolTable& get() {
        static const SymbolTable* const table = made_ = new SymbolTable;
        return *table;
    }
    // get()'s, for the checks of a kernel's accesses: Spaces, which a launch
    // makes first, asked get() for it. No guard variable to test.
    static const SymbolTable& made() { return *made_; }

    // The kernel's name without its parameter list, or its address.
    std::string nameOf(const void* function) const;

    // The bytes of the __shared__ variables declared inside the function (its
    // local thread_locals in the shared section), or -1 without a symbol table.
    long long sharedBytesOf(const void* function) const;

    // Where this thread's copy of every __shared__ variable lives (from the
    // first one's start to the last one's end), and each one of them, by address.
    MemoryRange sharedSection() const { return shared_; }
    const std::vector<NamedObject>& sharedVariables() const { return sharedVariables_; }
    // Inline, with the last one found kept: an access asks it every time,
    // and a kernel's accesses run in the same variable, one after another.
    const NamedObject* sharedVariableAt(const void* address) const {
        const char* at = static_cast<const char*>(address);
        const NamedObject* last = lastSharedVariable_;
        if (last != nullptr && at >= last->start && at < last->start + last->bytes) {
            return last;
        }
        return findSharedVariable(address);
    }
    // The __shared__ variable that ends closest before `address`, or null.
    const NamedObject* sharedVariableBefore(const void* address) const;
    // Whether `address` is in the guard variable GCC gives a thread_local of
    // a class type whose default constructor is `= default` (a __shared__
    // __half array's): the compiler's byte, which the kernel's code reads
    // before its first use of the variable, and which no GPU has.
    bool isCompilerGuard(const void* address) const;

    // The program's .data and .bss: its global variables, __device__ ones
    // among them; less the emulator's own (in namespace warp_emulator), which
    // no kernel may touch. And its read-only data, which a kernel may read.
    const std::vector<MemoryRange>& globals() const { return globals_; }
    const std::vector<MemoryRange>& readOnly() const { return readOnly_; }
    // The global variable holding `address`; null when no symbol holds it.
    const NamedObject* globalAt(const void* address) const;

    // The function holding `address`, demangled, or "".
    std::string functionAt(const void* address) const;

private:
    static inline const SymbolTable* made_ = nullptr;
    struct Symbol {
        std::string name;
        std::uintptr_t address;
        std::size_t size;
    };
    bool loaded_ = false;
    std::vector<Symbol> functions_;            // by address
    std::vector<Symbol> sharedSymbols_;        // mangled, for sharedBytesOf
    std::vector<NamedObject> sharedVariables_; // demangled, by address
    mutable const NamedObject* lastSharedVariable_ = nullptr;  // in sharedVariables_, which never changes once loaded
    const NamedObject* findSharedVariable(const void* address) const;
    std::vector<NamedObject> globalObjects_;   // demangled, by address
    std::vector<MemoryRange> compilerGuards_;  // thread_local guard variables (_ZGV)
    MemoryRange shared_;
    std::vector<MemoryRange> globals_;
    std::vector<MemoryRange> readOnly_;

    SymbolTable();
    std::string mangledNameOf(const void* function) const;
    void removeEmulatorObjects(const std::vector<Symbol>& objects);
};

std::string demangled(const std::string& mangled, bool cutParameters);

}  // namespace warp_emulator
