// access_shadow.hpp: where the race check's records of memory live (the
// Granules of checks/shadow.hpp), for device allocations, the device heap,
// registered host memory, __shared__ memory and __device__ variables alike.
//
// A granule's last write and its last read are kept apart, a fixed distance
// from each other: one reserved range of addresses in two halves, a region's
// write records in the first, its read records at the same place in the
// second (Granule::read()). Memory that a kernel only reads (its input) then
// has only read records made, and memory it only writes (its output) only
// write records. The host zeroes each page of records when it is first
// written, and with the two records side by side a kernel that read its
// input and wrote its output made all of both shadows: perf found a quarter
// of emulator/bench/five_shuffles.cu's time in that zeroing. A read of
// records never written costs no zeroing: the host maps its zero page.
//
// The records are the process's own: a launch's worker processes
// (scheduling/block_workers.hpp) each keep theirs, as the program does.
#pragma once

#include <cstddef>

#include "checks/shadow.hpp"

namespace warp_emulator {

class AccessShadow {
public:
    // Records for `count` granules, all empty; null when the host or the
    // reserved range has no room. Regions of 2 MiB and more lie in huge
    // pages where the host gives them.
    static Granule* allocate(size_t count);
    // Back to the host, for another allocate() to use.
    static void release(Granule* first, size_t count);
    // Empties the records of `count` granules from `first` (any granule of a
    // region): whole pages go back to the host, which zeroes them when they
    // are next written; the records at either end are zeroed by hand.
    static void clear(Granule* first, size_t count);
};

}  // namespace warp_emulator
