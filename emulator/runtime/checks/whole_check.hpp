// whole_check.hpp: why a kernel's plain access cannot take the common path
// of the memory checks now (memory_checks.cpp's commonAccess()), one bit for
// each reason, so that the path asks one byte where it asked three checks'
// states (block_reduce: 7 instructions of every access). Each check sets its
// bit while its state holds, on the host thread that runs the kernel, where
// the kernel's accesses are made.
#pragma once

namespace warp_emulator {

enum WholeCheckReason : unsigned char {
    kAsyncCopyInFlight = 1,     // an asynchronous copy a thread started has not landed (async_copies.hpp)
    kGraphNodeRecording = 2,    // a graph's node records what it touches (graph_races.hpp)
    kReadWaitsForItsWrite = 4,  // a read of undefined bytes waits to be half of a copy (initcheck.hpp)
};

// All clear: a plain access may take the common path.
extern __thread unsigned char wholeCheckReasons;

inline void needWholeCheck(WholeCheckReason reason, bool holds) {
    wholeCheckReasons = static_cast<unsigned char>(holds ? wholeCheckReasons | reason : wholeCheckReasons & ~reason);
}

}  // namespace warp_emulator
