// atomic_flag_legal.cu: the Programming Guide's handoff through a flag ("Volatile
// Qualifier", its Atomic Functions example): the producer stores the data,
// __threadfence(), atomicExch(flag, 1); the consumer spins on atomicAdd(flag,
// 0), then __threadfence(), then reads the data. The fence before the atomic
// write is a release, the atomic read and the fence after it an acquire: the
// data's store is ordered before its read, in every order the threads run in.
// Thread 32 sleeps in its loop, as NVIDIA's guidance for spin-waits has it.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out: 42"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_LANE_ORDER=ascending
// run: WARP_EMULATOR_LANE_ORDER=descending
#include "case.cuh"

__global__ void handoff(int* flag, int* data, int* out) {
    if (threadIdx.x == 32) {
        // Consumer: blocks until flag is set by producer, then reads data.
        while (atomicAdd(flag, 0) == 0) {
            __nanosleep(100);
        }
        __threadfence();
        *out = *data;
    } else if (threadIdx.x == 0) {
        // Producer: writes data then sets flag.
        *data = 42;
        __threadfence();
        atomicExch(flag, 1);
    }
}

int main() {
    DeviceArray<int> flag(1, 0);
    DeviceArray<int> data(1, 0);
    DeviceArray<int> out(1, 0);
    handoff<<<1, 64>>>(flag.device, data.device, out.device);
    const int status = printLaunchVerdict();
    printValues("out", out.read());
    return status;
}
