// arrive_wait_barrier.cpp: cuda::barrier's phases, rules and memory order
// (arrive_wait_barrier.hpp), and the calls a kernel makes for them
// (warp_emulator/device/barrier_calls.hpp).
#include "rules/arrive_wait_barrier.hpp"

#include <algorithm>
#include <string>

#include "checks/async_copies.hpp"
#include "checks/memory_checks.hpp"
#include "memory/spaces.hpp"
#include "reporting/source_lines.hpp"
#include "reporting/text.hpp"
#include "warp_emulator/device/barrier_calls.hpp"

namespace warp_emulator {

namespace {

// A barrier outside shared memory is one for every block.
constexpr std::uint32_t kEveryBlock = 0xffffffffu;
constexpr size_t kPhasesKept = 8;

bool inSharedMemory(const void* address) {
    const Spaces& spaces = Spaces::get();
    const char* at = static_cast<const char*>(address);
    return spaces.staticShared().holds(at) ||
           (at >= spaces.dynamicShared() && at < spaces.dynamicShared() + kMaxSharedBytesOptIn);
}

// The barrier's own bytes, read and written by its call as an atomic would
// (checked: a plain access to them races with the arrivals it meets
// unordered). An arrival that nothing orders after init() is said as the
// rule it breaks (arrive() below), not as a race with init()'s store as well.
void touchObject(void* address, const char* file, int line) {
    const AccessRequest access{address, sizeof(unsigned long long), true, AccessKind::Atomic, Scope::Block,
                               siteOfLine(file, line)};
    Place* place = MemoryChecks::locateAtomic(access);
    MemoryChecks::atomicDone(place, access, true, false);
}

}  // namespace

ArriveWaitBarriers& ArriveWaitBarriers::instance() {
    static ArriveWaitBarriers* barriers = new ArriveWaitBarriers;
    return *barriers;
}

void ArriveWaitBarriers::beginBlock(bool keepOtherBlocks) {
    if (keepOtherBlocks) {
        return;
    }
    for (auto at = barriers_.begin(); at != barriers_.end();) {
        at = at->first.first != kEveryBlock ? barriers_.erase(at) : std::next(at);
    }
}

void ArriveWaitBarriers::gridBarrier() {
    for (auto& [key, barrier] : barriers_) {
        barrier.arrivals = Arrivals{};
        barrier.completedPhases.clear();
        barrier.initThread = 0;  // ordered before everything after the grid barrier
    }
}

ArriveWaitBarriers::Barrier* ArriveWaitBarriers::find(const void* address) {
    const std::uint32_t block = inSharedMemory(address) ? scheduler_.blockNumber : kEveryBlock;
    const auto found = barriers_.find({block, address});
    return found == barriers_.end() ? nullptr : &found->second;
}

std::string ArriveWaitBarriers::describe(const Barrier& barrier) const {
    return "(init() at " + siteText(barrier.initFile, barrier.initLine) + ": " + std::to_string(barrier.expected) +
           (barrier.expected == 1 ? " arrival" : " arrivals") + " a phase)";
}

void ArriveWaitBarriers::init(void* address, long long expected, bool hasCompletion, const char* file, int line) {
    const std::uint32_t block = inSharedMemory(address) ? scheduler_.blockNumber : kEveryBlock;
    Barrier& barrier = barriers_[{block, address}];
    barrier = Barrier{};
    barrier.expected = expected;
    barrier.pending = expected;
    barrier.hasCompletion = hasCompletion;
    barrier.initFile = file;
    barrier.initLine = line;
    barrier.initThread = scheduler_.currentGridThread();
    barrier.initEpoch = scheduler_.currentClock().epoch;
}

void ArriveWaitBarriers::completePhase(Barrier& barrier) {
    barrier.completedPhases[barrier.phase] = scheduler_.happensBefore.knowledgeOf(barrier.arrivals);
    while (barrier.completedPhases.size() > kPhasesKept) {
        barrier.completedPhases.erase(barrier.completedPhases.begin());
    }
    ++barrier.phase;
    barrier.pending = barrier.expected;
    barrier.arrivals = Arrivals{};
    barrier.arrivedThreads.clear();
    barrier.completing = false;
}

Arrival ArriveWaitBarriers::arrive(void* address, long long count, bool drop, const Request& call) {
    Barrier* barrier = find(address);
    if (barrier == nullptr) {
        scheduler_.report.ruleBroken(scheduler_.describeRunningThread() + ": " + callAndSite(call) +
                                     " on a cuda::barrier that init() never set up in this block: init(&barrier, "
                                     "expected) must come first (by one thread, then __syncthreads()), as libcu++ says.");
        return {};
    }
    const bool afterInit = barrier->initThread == 0 ||
                           scheduler_.happensBefore.ordered(barrier->initThread, barrier->initEpoch,
                                                            scheduler_.currentClock(), scheduler_.currentGridThread(), 0);
    if (!afterInit && !barrier->initRaceReported) {
        barrier->initRaceReported = true;
        scheduler_.report.ruleBroken(scheduler_.describeRunningThread() + ": " + callAndSite(call) +
                                     ", and nothing orders it after the init() at " +
                                     siteText(barrier->initFile, barrier->initLine) + " by " +
                                     scheduler_.describeThread(barrier->initThread) +
                                     ": init() must come before every other use of the barrier (one thread "
                                     "initializes it, then __syncthreads()).");
    }
    AsyncCopies::get().completeOn(address);  // the copies it was given land before its arrival counts
    if (afterInit) {
        touchObject(address, call.file, call.line);  // one before it is the rule's finding above, not a race too
    }
    scheduler_.happensBefore.arrive(scheduler_.currentClock(), static_cast<std::uint32_t>(scheduler_.currentIndex()),
                                    barrier->arrivals);
    barrier->arrivedThreads.push_back(scheduler_.currentIndex());
    Arrival arrival;
    arrival.phase = barrier->phase;
    if (count > barrier->pending) {
        scheduler_.report.ruleBroken(scheduler_.describeRunningThread() + ": " + callAndSite(call) + " " +
                                     describe(*barrier) + " made " + std::to_string(count) + " arrival(s) where phase " +
                                     std::to_string(barrier->phase) + " waited for " + std::to_string(barrier->pending) +
                                     " more: the behavior is undefined if the arrivals exceed the expected count.");
        count = barrier->pending;
    }
    barrier->pending -= count;
    if (drop) {
        --barrier->expected;
    }
    if (barrier->pending == 0) {
        if (barrier->hasCompletion) {
            barrier->completing = true;
            arrival.runsCompletion = true;
        } else {
            completePhase(*barrier);
        }
    }
    return arrival;
}

void ArriveWaitBarriers::completed(void* address) {
    Barrier* barrier = find(address);
    if (barrier == nullptr || !barrier->completing) {
        return;
    }
    // What the completion function did comes before every wait too.
    scheduler_.happensBefore.arrive(scheduler_.currentClock(), static_cast<std::uint32_t>(scheduler_.currentIndex()),
                                    barrier->arrivals);
    completePhase(*barrier);
}

void ArriveWaitBarriers::learn(Barrier& barrier, unsigned long long phase) {
    // The phase's own knowledge, or, when it is no longer kept, the oldest kept after it.
    const auto found = barrier.completedPhases.lower_bound(phase);
    if (found != barrier.completedPhases.end() && found->second != nullptr) {
        scheduler_.happensBefore.acquire(scheduler_.currentClock(), found->second);
    }
}

void ArriveWaitBarriers::wait(void* address, unsigned long long phase, const Request& call) {
    Barrier* barrier = find(address);
    if (barrier == nullptr) {
        return;  // its arrival reported it
    }
    if (barrier->phase <= phase) {
        Request request = call;
        request.op = Op::BarrierWait;
        request.value = phase;
        request.variable = address;
        scheduler_.wait(request);
        barrier = find(address);
        if (barrier == nullptr) {
            return;
        }
    }
    learn(*barrier, phase);
}

bool ArriveWaitBarriers::testWait(void* address, unsigned long long phase) {
    Barrier* barrier = find(address);
    if (barrier == nullptr || barrier->phase <= phase) {
        return barrier == nullptr;
    }
    learn(*barrier, phase);
    return true;
}

bool ArriveWaitBarriers::release() {
    if (scheduler_.barrierWaiters == 0) {
        return false;
    }
    bool progressed = false;
    for (int i = 0; i < scheduler_.threadsPerBlock; ++i) {
        const Thread& thread = scheduler_.threads()[static_cast<size_t>(i)];
        if (scheduler_.stateOf(i) != State::Waiting || thread.request.op != Op::BarrierWait) {
            continue;
        }
        const Barrier* barrier = find(thread.request.variable);
        if (barrier == nullptr || barrier->phase > thread.request.value) {
            scheduler_.release(i / warpSize, 1u << (i % warpSize));
            --scheduler_.barrierWaiters;
            progressed = true;
        }
    }
    return progressed;
}

bool ArriveWaitBarriers::forceStuck() {
    if (scheduler_.barrierWaiters == 0) {
        return false;
    }
    for (int i = 0; i < scheduler_.threadsPerBlock; ++i) {
        const Thread& thread = scheduler_.threads()[static_cast<size_t>(i)];
        if (scheduler_.stateOf(i) != State::Waiting || thread.request.op != Op::BarrierWait) {
            continue;
        }
        Barrier* barrier = find(thread.request.variable);
        if (barrier == nullptr) {
            continue;
        }
        std::vector<int> waiting, exited;
        std::map<std::string, std::vector<int>> elsewhere;
        for (int other = 0; other < scheduler_.threadsPerBlock; ++other) {
            const Thread& them = scheduler_.threads()[static_cast<size_t>(other)];
            if (std::find(barrier->arrivedThreads.begin(), barrier->arrivedThreads.end(), other) !=
                barrier->arrivedThreads.end()) {
                continue;
            }
            if (scheduler_.stateOf(other) == State::Exited) {
                exited.push_back(other);
            } else if (them.request.op == Op::BarrierWait && them.request.variable == thread.request.variable) {
                waiting.push_back(other);
            } else {
                elsewhere[callAndSite(them.request)].push_back(other);
            }
        }
        std::vector<int> arrived = barrier->arrivedThreads;
        std::sort(arrived.begin(), arrived.end());
        arrived.erase(std::unique(arrived.begin(), arrived.end()), arrived.end());
        std::string text = scheduler_.whereBlock() + ": " + callAndSite(thread.request) + " " + describe(*barrier) +
                           " can never return: its phase " + std::to_string(barrier->phase) + " has had " +
                           std::to_string(barrier->expected - barrier->pending) + " arrival(s) (" +
                           (arrived.empty() ? std::string("from no thread") : "from " + threadsPhrase(arrived)) + ")";
        if (!exited.empty()) {
            text += "; " + threadsPhrase(exited) + " exited without arriving";
        }
        for (const auto& [place, threads] : elsewhere) {
            text += "; " + threadsPhrase(threads) + (threads.size() == 1 ? " waits at " : " wait at ") + place;
        }
        scheduler_.report.ruleBroken(text + ". A phase completes only when as many arrivals as init() said have "
                                            "come; a GPU would wait here for ever. The phase was completed with "
                                            "the arrivals it had.");
        completePhase(*barrier);
        return true;
    }
    return false;
}

// ---------------------------------------------------------------------------
// The calls a kernel makes (barrier_calls.hpp)
// ---------------------------------------------------------------------------

void barrierInit(void* barrier, long long expected, bool hasCompletion, const char* file, int line) {
    const RuntimeCode runtime;
    ArriveWaitBarriers::instance().init(barrier, expected, hasCompletion, file, line);
}

Arrival barrierArrive(void* barrier, long long count, bool drop, const GroupCall& call, const char* file, int line) {
    const RuntimeCode runtime;
    Request request;
    request.op = Op::BarrierWait;
    request.group = call;
    request.file = file;
    request.line = line;
    return ArriveWaitBarriers::instance().arrive(barrier, count, drop, request);
}

void barrierCompleted(void* barrier) {
    const RuntimeCode runtime;
    ArriveWaitBarriers::instance().completed(barrier);
}

void barrierWait(void* barrier, unsigned long long phase, const GroupCall& call, const char* file, int line) {
    const RuntimeCode runtime;
    Request request;
    request.op = Op::BarrierWait;
    request.group = call;
    request.file = file;
    request.line = line;
    ArriveWaitBarriers::instance().wait(barrier, phase, request);
}

bool barrierTestWait(void* barrier, unsigned long long phase) {
    const RuntimeCode runtime;
    return ArriveWaitBarriers::instance().testWait(barrier, phase);
}

}  // namespace warp_emulator
