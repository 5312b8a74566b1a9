// symbols.cpp: reads the program's own ELF file (/proc/self/exe) once.
#include "memory/symbols.hpp"

#include <cxxabi.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace warp_emulator {

std::string demangled(const std::string& mangled, bool cutParameters) {
    int status = 0;
    char* text = abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status);
    std::string name = status == 0 && text != nullptr ? text : mangled;
    std::free(text);
    return cutParameters ? name.substr(0, name.find('(')) : name;
}

std::string SymbolTable::mangledNameOf(const void* function) const {
    const auto address = reinterpret_cast<std::uintptr_t>(function);
    for (const Symbol& symbol : functions_) {
        if (symbol.address == address) {
            return symbol.name;
        }
    }
    return "";
}

std::string SymbolTable::nameOf(const void* function) const {
    const std::string mangled = mangledNameOf(function);
    if (mangled.empty()) {
        char text[32];
        std::snprintf(text, sizeof text, "kernel at %p", function);
        return text;
    }
    // A template kernel demangles with its return type, void, first: "void k<32>".
    const std::string name = demangled(mangled, true);
    return name.compare(0, 5, "void ") == 0 && name.find('<') != std::string::npos ? name.substr(5) : name;
}

long long SymbolTable::sharedBytesOf(const void* function) const {
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
    for (const Symbol& symbol : sharedSymbols_) {
        if (symbol.name.compare(0, prefix.size(), prefix) == 0) {
            bytes += static_cast<long long>(symbol.size);
        }
    }
    return bytes;
}

namespace {

// The last object starting at or before `address`, in a list sorted by start.
const NamedObject* startingBefore(const std::vector<NamedObject>& objects, const void* address) {
    const char* at = static_cast<const char*>(address);
    auto after = std::upper_bound(objects.begin(), objects.end(), at,
                                  [](const char* a, const NamedObject& object) { return a < object.start; });
    return after == objects.begin() ? nullptr : &*(after - 1);
}

}  // namespace

const NamedObject* SymbolTable::findSharedVariable(const void* address) const {
    const NamedObject* object = startingBefore(sharedVariables_, address);
    if (object == nullptr || static_cast<const char*>(address) >= object->start + object->bytes) {
        return nullptr;
    }
    lastSharedVariable_ = object;
    return object;
}

const NamedObject* SymbolTable::sharedVariableBefore(const void* address) const {
    return startingBefore(sharedVariables_, address);
}

bool SymbolTable::isCompilerGuard(const void* address) const {
    for (const MemoryRange& guard : compilerGuards_) {
        if (guard.holds(address)) {
            return true;
        }
    }
    return false;
}

const NamedObject* SymbolTable::globalAt(const void* address) const {
    const NamedObject* object = startingBefore(globalObjects_, address);
    return object != nullptr && static_cast<const char*>(address) < object->start + object->bytes ? object : nullptr;
}

std::string SymbolTable::functionAt(const void* address) const {
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    for (const Symbol& symbol : functions_) {
        if (at >= symbol.address && at < symbol.address + symbol.size) {
            return demangled(symbol.name, true);
        }
    }
    return "";
}

namespace {

struct Program {
    std::uintptr_t base = 0;
    char* tlsData = nullptr;
};

// A __shared__ variable is thread_local in the section warp_emulator_shared
// (keywords.hpp). GCC puts one declared in a function template, or in an
// inline function, in a group of its own instead (.tbss.<its name>, which
// the section attribute cannot change): a thread_local local variable of
// such a function, weak or unique so that its copies merge, is one of those.
bool isSharedVariable(const Elf64_Sym& symbol, const std::string& name, size_t sharedSection,
                      const std::vector<Elf64_Shdr>& sections) {
    if (sharedSection != 0 && symbol.st_shndx == sharedSection) {
        return true;
    }
    const int binding = ELF64_ST_BIND(symbol.st_info);
    return symbol.st_shndx < sections.size() && (sections[symbol.st_shndx].sh_flags & SHF_TLS) != 0 &&
           name.compare(0, 3, "_ZZ") == 0 && (binding == STB_WEAK || binding == STB_GNU_UNIQUE) &&
           demangled(name, false).find("warp_emulator::") == std::string::npos;
}

int firstObject(dl_phdr_info* info, size_t, void* out) {
    Program& program = *static_cast<Program*>(out);
    program.base = info->dlpi_addr;
    program.tlsData = static_cast<char*>(info->dlpi_tls_data);
    return 1;  // the first object is the program itself
}

// The program's file, mapped read-only: only the pages the table reads (the
// headers and the symbols) are touched, straight from the page cache. Read
// into a vector, the whole file (a few MiB, with its debug information) was
// first zeroed and then copied: a fifth of five_shuffles' page faults (perf).
class ProgramImage {
public:
    ProgramImage() {
        const int file = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
        struct stat status{};
        if (file < 0) {
            return;
        }
        if (fstat(file, &status) == 0 && status.st_size > 0) {
            void* mapped = mmap(nullptr, static_cast<size_t>(status.st_size), PROT_READ, MAP_PRIVATE, file, 0);
            if (mapped != MAP_FAILED) {
                data_ = static_cast<const char*>(mapped);
                size_ = static_cast<size_t>(status.st_size);
            }
        }
        close(file);
    }
    ~ProgramImage() {
        if (data_ != nullptr) {
            munmap(const_cast<char*>(data_), size_);
        }
    }
    ProgramImage(const ProgramImage&) = delete;
    ProgramImage& operator=(const ProgramImage&) = delete;
    const char* data() const { return data_; }
    size_t size() const { return size_; }
    char operator[](size_t at) const { return data_[at]; }

private:
    const char* data_ = nullptr;
    size_t size_ = 0;
};

}  // namespace

SymbolTable::SymbolTable() {
    const ProgramImage image;
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
        char* start = reinterpret_cast<char*>(program.base + sections[i].sh_addr);
        if (std::strcmp(name, "warp_emulator_shared") == 0 && program.tlsData != nullptr) {
            sharedSection = i;
        } else if (std::strcmp(name, ".data") == 0 || std::strcmp(name, ".bss") == 0) {
            globalSections.push_back(i);
            globals_.push_back({start, sections[i].sh_size});
        } else if ((std::strncmp(name, ".rodata", 7) == 0 || std::strcmp(name, ".data.rel.ro") == 0) &&
                   (sections[i].sh_flags & SHF_ALLOC) != 0) {
            // .data.rel.ro: what is read-only once the loader has relocated
            // it, virtual tables among it (a kernel's virtual call reads one).
            readOnly_.push_back({start, sections[i].sh_size});
        }
    }
    std::vector<Symbol> objects;
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
            } else if (type == STT_TLS && program.tlsData != nullptr && entry.name.compare(0, 4, "_ZGV") == 0) {
                // The program's own guards (a __shared__ variable's with a constructor); the
                // runtime's, which may lie just past a __shared__ array, are no kernel's to touch.
                if (demangled(entry.name, false).find("warp_emulator::") == std::string::npos) {
                    compilerGuards_.push_back({program.tlsData + symbol.st_value, symbol.st_size});
                }
            } else if (type == STT_TLS && program.tlsData != nullptr &&
                       isSharedVariable(symbol, entry.name, sharedSection, sections)) {
                sharedSymbols_.push_back(entry);
                // A TLS symbol's value is its offset in the module's TLS block.
                sharedVariables_.push_back({demangled(entry.name, false), program.tlsData + symbol.st_value,
                                            symbol.st_size});
            } else if (type == STT_OBJECT) {
                for (size_t global : globalSections) {
                    if (symbol.st_shndx == global) {
                        objects.push_back(entry);
                    }
                }
            }
        }
    }
    auto byStart = [](const NamedObject& a, const NamedObject& b) { return a.start < b.start; };
    std::sort(sharedVariables_.begin(), sharedVariables_.end(), byStart);
    // Every __shared__ variable lies between the first one's start and the
    // last one's end: the section, and those of templates outside it.
    if (!sharedVariables_.empty()) {
        char* first = sharedVariables_.front().start;
        char* last = first;
        for (const NamedObject& variable : sharedVariables_) {
            last = std::max(last, variable.start + variable.bytes);
        }
        shared_ = {first, static_cast<size_t>(last - first)};
    } else {
        shared_ = {};
    }
    std::sort(functions_.begin(), functions_.end(), [](const Symbol& a, const Symbol& b) { return a.address < b.address; });
    for (const Symbol& object : objects) {
        globalObjects_.push_back({demangled(object.name, false), reinterpret_cast<char*>(object.address), object.size});
    }
    std::sort(globalObjects_.begin(), globalObjects_.end(), byStart);
    removeEmulatorObjects(objects);
    loaded_ = true;
}

// The emulator's own globals are no kernel's to touch: a wild write into them
// is reported as an access to host memory.
void SymbolTable::removeEmulatorObjects(const std::vector<Symbol>& objects) {
    std::vector<std::pair<char*, char*>> own;
    for (const Symbol& symbol : objects) {
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
    std::vector<NamedObject> users;
    for (const NamedObject& object : globalObjects_) {
        if (object.name.find("warp_emulator::") == std::string::npos) {
            users.push_back(object);
        }
    }
    globalObjects_ = users;
}

}  // namespace warp_emulator
