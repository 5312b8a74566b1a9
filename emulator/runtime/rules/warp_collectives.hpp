// warp_collectives.hpp: the rules and the results of the warp collectives:
// shuffles, votes, matches, reductions, __syncwarp() and __activemask(), and
// mma.h's warp matrix functions, whose own rules are warp_matrix.hpp's. Of
// them only __syncwarp() orders memory (happens_before.hpp).
//
// The rules, in the words of the CUDA C++ Programming Guide ("Warp __sync
// Intrinsic Constraints", and the sections on each intrinsic) and the PTX ISA
// (shfl.sync, vote.sync, match.sync, redux.sync, bar.warp.sync):
//
//   R1 "Each calling thread must have its own bit set in the mask."
//      A lane whose mask leaves itself out is reported, and gets poison.
//   R2 "All non-exited threads named in mask must execute the same intrinsic
//      with the same mask, or the result is undefined." The emulator groups
//      the lanes that wait at the same intrinsic with the same mask (at any
//      call site: since compute capability 7.0 the PTX ISA asks for "the same
//      qualifiers and same membermask", not the same instruction). A group is
//      carried out once every lane its mask names has joined it or exited.
//      Reported: a named lane that, while the call waited for it, executed
//      the same intrinsic with another mask and then exited (whichever group
//      could finish first); and, when a block can go no further, every named
//      lane that never came, with where it waits instead. The call then goes
//      ahead with the lanes that came, where a GPU might hang.
//      Exited lanes count as arrived: the rule names only non-exited threads,
//      so a warp whose other lanes returned early may still pass the full mask.
//   R3 "Threads may only read data from another thread which is actively
//      participating in the __shfl_sync() command. If the target thread is
//      inactive, the retrieved value is undefined." A lane takes part when it
//      is in the group and named by the mask. Every read of another lane is
//      logged by lane and call; the reader gets poison (NaN, or 0xBAADF00D
//      bytes for integers), so that wrong answers show.
//   R4 "width must have a value which is a power of 2; results are undefined
//      if width is not a power of 2, or is a number greater than warpSize."
//
// The results follow the PTX ISA, where the Guide says less:
//   shfl.sync: the source lane j from lane, b[4:0] and c (c packs the
//     segment mask 32 - width and the clamp); "If the computed source lane
//     index j is in range, the thread will copy the input operand a from lane
//     j ... otherwise, the thread will simply copy its own input". So an
//     offset, lane mask or source lane of 32 or more uses its low five bits:
//     xor 33 is xor 1 (evidence/gpu-answers-h200.txt).
//   A cooperative group's collective (Op::GroupMeet: cg::reduce, the scans,
//   cg::memcpy_async) is a meeting of the group's lanes under R1 and R2; each
//   lane learns which lanes met. A lane of the group that has exited, or one
//   that never came, leaves its answer undefined (R3's reading of an absent
//   lane): the lanes that met get poison.
//   vote/match/redux: over the non-exited threads of the mask that take part;
//     match.all.sync gives "the mask of non-exited threads in membermask" when
//     they all hold the same value, else 0 (lanes 24-31 exited: 0x00ffffff).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "scheduling/scheduler.hpp"

namespace warp_emulator {

class WarpCollectives {
public:
    // Inline: the checks ask for it at every access.
    static WarpCollectives& instance() {
        static WarpCollectives* const collectives = new WarpCollectives;
        return *collectives;
    }
    void beginLaunch() { readingCalls_.clear(); }

    // Carries out every call of `warp` whose named lanes have all arrived or exited.
    bool completeReadyCalls(int warp);
    // __activemask(): the lanes that reached the same __activemask() call together.
    bool answerActiveMask(int warp);
    // No call can complete and no barrier can be released: some lane named in
    // a mask is never coming. Reports who is missing and where they are, and
    // carries out the call holding the lowest waiting lane of the first such warp.
    bool forceStuckCall();

    // The lane a shuffle reads for `lane`, by the PTX ISA's shfl.sync
    // semantics, or `lane` itself where it keeps its own value. Inline: every
    // lane of every shuffle asks it.
    static int sourceLane(const Request& request, int lane) {
        const unsigned int segmentBits = static_cast<unsigned int>(warpSize - request.width) & 0x1fu;
        const unsigned int clamp = request.op == Op::ShflUp ? 0u : 0x1fu;
        const int offset = static_cast<int>(static_cast<unsigned int>(request.operand) & 0x1fu);
        const int maxLane = static_cast<int>((static_cast<unsigned int>(lane) & segmentBits) | (clamp & ~segmentBits));
        const int minLane = static_cast<int>(static_cast<unsigned int>(lane) & segmentBits);
        int source = lane;
        bool inRange = false;
        switch (request.op) {
            case Op::ShflUp: source = lane - offset; inRange = source >= maxLane; break;
            case Op::ShflDown: source = lane + offset; inRange = source <= maxLane; break;
            case Op::ShflXor: source = lane ^ offset; inRange = source <= maxLane; break;
            default: source = minLane | (offset & ~static_cast<int>(segmentBits)); inRange = source <= maxLane; break;
        }
        return inRange ? source : lane;
    }

private:
    Scheduler& scheduler_ = Scheduler::instance();
    // The calls that read an absent lane, numbered as in LaunchReport::calls.
    std::map<std::tuple<Op, unsigned int, int, int, const char*, int>, int> readingCalls_;
    // The lanes of a __syncwarp() and their clocks, kept from one call to the
    // next for their room (nothing allocated per call).
    std::vector<ThreadClock*> syncwarpClocks_;
    std::vector<int> syncwarpLanes_;

    bool completeWholeWarpShuffle(int warp);
    unsigned int lanesAtCall(int warp, const Request& request);
    unsigned int missingLanes(int warp, const Request& request, unsigned int group) const;
    void carryOut(int warp, unsigned int group, bool forced);
    void noteMaskConflicts(int warp, unsigned int group, const Request& request);
    void reportLanesThatLeft(int warp, unsigned int group, const Request& request);
    void reportMissing(int warp, const Request& request, unsigned int arrived, unsigned int missing);
    void orderMemory(int warp, unsigned int named);
    void groupMet(int warp, unsigned int group, const Request& request, bool forced);
    std::uint64_t reduce(int warp, Op op, unsigned int named, bool isSigned);
    void traceCall(int warp, unsigned int group, const Request& request, unsigned int waiting, unsigned int exited);
};

}  // namespace warp_emulator
