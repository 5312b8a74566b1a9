// blocks_share_a_counter_legal.cu: each of 32 blocks takes a ticket from one
// counter with atomicAdd. The blocks hand each other a result through memory,
// so on several workers (WARP_EMULATOR_WORKERS) the launch runs again on one,
// and the tickets come out as on one: 0, 1, 2, ... in block order.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "tickets[0], tickets[1], tickets[31]: 7 8 20"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_WORKERS=1
// run: WARP_EMULATOR_WORKERS=4
#include "case.cuh"

__global__ void takeTickets(unsigned int* counter, int* tickets) {
    if (threadIdx.x == 0) {
        tickets[blockIdx.x] = static_cast<int>(atomicAdd(counter, 1u));
    }
}

int main() {
    DeviceArray<unsigned int> counter(1, 0u);
    DeviceArray<int> tickets(32, -1);
    takeTickets<<<32, 64>>>(counter.device, tickets.device);
    const int status = printLaunchVerdict();
    const std::vector<int> taken = tickets.read();
    printValues("tickets[0], tickets[1], tickets[31]", {taken[0], taken[1], taken[31]});
    return status;
}
