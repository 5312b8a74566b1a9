// symbols.hpp: what the running program's own symbol table tells the
// emulator: each kernel's name, each kernel's __shared__ bytes, where the
// __shared__ variables live, and where the program's global variables (the
// emulator's __device__ variables) live and what they are called. Linux, ELF.
#pragma once

#include <cxxabi.h>
#include <elf.h>
#include <link.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace warp_emulator {

struct MemoryRange {
    char* start = nullptr;
    size_t bytes = 0;
};

class SymbolTable {
public:
    static const SymbolTable& get() {
        static const SymbolTable* table = new SymbolTable;
        return *table;
    }

    // The kernel's name without its parameter list, or its address.
    std::string nameOf(const void* function) const {
        const std::string mangled = mangledNameOf(function);
        if (mangled.empty()) {
            char text[32];
            std::snprintf(text, sizeof text, "kernel at %p", function);
            return text;
        }
        return demangled(mangled, true);
    }

    // The bytes of the __shared__ variables declared inside the function (its
    // local thread_locals in the shared section), or -1 without a symbol table.
    long long sharedBytesOf(const void* function) const {
        const std::string mangled = mangledNameOf(function);
        if (!loaded_ || mangled.empty()) {
            return -1;
        }
        // A local variable of _Z6kernelPf is _ZZ6kernelPfE4tile; of an extern "C"
        // kernel, _ZZ6kernelE4tile.
        const std::string prefix = mangled.compare(0, 2, "_Z") == 0
                                       ? "_ZZ" + mangled.substr(2) + "E"
                                       : "_ZZ" + std::to_string(mangled.size()) + mangled + "E";
        long long bytes = 0;
        for (const Symbol& symbol : sharedVariables_) {
            if (symbol.name.compare(0, prefix.size(), prefix) == 0) {
                bytes += static_cast<long long>(symbol.size);
            }
        }
        return bytes;
    }

    // Where this thread's copy of every __shared__ variable lives.
    MemoryRange sharedVariables() const { return shared_; }

    // The program's .data and .bss: its global variables, __device__ ones
    // among them; less the emulator's own (in namespace warp_emulator), which
    // a launch changes and the race check must neither compare nor put back.
    const std::vector<MemoryRange>& globals() const { return globals_; }

    // The global variable holding `address`: its name, start and size; an
    // empty name when no symbol holds it.
    struct Global {
        std::string name;
        char* start = nullptr;
        size_t bytes = 0;
    };
    Global globalAt(const void* address) const {
        const auto at = reinterpret_cast<std::uintptr_t>(address);
        for (const Symbol& symbol : globalObjects_) {
            if (at >= symbol.address && at < symbol.address + symbol.size) {
                return {demangled(symbol.name, false), reinterpret_cast<char*>(symbol.address), symbol.size};
            }
        }
        return {};
    }

private:
    struct Symbol {
        std::string name;
        std::uintptr_t address;
        std::size_t size;
    };
    bool loaded_ = false;
    std::vector<Symbol> functions_;
    std::vector<Symbol> sharedVariables_;
    std::vector<Symbol> globalObjects_;
    MemoryRange shared_;
    std::vector<MemoryRange> globals_;

    std::string mangledNameOf(const void* function) const {
        const auto address = reinterpret_cast<std::uintptr_t>(function);
        for (const Symbol& symbol : functions_) {
            if (symbol.address == address) {
                return symbol.name;
            }
        }
        return "";
    }

    static std::string demangled(const std::string& mangled, bool cutParameters) {
        int status = 0;
        char* text = abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status);
        std::string name = status == 0 && text != nullptr ? text : mangled;
        std::free(text);
        return cutParameters ? name.substr(0, name.find('(')) : name;
    }

    struct Program {
        std::uintptr_t base = 0;
        char* tlsData = nullptr;
        std::uintptr_t tlsStart = 0;  // the TLS segment's address in the file's layout
    };

    static int firstObject(dl_phdr_info* info, size_t, void* out) {
        Program& program = *static_cast<Program*>(out);
        program.base = info->dlpi_addr;
        program.tlsData = static_cast<char*>(info->dlpi_tls_data);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
            if (info->dlpi_phdr[i].p_type == PT_TLS) {
                program.tlsStart = info->dlpi_phdr[i].p_vaddr;
            }
        }
        return 1;  // the first object is the program itself
    }

    SymbolTable() {
        std::ifstream file("/proc/self/exe", std::ios::binary);
        const std::vector<char> image((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
        if (image.size() < sizeof(Elf64_Ehdr) || std::memcmp(image.data(), ELFMAG, SELFMAG) != 0 ||
            image[EI_CLASS] != ELFCLASS64) {
            return;
        }
        Program program;
        dl_iterate_phdr(firstObject, &program);
        Elf64_Ehdr header;
        std::memcpy(&header, image.data(), sizeof header);
        std::vector<Elf64_Shdr> sections(header.e_shnum);
        if (header.e_shoff + sections.size() * sizeof(Elf64_Shdr) > image.size()) {
            return;
        }
        std::memcpy(sections.data(), image.data() + header.e_shoff, sections.size() * sizeof(Elf64_Shdr));
        const char* sectionNames = image.data() + sections[header.e_shstrndx].sh_offset;
        size_t sharedSection = 0;
        std::vector<size_t> globalSections;
        for (size_t i = 0; i < sections.size(); ++i) {
            const char* name = sectionNames + sections[i].sh_name;
            if (std::strcmp(name, "warp_emulator_shared") == 0 && program.tlsData != nullptr) {
                sharedSection = i;
                shared_.start = program.tlsData + (sections[i].sh_addr - program.tlsStart);
                shared_.bytes = sections[i].sh_size;
            } else if (std::strcmp(name, ".data") == 0 || std::strcmp(name, ".bss") == 0) {
                globalSections.push_back(i);
                globals_.push_back({reinterpret_cast<char*>(program.base + sections[i].sh_addr), sections[i].sh_size});
            }
        }
        for (const Elf64_Shdr& section : sections) {
            if (section.sh_type != SHT_SYMTAB) {
                continue;
            }
            const char* names = image.data() + sections[section.sh_link].sh_offset;
            const size_t count = section.sh_size / sizeof(Elf64_Sym);
            for (size_t i = 0; i < count; ++i) {
                Elf64_Sym symbol;
                std::memcpy(&symbol, image.data() + section.sh_offset + i * sizeof(Elf64_Sym), sizeof symbol);
                const int type = ELF64_ST_TYPE(symbol.st_info);
                const Symbol entry{names + symbol.st_name, program.base + symbol.st_value, symbol.st_size};
                if (type == STT_FUNC && symbol.st_value != 0) {
                    functions_.push_back(entry);
                } else if (type == STT_TLS && sharedSection != 0 && symbol.st_shndx == sharedSection) {
                    sharedVariables_.push_back(entry);
                } else if (type == STT_OBJECT) {
                    for (size_t global : globalSections) {
                        if (symbol.st_shndx == global) {
                            globalObjects_.push_back(entry);
                        }
                    }
                }
            }
        }
        removeEmulatorObjects();
        loaded_ = true;
    }

    void removeEmulatorObjects() {
        std::vector<std::pair<char*, char*>> own;
        for (const Symbol& symbol : globalObjects_) {
            if (demangled(symbol.name, false).find("warp_emulator::") != std::string::npos && symbol.size != 0) {
                own.emplace_back(reinterpret_cast<char*>(symbol.address), reinterpret_cast<char*>(symbol.address) + symbol.size);
            }
        }
        std::sort(own.begin(), own.end());
        std::vector<MemoryRange> kept;
        for (const MemoryRange& range : globals_) {
            char* from = range.start;
            char* const end = range.start + range.bytes;
            for (const auto& [ownStart, ownEnd] : own) {
                if (ownEnd <= from || ownStart >= end) {
                    continue;
                }
                if (ownStart > from) {
                    kept.push_back({from, static_cast<size_t>(ownStart - from)});
                }
                from = std::max(from, ownEnd);
            }
            if (from < end) {
                kept.push_back({from, static_cast<size_t>(end - from)});
            }
        }
        globals_ = kept;
    }
};

}  // namespace warp_emulator
