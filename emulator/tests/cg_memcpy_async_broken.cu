// cg_memcpy_async_broken.cu: a block copies 64 floats from global to shared
// memory with cg::memcpy_async and reads them before cg::wait(block). The
// Programming Guide ("Asynchronous Data Copies"): the copy completes only at
// cg::wait (or cg::wait_prior), and cg::wait's sync of the group is what
// makes every thread's part visible to the others; a read before it may see
// the bytes before the copy wrote them. The emulator makes a copy when its
// thread waits for it, and reports every access to its destination while it
// is in flight: here each thread reads its own slot and its neighbour's.
// What is read then is shared memory no thread has written: poison (NaN).
// On an H200 the copy has most likely landed; compute-sanitizer's racecheck
// may not see an asynchronous copy's writes.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out[0], out[63]: 1 1"; memcheck 0 errors; initcheck 0 errors; racecheck 1 hazard (Error: Race reported between Write access at readsBeforeTheWait(const float *, float *)+0x1c0)
// expect-exit: 66
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>

#include "case.cuh"

namespace cg = cooperative_groups;

__global__ void readsBeforeTheWait(const float* in, float* out) {
    __shared__ float staged[64];
    cg::thread_block block = cg::this_thread_block();
    cg::memcpy_async(block, staged, in, sizeof(float) * 64);
    const float early = staged[(block.thread_rank() + 1) % 64];
    cg::wait(block);
    out[block.thread_rank()] = early + staged[block.thread_rank()];
}

int main() {
    DeviceArray<float> in(64, 1.0f), out(64, 0.0f);
    readsBeforeTheWait<<<1, 64>>>(in.device, out.device);
    printLaunchVerdict();
    printValues("out[0], out[63]", {out.read()[0], out.read()[63]});
    return 0;
}
