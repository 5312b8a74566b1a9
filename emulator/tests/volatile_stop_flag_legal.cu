// volatile_stop_flag_legal.cu: a stop flag that publishes nothing. The
// threads of a block search an array in turns; the one that finds the value
// records where with a plain store to its own slot, then raises a volatile
// flag, which every thread polls before each step. The PTX ISA gives
// volatile accesses .relaxed.sys semantics: a flag store and the loads that
// poll it are strong, and do not race, whatever fences there are; a thread
// that sees the flag late only searches a step more. No data rides on it:
// the slots are read by the host, after the kernel.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "found 1, at 3000"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
#include "case.cuh"

constexpr int kThreads = 64;
constexpr int kValues = 4096;

__global__ void search(const int* values, int target, volatile int* found, int* where) {
    for (int i = static_cast<int>(threadIdx.x); i < kValues; i += kThreads) {
        if (*found != 0) {
            return;
        }
        if (values[i] == target) {
            where[threadIdx.x] = i;
            *found = 1;
            return;
        }
    }
}

int main() {
    std::vector<int> values(kValues);
    for (int i = 0; i < kValues; ++i) {
        values[static_cast<size_t>(i)] = i;
    }
    DeviceArray<int> in(kValues, 0);
    cudaMemcpy(in.device, values.data(), kValues * sizeof(int), cudaMemcpyHostToDevice);
    DeviceArray<int> found(1, 0);
    DeviceArray<int> where(kThreads, -1);
    search<<<1, kThreads>>>(in.device, 3000, found.device, where.device);
    const int verdict = printLaunchVerdict();
    const std::vector<int> slots = where.read();
    int recorded = -1;
    for (int slot : slots) {
        recorded = slot >= 0 ? slot : recorded;
    }
    std::printf("found %d, at %d\n", found.read()[0], recorded);
    return verdict;
}
