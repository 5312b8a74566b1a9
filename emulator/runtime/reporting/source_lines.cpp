// source_lines.cpp: sites, and the addr2line beside the program.
#include "reporting/source_lines.hpp"

#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <unordered_map>
#include <vector>

#include "memory/symbols.hpp"
#include "reporting/text.hpp"

extern char** environ;

namespace warp_emulator {

namespace {

constexpr std::uint64_t kLineSite = std::uint64_t{1} << 47;

std::uintptr_t programBase() {
    static std::uintptr_t base = 0;
    static bool known = false;
    if (!known) {
        dl_iterate_phdr([](dl_phdr_info* info, size_t, void* out) {
            *static_cast<std::uintptr_t*>(out) = info->dlpi_addr;
            return 1;
        }, &base);
        known = true;
    }
    return base;
}

// A frame inside the emulator's own headers (a template such as __ldg) is not
// where the learner wrote the access: the first frame outside them is.
bool isEmulatorFile(const std::string& path) {
    return path.find("/emulator/include/") != std::string::npos || path.find("/emulator/runtime/") != std::string::npos ||
           path.find("/warp_emulator/") != std::string::npos;
}

// One addr2line for the program's life. After each address it is also asked
// for address 0, whose answer marks where the first one's ends (its inlined
// frames make it any number of lines).
class Symbolizer {
public:
    // file:line frames of the code address, innermost first; empty when
    // addr2line cannot say.
    std::vector<std::string> frames(std::uint64_t address) {
        std::vector<std::string> found;
        if (!started_ && !start()) {
            return found;
        }
        if (in_ == nullptr || out_ == nullptr) {
            return found;
        }
        std::fprintf(in_, "0x%llx\n0x0\n", static_cast<unsigned long long>(address));
        std::fflush(in_);
        char line[8192];
        int addresses = 0;
        bool function = true;
        while (std::fgets(line, sizeof line, out_) != nullptr) {
            std::string text(line);
            while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) {
                text.pop_back();
            }
            if (text.compare(0, 2, "0x") == 0) {
                if (++addresses == 2) {
                    // The marker's own two lines follow: read them and stop.
                    std::fgets(line, sizeof line, out_);
                    std::fgets(line, sizeof line, out_);
                    return found;
                }
                function = true;
                continue;
            }
            if (!function) {
                found.push_back(text);
            }
            function = !function;
        }
        stop();  // addr2line ended: ask it nothing more
        return found;
    }

    // Forgets the addr2line it had, without closing what it shares with it.
    void forget() {
        if (in_ != nullptr) {
            close(fileno(in_));
        }
        if (out_ != nullptr) {
            close(fileno(out_));
        }
        in_ = out_ = nullptr;  // the FILE objects are the program's copies: left as they are
        started_ = false;
    }

private:
    bool started_ = false;
    std::FILE* in_ = nullptr;
    std::FILE* out_ = nullptr;

    bool start() {
        started_ = true;
        char executable[4096];
        const ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
        if (length <= 0) {
            return false;
        }
        executable[length] = '\0';
        int toChild[2], fromChild[2];
        if (pipe2(toChild, O_CLOEXEC) != 0 || pipe2(fromChild, O_CLOEXEC) != 0) {
            return false;
        }
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0);
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1);
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
        char* const arguments[] = {const_cast<char*>("addr2line"), const_cast<char*>("-a"), const_cast<char*>("-i"),
                                   const_cast<char*>("-f"), const_cast<char*>("-C"), const_cast<char*>("-e"), executable,
                                   nullptr};
        pid_t child = 0;
        const int status = posix_spawnp(&child, "addr2line", &actions, nullptr, arguments, environ);
        posix_spawn_file_actions_destroy(&actions);
        close(toChild[0]);
        close(fromChild[1]);
        if (status != 0) {
            close(toChild[1]);
            close(fromChild[0]);
            return false;
        }
        signal(SIGPIPE, SIG_IGN);  // a dead addr2line must not end the program
        in_ = fdopen(toChild[1], "w");
        out_ = fdopen(fromChild[0], "r");
        return in_ != nullptr && out_ != nullptr;
    }

    void stop() {
        if (in_ != nullptr) {
            std::fclose(in_);
        }
        if (out_ != nullptr) {
            std::fclose(out_);
        }
        in_ = out_ = nullptr;
    }
};

struct Lines {
    std::vector<std::string> named;  // siteOfLine's, by number
    std::map<std::pair<const char*, int>, size_t> numbers;
    std::unordered_map<std::uint64_t, std::string> resolved;
    Symbolizer symbolizer;
};
Lines& lines() {
    static Lines* table = new Lines;
    return *table;
}

}  // namespace

std::uint64_t siteOfLine(const char* file, int line) {
    Lines& table = lines();
    const auto key = std::make_pair(file, line);
    auto found = table.numbers.find(key);
    if (found == table.numbers.end()) {
        found = table.numbers.emplace(key, table.named.size()).first;
        table.named.push_back(siteText(file, line));
    }
    return kLineSite | found->second;
}

const std::string& lineOf(std::uint64_t site) {
    Lines& table = lines();
    if ((site & kLineSite) != 0) {
        static const std::string unknown = "?";
        const size_t number = static_cast<size_t>(site & ~kLineSite);
        return number < table.named.size() ? table.named[number] : unknown;
    }
    const auto known = table.resolved.find(site);
    if (known != table.resolved.end()) {
        return known->second;
    }
    // The return address is just after the call: step back into it.
    const std::vector<std::string> frames = table.symbolizer.frames(site - 1 - programBase());
    std::string found;
    for (size_t i = 0; i < frames.size(); ++i) {
        const std::string& frame = frames[i];
        const size_t colon = frame.rfind(':');
        if (frame.compare(0, 2, "??") == 0 || colon == std::string::npos) {
            continue;
        }
        const std::string path = frame.substr(0, colon);
        std::string number = frame.substr(colon + 1);
        number = number.substr(0, number.find(' '));  // "12 (discriminator 3)"
        if (isEmulatorFile(path) && i + 1 < frames.size()) {
            continue;
        }
        found = baseName(path.c_str()) + ":" + number;
        break;
    }
    if (found.empty()) {
        const std::string function = SymbolTable::get().functionAt(reinterpret_cast<const void*>(site));
        found = (function.empty() ? "an unknown place" : "somewhere in " + function) +
                " (build with -g for the line; emulator/emulate does)";
    }
    return table.resolved.emplace(site, found).first->second;
}

void symbolizeOnYourOwn() { lines().symbolizer.forget(); }

}  // namespace warp_emulator
