// source_lines.hpp: where in the learner's source an access was made.
//
// A load or store is known by its code address (the return address of its
// instrumentation call); an atomic function or a collective by the file and
// line its call carries. Both fit a 48-bit site (shadow.hpp), which becomes
// "your.cu:12" when a finding names it: the code address by one addr2line
// (binutils) that runs beside the program, asked one address at a time, with
// the program's debug information (emulator/emulate builds with -g1), as
// the sanitizers ask their symbolizers. Findings are grouped by those lines:
// the copies of one load in an unrolled loop are one place in the source.
#pragma once

#include <cstdint>
#include <string>

namespace warp_emulator {

// A site for a source line the caller names (an atomic function's).
std::uint64_t siteOfLine(const char* file, int line);
// A site for a code address.
inline std::uint64_t siteOfCode(const void* returnAddress) {
    return reinterpret_cast<std::uintptr_t>(returnAddress) & ((std::uint64_t{1} << 47) - 1);
}

// "shuffles.cu:210", or, without debug information, the function's name.
const std::string& lineOf(std::uint64_t site);

// In a worker process (scheduling/block_workers.hpp): an addr2line of its
// own, since the program's, whose pipes it inherited, answers the program.
void symbolizeOnYourOwn();

}  // namespace warp_emulator
