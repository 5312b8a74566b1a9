// group_calls.cpp: what a kernel's cooperative groups ask of the runtime
// beyond their collectives (warp_emulator/groups/calls.hpp): whether the
// launch is cooperative, grid.sync(), and a group's call that CUDA's header
// would stop the kernel at.
#include <string>

#include "checks/memory_checks.hpp"
#include "reporting/text.hpp"
#include "scheduling/scheduler.hpp"
#include "warp_emulator/groups/calls.hpp"

namespace warp_emulator {

bool cooperativeLaunch() { return Scheduler::instance().cooperative; }

void groupAbort(const char* call, const char* rule, const char* file, int line) {
    const RuntimeCode runtime;
    Scheduler& scheduler = Scheduler::instance();
    scheduler.report.ruleBroken(scheduler.describeRunningThread() + ": " + call + " at " + siteText(file, line) + ": " +
                                rule + ". CUDA's header stops the kernel there (details::abort(), a __trap()).");
    scheduler.stopKernel(cudaErrorLaunchFailure, "the kernel stopped there, as a GPU's __trap() stops it: the runtime "
                                                 "API answers cudaErrorLaunchFailure from now on, as a GPU's does");
}

void gridSync(const GroupCall& call, const char* file, int line) {
    const RuntimeCode runtime;
    Scheduler& scheduler = Scheduler::instance();
    Request request;
    request.op = Op::SyncGrid;
    request.group = call;
    request.file = file;
    request.line = line;
    if (!scheduler.cooperative) {
        scheduler.report.ruleBroken(
            scheduler.describeRunningThread() + ": " + callAndSite(request) +
            " in a kernel not launched with cudaLaunchCooperativeKernel. Grid synchronization needs a cooperative "
            "launch (the Programming Guide, \"Grid Synchronization\"), whose blocks are all resident at once; without "
            "one grid_group::is_valid() is false, and CUDA's grid_group::sync() stops the kernel with __trap().");
        scheduler.stopKernel(cudaErrorLaunchFailure,
                             "the kernel stopped at that grid.sync(), as a GPU's __trap() stops it: the runtime API "
                             "answers cudaErrorLaunchFailure from now on, as a GPU's does");
    }
    scheduler.wait(request);
}

}  // namespace warp_emulator
