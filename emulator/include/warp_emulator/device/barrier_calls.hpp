// barrier_calls.hpp: libcu++'s arrive-wait barrier (cuda::barrier of
// <cuda/barrier>, and the stages of a cuda::pipeline of block scope), as a
// kernel hands it to the runtime (runtime/rules/arrive_wait_barrier.hpp says
// its rules). The barrier is known by its address; its object's own bytes
// are checked as memory the barrier's calls read and write.
#pragma once

#include "kernel_calls.hpp"

namespace warp_emulator {

// init(&barrier, expected): each phase completes when `expected` arrivals come.
void barrierInit(void* barrier, long long expected, bool hasCompletion, const char* file, int line);
// What an arrival answers: the phase it counted toward (its token), and
// whether it completed a phase whose completion function the arriving thread
// must now run (then barrierCompleted() follows it).
struct Arrival {
    unsigned long long phase = 0;
    bool runsCompletion = false;
};
// `count` arrivals by the calling thread (arrive(n)); `drop`: arrive_and_drop(),
// one fewer expected from the next phase on.
Arrival barrierArrive(void* barrier, long long count, bool drop, const GroupCall& call, const char* file, int line);
void barrierCompleted(void* barrier);
// Returns once the phase `phase` has completed (wait(token)).
void barrierWait(void* barrier, unsigned long long phase, const GroupCall& call, const char* file, int line);
// Whether it has (test_wait(token), try_wait(token)); learns what it ordered if so.
bool barrierTestWait(void* barrier, unsigned long long phase);

}  // namespace warp_emulator
