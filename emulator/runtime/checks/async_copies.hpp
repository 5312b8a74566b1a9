// async_copies.hpp: the asynchronous copies (cg::memcpy_async,
// cuda::memcpy_async), how they land, and the check that nothing touches
// what a copy in flight writes or reads.
//
// The Programming Guide ("Asynchronous Data Copies") asks that a copy's
// destination be read only after the copy has completed (cg::wait,
// cg::wait_prior, a pipeline's consumer_wait, or the wait of the barrier the
// copy was given), and that neither its source nor its destination be
// written while it is in flight: the copy may be made at any moment between.
// So here each thread keeps its copies as they were issued, in batches (one
// for each cg::memcpy_async, one for each pipeline's producer_commit), and
// makes them only when it waits for them: then, and only then, they are
// checked as that thread's read of the source and write of the destination,
// at the line that issued them, by memcheck, initcheck and racecheck, and the
// bytes are copied. Between the issue and that wait the copy is in flight,
// and any thread's read of its destination, or write to its destination or
// source, is reported as a race with the copy (the access is made, and
// reads what is there: for shared memory not yet written, that is poison).
// An access between the issue and the wait is unordered with the copy,
// whatever else orders it; one before the issue or after the wait is checked
// against the copy's accesses as any other (racecheck.hpp).
//
// Where a copy's bytes lie is checked when it is issued: one outside memory
// the kernel may touch stops the kernel there, as any invalid access does,
// and so does a copy whose addresses or size break the alignment its
// cuda::aligned_size_t promised (cudaErrorMisalignedAddress).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <unordered_map>
#include <vector>

#include "checks/memcheck.hpp"

namespace warp_emulator {

// How many copies are in flight: the check costs one comparison when none is.
extern std::size_t asyncCopiesInFlight;

class AsyncCopies {
public:
    static AsyncCopies& get();
    void beginLaunch();

    // The calls of warp_emulator/device/async_copies.hpp, by the running thread.
    void issue(void* destination, const void* source, size_t bytes, size_t alignment, size_t chunk, unsigned int rank,
               unsigned int threads, const void* barrier, const char* call, const char* file, int line);
    void commit();
    void waitPrior(unsigned int keep);
    void completeOn(const void* barrier);
    // The running thread exits: what it left in flight lands now.
    void threadExits();

    // Every access of a kernel while a copy is in flight (memory_checks.cpp).
    void check(const Place& place, const AccessRequest& access);

private:
    struct Copy {
        char* destination;
        const char* source;
        size_t bytes;
        const void* barrier;  // the cuda::barrier it completes with, or null
        const char* call;
        const char* file;
        int line;
    };
    struct Batches {
        std::vector<Copy> open;                  // issued since the last commit
        std::deque<std::vector<Copy>> committed; // oldest first
        std::vector<Copy> onBarriers;
    };
    struct InFlight {
        std::uintptr_t end;
        std::uint32_t thread;  // grid thread + 1
        std::uint32_t block;   // its block, for shared memory, where every block has the same addresses
        const char* call;
        const char* file;
        int line;
    };
    std::unordered_map<std::uint32_t, Batches> threads_;  // by grid thread + 1
    std::multimap<std::uintptr_t, InFlight> destinations_, sources_;
    size_t longest_ = 0;
    const Copy* landing_ = nullptr;  // the copy being made now, whose accesses are being checked

    void track(const Copy& copy, std::uint32_t thread);
    void untrack(const Copy& copy, std::uint32_t thread);
    void land(const Copy& copy);
    void landAll(std::vector<Copy>& copies);
    void reportConflict(const InFlight& flying, const Place& place, const AccessRequest& access, bool ofDestination);
};

}  // namespace warp_emulator
