// mixed_types_broken.cu: two halves of a warp reach "the same" collective
// with the same mask from two call sites, but on different types:
// __match_any_sync on an int (match.any.sync.b32) against a long long (.b64),
// and __reduce_min_sync on an int (redux.sync.min.s32) against an unsigned
// (.u32). The PTX ISA asks all of them for "the same qualifiers and same
// membermask": these are different instructions, and neither half arrives at
// the other's. Reported, with what each half waits at.
// On an H200 (evidence/case-answers-h200.txt): alone hangs (killed after 20 s); memcheck hangs; initcheck hangs; racecheck hangs
// expect-exit: 66
#include "case.cuh"

__global__ void twoTypes(unsigned int* out) {
    const int lane = threadIdx.x;
    if (lane < 16) {
        out[lane] = __match_any_sync(0xffffffffu, 7);
        out[32 + lane] = static_cast<unsigned int>(__reduce_min_sync(0xffffffffu, -1));
    } else {
        out[lane] = __match_any_sync(0xffffffffu, 7LL);
        out[32 + lane] = __reduce_min_sync(0xffffffffu, 5u);
    }
}

int main() {
    DeviceArray<unsigned int> out(64, 0u);
    twoTypes<<<1, 32>>>(out.device);
    printLaunchVerdict();
    return 0;
}
