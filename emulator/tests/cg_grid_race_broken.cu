// cg_grid_race_broken.cu: a cooperative launch of 4 blocks of 64 whose
// threads read the next block's part before the grid.sync() that would order
// the read after the next block's write. Nothing orders accesses of different
// blocks but a grid barrier (or a release and an acquire): the PTX ISA's data
// race. The emulator reports the read and the write, whichever block ran
// first; the reads after the grid.sync() and the writes after the second are
// ordered and not reported. compute-sanitizer's racecheck looks at shared
// memory only (0 hazards); an H200 gives whatever the blocks' timing makes.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include <cooperative_groups.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void readsTooEarly(int* parts, int* out) {
    cg::grid_group grid = cg::this_grid();
    parts[grid.thread_rank()] = static_cast<int>(grid.thread_rank());
    const int early = parts[(grid.thread_rank() + 64) % grid.size()];
    grid.sync();
    out[grid.thread_rank()] = early + parts[(grid.thread_rank() + 128) % grid.size()];
    grid.sync();
    parts[grid.thread_rank()] = 0;
}

int main() {
    DeviceArray<int> parts(256, 0), out(256, 0);
    int* partsPointer = parts.device;
    int* outPointer = out.device;
    void* arguments[] = {&partsPointer, &outPointer};
    cudaLaunchCooperativeKernel((void*)readsTooEarly, dim3(4), dim3(64), arguments, 0, nullptr);
    printLaunchVerdict();
    return 0;
}
