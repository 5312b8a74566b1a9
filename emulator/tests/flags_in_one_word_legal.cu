// flags_in_one_word_legal.cu: two 16-bit flags share one 4-byte word. Block 0
// stores the data, fences and raises flags[0] with a 16-bit atomicCAS; a
// thread of block 1 then writes flags[1], the other half of the word, and
// another acquires flags[0]. The PTX ISA: "Two memory operations are said to
// overlap when ... [their byte ranges] overlap": the write to flags[1] does
// not touch flags[0], and leaves its release in place. Then a thread that has
// read eight flags with atomics resets them with plain stores: each reset
// comes after the atomic write it read ("observation order").
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
#include "case.cuh"

__global__ void halves(unsigned short* flags, int* data, int* out) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 42;
        __threadfence();
        atomicCAS(&flags[0], static_cast<unsigned short>(0), static_cast<unsigned short>(1));
    }
    if (blockIdx.x == 1 && threadIdx.x == 1) {
        flags[1] = 7;
    }
    if (blockIdx.x == 1 && threadIdx.x == 32) {
        while (atomicCAS(&flags[0], static_cast<unsigned short>(1), static_cast<unsigned short>(1)) != 1) {
        }
        __threadfence();
        out[0] = data[0];
    }
}

__global__ void raiseThenReset(int* raised, int* seen) {
    const int t = static_cast<int>(threadIdx.x);
    if (t >= 1 && t <= 8) {
        atomicExch(&raised[t - 1], 1);
    }
    if (t == 32) {
        int count = 0;
        for (int i = 0; i < 8; ++i) {
            while (atomicCAS(&raised[i], 0, 0) == 0) {
            }
            ++count;
        }
        for (int i = 0; i < 8; ++i) {
            raised[i] = 0;
        }
        seen[0] = count;
    }
}

int main() {
    DeviceArray<unsigned short> flags(2, 0);
    DeviceArray<int> data(1, 0);
    DeviceArray<int> out(1, 0);
    halves<<<2, 64>>>(flags.device, data.device, out.device);
    int status = printLaunchVerdict();
    printValues("out", out.read());
    DeviceArray<int> raised(8, 0);
    DeviceArray<int> seen(1, 0);
    raiseThenReset<<<1, 64>>>(raised.device, seen.device);
    status |= printLaunchVerdict();
    printValues("seen", seen.read());
    printValues("raised", raised.read());
    return status;
}
