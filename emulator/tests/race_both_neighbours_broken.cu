// race_both_neighbours_broken.cu: each thread raises its flag, then adds up
// both neighbours' flags with no barrier between. In ascending order every
// thread sees its left neighbour's flag and not its right one's; in
// descending order the reverse: both give 1 everywhere. The second run's
// random order gives some threads 0 or 2: the race is reported.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void neighbours(int* flags, int* seen) {
    const int t = threadIdx.x;
    flags[t] = 1;
    if (t > 0 && t < 65) {
        seen[t] = flags[t - 1] + flags[t + 1];
    }
}

int main() {
    DeviceArray<int> flags(66, 0);
    DeviceArray<int> seen(66, 0);
    neighbours<<<1, 66>>>(flags.device, seen.device);
    printLaunchVerdict();
    return 0;
}
