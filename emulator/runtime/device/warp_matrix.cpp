// warp_matrix.cpp: the call a kernel makes for mma.h's load_matrix_sync,
// store_matrix_sync and mma_sync (kernel_calls.hpp's warpMatrix): the lane
// waits, as at any warp collective, until its warp has met at the call and
// the call is carried out (rules/warp_matrix.cpp checks it and computes
// mma_sync's product); then, in its own turn, it loads or stores its own
// elements, each an access of this lane checked as any other.
#include <cstdio>
#include <cstdlib>

#include "checks/memory_checks.hpp"
#include "rules/warp_matrix.hpp"
#include "scheduling/scheduler.hpp"

namespace warp_emulator {

void warpMatrix(const Request& request) {
    const RuntimeCode runtime;
    Scheduler& scheduler = Scheduler::instance();
    if (!scheduler.inKernel()) {
        std::fprintf(stderr, "warp emulator: a warp matrix function called outside a kernel\n");
        std::abort();
    }
    const Request done = scheduler.wait(request);
    if (!done.poisoned && done.op != Op::MatrixMultiply) {
        WarpMatrix::accessMemory(done, scheduler.currentIndex() % warpSize);
    }
}

}  // namespace warp_emulator
