// race_in_another_order_unseen.cu: what the emulator cannot see in one run.
// Thread 32 writes data[0] only if it runs before thread 0 has raised the
// flag; thread 0 then reads data[0], and nothing orders the two (the atomics
// are relaxed). Threads run in ascending order here, so thread 0 always comes
// first, thread 32 never writes, and there is no race to see. On a GPU warp 1
// may come first. WARP_EMULATOR_LANE_ORDER=descending runs that order, and the
// race is reported.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "seen: 0"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void firstComer(int* flag, int* data, int* seen) {
    if (threadIdx.x == 0) {
        atomicExch(flag, 1);
        seen[0] = data[0];
    } else if (threadIdx.x == 32 && atomicAdd(flag, 0) == 0) {
        data[0] = 32;
    }
}

int main() {
    DeviceArray<int> flag(1, 0);
    DeviceArray<int> data(1, 0);
    DeviceArray<int> seen(1, -1);
    firstComer<<<1, 64>>>(flag.device, data.device, seen.device);
    const int status = printLaunchVerdict();
    printValues("seen", seen.read());
    return status;
}
