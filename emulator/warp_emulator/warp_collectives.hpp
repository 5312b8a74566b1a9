// warp_collectives.hpp: the rules and the results of the warp collectives:
// shuffles, votes, matches, reductions, __syncwarp() and __activemask().
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
//   vote/match/redux: over the non-exited threads of the mask that take part;
//     match.all.sync gives "the mask of non-exited threads in membermask" when
//     they all hold the same value, else 0 (lanes 24-31 exited: 0x00ffffff).
#pragma once

#include "scheduler.hpp"

namespace warp_emulator {

inline bool isPowerOfTwoWidth(int width) { return width >= 1 && width <= warpSize && (width & (width - 1)) == 0; }

// The lane a shuffle reads for `lane`, by the PTX ISA's shfl.sync semantics,
// or `lane` itself where it keeps its own value.
inline int Runtime::sourceLane(const Request& request, int lane) {
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

// Two lanes are at the same call when they reached the same intrinsic with the
// same mask and, where PTX's instruction has them, the same qualifiers:
// match.sync's .b32 or .b64, redux.sync's .s32 or .u32.
inline bool sameCall(const Request& a, const Request& b) {
    if (a.op != b.op || a.mask != b.mask) {
        return false;
    }
    if (isMatch(a.op)) {
        return a.type.bytes == b.type.bytes;
    }
    if (isReduce(a.op)) {
        return a.isSigned == b.isSigned;
    }
    return true;
}

// The waiting lanes at the same call as `request` (sameCall).
inline unsigned int Runtime::lanesAtCall(int warp, const Request& request) const {
    unsigned int group = 0;
    for (int lane : eachLane(lanesWhere(warp, State::Waiting))) {
        if (sameCall(threads_[static_cast<size_t>(warp * warpSize + lane)].request, request)) {
            group |= 1u << lane;
        }
    }
    return group;
}

// The lanes `request`'s mask names that are neither in `group` nor exited:
// those the call still waits for (R2 above: exited lanes are not waited for).
inline unsigned int Runtime::missingLanes(int warp, const Request& request, unsigned int group) const {
    const unsigned int exited = lanesWhere(warp, State::Exited) | ~existingLanes(warp);
    return request.mask & ~group & ~exited;
}

// The lanes at the same call as `request` when every lane its mask names is
// there or has exited; 0 otherwise.
inline unsigned int Runtime::readyGroup(int warp, const Request& request) {
    if (!isWarpCall(request.op)) {
        return 0;
    }
    const unsigned int group = lanesAtCall(warp, request);
    return missingLanes(warp, request, group) == 0 ? group : 0u;
}

// Carries out every call of `warp` whose named lanes have all arrived or exited.
inline bool Runtime::completeReadyCalls(int warp) {
    bool progressed = false;
    unsigned int considered = 0;
    for (int first : eachLane(lanesWhere(warp, State::Waiting))) {
        const Request& request = laneOf(warp, first).request;
        if (((considered >> first) & 1u) != 0 || !isWarpCall(request.op)) {
            continue;
        }
        const unsigned int group = lanesAtCall(warp, request);
        considered |= group;
        if (missingLanes(warp, request, group) == 0) {
            carryOut(warp, group, false);
            progressed = true;
        }
    }
    return progressed;
}

// __activemask(): the lanes that reached the same __activemask() call together.
inline bool Runtime::answerActiveMask(int warp) {
    const unsigned int waiting = lanesWhere(warp, State::Waiting);
    bool progressed = false;
    for (int first = 0; first < warpSize; ++first) {
        Thread& thread = laneOf(warp, first);
        // A lane answered as part of an earlier group is Runnable by now.
        if (((waiting >> first) & 1u) == 0 || thread.state != State::Waiting || thread.request.op != Op::ActiveMask) {
            continue;
        }
        unsigned int together = 0;
        for (int lane = first; lane < warpSize; ++lane) {
            const Request& other = laneOf(warp, lane).request;
            if (((waiting >> lane) & 1u) != 0 && other.op == Op::ActiveMask && sameSite(other, thread.request)) {
                together |= 1u << lane;
            }
        }
        if (tracingLaunch_ && trace.traces(blockIndex, warp)) {
            traceCall(warp, together, thread.request, waiting & ~together, lanesWhere(warp, State::Exited));
        }
        for (int lane : eachLane(together)) {
            laneOf(warp, lane).request.result = together;
        }
        release(warp, together);
        progressed = true;
    }
    return progressed;
}

// No call can complete and no barrier can be released: some lane named in a
// mask is never coming. Carries out the call holding the lowest waiting lane
// of the first such warp, after reporting who is missing and where they are.
inline bool Runtime::forceStuckCall() {
    for (int warp = 0; warp < warpCount(); ++warp) {
        for (int first : eachLane(lanesWhere(warp, State::Waiting))) {
            const Request& request = laneOf(warp, first).request;
            if (!isWarpCall(request.op)) {
                continue;
            }
            const unsigned int group = lanesAtCall(warp, request);
            reportMissing(warp, request, group, missingLanes(warp, request, group));
            carryOut(warp, group, true);
            return true;
        }
    }
    return false;
}

inline void Runtime::reportMissing(int warp, const Request& request, unsigned int arrived, unsigned int missing) {
    std::string text = whereWarp(warp) + ": " + callAndSite(request) + " was reached by " + lanesPhrase(arrived) +
                       ", but " + lanesPhrase(missing) + ", named in its mask, never arrived:";
    std::map<std::string, unsigned int> elsewhere;  // where the missing lanes are instead, one clause per place
    for (int lane : eachLane(missing)) {
        const Request& other = laneOf(warp, lane).request;
        const std::string place = (other.op != request.op     ? "at "
                                   : other.mask != request.mask ? "at the same intrinsic with a different mask, "
                                                                : "at the same intrinsic on another type (" +
                                                                      jsonTypeName(other.type) + "), ") +
                                  callAndSite(other);
        elsewhere[place] |= 1u << lane;
    }
    for (const auto& [place, lanes] : elsewhere) {
        text += " " + lanesPhrase(lanes) + (__builtin_popcount(lanes) == 1 ? " waits " : " wait ") + place + ";";
    }
    text.back() = '.';
    report.ruleBroken(text + " All non-exited threads named in a mask must execute the same intrinsic with the same "
                             "mask. The call went ahead with the lanes that came.");
}

// R2, whichever group could finish first. Lanes still waiting at this
// intrinsic with another mask that names lanes of this group: each such lane
// of the group is noted. If it later joins them, nothing was wrong (a
// __syncwarp() with a narrower mask in a branch, then a full one after it);
// if it exits instead, those waiting lanes would count it as exited although
// it executed the intrinsic with another mask while they waited for it.
inline void Runtime::noteMaskConflicts(int warp, unsigned int group, const Request& request) {
    for (int lane : eachLane(group)) {
        MaskConflict& conflict = laneOf(warp, lane).conflict;
        if (conflict.active && conflict.op == request.op && conflict.waitedMask == request.mask) {
            conflict.active = false;  // it joined the call that waited for it
        }
    }
    const unsigned int others = lanesWhere(warp, State::Waiting) & ~group;
    for (int other : eachLane(others)) {
        const Request& theirs = laneOf(warp, other).request;
        if (theirs.op != request.op || theirs.mask == request.mask || (theirs.mask & group) == 0) {
            continue;
        }
        for (int lane : eachLane(theirs.mask & group)) {
            laneOf(warp, lane).conflict = MaskConflict{true, request.op, theirs.mask, request.mask, request.file, request.line};
        }
    }
}

// A group about to be carried out whose mask names lanes that have exited:
// any of them that executed this intrinsic with another mask while the group
// waited broke the rule.
inline void Runtime::reportLanesThatLeft(int warp, unsigned int group, const Request& request) {
    std::map<std::pair<unsigned int, std::string>, unsigned int> left;  // (their mask, site) -> lanes
    for (int lane : eachLane(request.mask & lanesWhere(warp, State::Exited))) {
        MaskConflict& conflict = laneOf(warp, lane).conflict;
        if (conflict.active && conflict.op == request.op && conflict.waitedMask == request.mask) {
            Request theirs = request;
            theirs.mask = conflict.ownMask;
            theirs.file = conflict.file;
            theirs.line = conflict.line;
            left[{conflict.ownMask, callAndSite(theirs)}] |= 1u << lane;
            conflict.active = false;
        }
    }
    for (const auto& [key, lanes] : left) {
        report.ruleBroken(whereWarp(warp) + ": " + callAndSite(request) + " was reached by " + lanesPhrase(group) +
                          ", but " + lanesPhrase(lanes) + ", named in its mask, reached the same intrinsic with mask " +
                          hexMask(key.first) + " instead (" + key.second + ") while " +
                          (__builtin_popcount(group) == 1 ? "it" : "they") +
                          " waited, and then exited. All non-exited threads named in a mask must execute the same "
                          "intrinsic with the same mask.");
    }
}

// `forced`: the caller has reported the lanes it goes ahead without.
inline void Runtime::carryOut(int warp, unsigned int group, bool forced) {
    const Request request = laneOf(warp, __builtin_ctz(group)).request;  // op and mask are the same for the group
    const unsigned int named = group & request.mask;
    const unsigned int uncalled = group & ~request.mask;
    if (uncalled != 0) {
        report.ruleBroken(whereWarp(warp) + ": " + lanesPhrase(uncalled) + " called " + callAndSite(request) +
                          ", whose mask does not name " + (__builtin_popcount(uncalled) == 1 ? "it" : "them") +
                          ". Each calling thread must have its own bit set in the mask.");
    }
    reportLanesThatLeft(warp, group, request);
    if (!forced) {
        noteMaskConflicts(warp, group, request);
    }

    unsigned int badWidth = 0;
    std::uint64_t ballot = 0;
    for (int lane : eachLane(named)) {
        if (laneOf(warp, lane).request.value != 0) {
            ballot |= 1ull << lane;
        }
    }
    for (int lane : eachLane(group)) {
        Request& mine = laneOf(warp, lane).request;
        mine.poisoned = ((request.mask >> lane) & 1u) == 0;
        if (isShuffle(request.op)) {
            if (!isPowerOfTwoWidth(mine.width)) {
                badWidth |= 1u << lane;
                mine.poisoned = true;
                continue;
            }
            const int source = sourceLane(mine, lane);
            if (((named >> source) & 1u) == 0) {
                const auto identity = std::make_tuple(mine.op, mine.mask, mine.operand, mine.width, mine.file, mine.line);
                auto known = readingCalls_.find(identity);
                if (known == readingCalls_.end()) {
                    known = readingCalls_.emplace(identity, report.addCall(callAndSite(mine))).first;
                }
                report.undefinedRead(known->second, lane, source, [&] { return whereWarp(warp); });
                mine.poisoned = true;
            } else {
                mine.result = laneOf(warp, source).request.value;
            }
        } else if (request.op == Op::Ballot) {
            mine.result = ballot;
        } else if (request.op == Op::Any) {
            mine.result = ballot != 0;
        } else if (request.op == Op::All) {
            mine.result = ballot == named;
        } else if (request.op == Op::Uni) {
            mine.result = ballot == 0 || ballot == named;
        } else if (isMatch(request.op)) {
            unsigned int same = 0;  // the named lanes holding this lane's value, bit for bit
            for (int other : eachLane(named)) {
                if (laneOf(warp, other).request.value == mine.value) {
                    same |= 1u << other;
                }
            }
            mine.allMatched = same == named;
            mine.result = request.op == Op::MatchAny ? same : (mine.allMatched ? named : 0u);
        } else if (isReduce(request.op)) {
            mine.result = reduce(warp, request.op, named, mine.isSigned);
        }
    }
    if (badWidth != 0) {
        report.ruleBroken(whereWarp(warp) + ": " + lanesPhrase(badWidth) + " called " + callAndSite(request) +
                          " with a width that is not 1, 2, 4, 8, 16 or 32; the result is undefined.");
    }
    if (tracingLaunch_ && trace.traces(blockIndex, warp)) {
        traceCall(warp, group, request, lanesWhere(warp, State::Waiting) & ~group, lanesWhere(warp, State::Exited));
    }
    release(warp, group);
}

// __reduce_*_sync over the named lanes that arrived, on 32-bit values.
inline std::uint64_t Runtime::reduce(int warp, Op op, unsigned int named, bool isSigned) {
    std::uint32_t result = op == Op::ReduceAnd ? 0xffffffffu : 0u;
    bool first = true;
    auto below = [isSigned](std::uint32_t a, std::uint32_t b) {
        return isSigned ? static_cast<std::int32_t>(a) < static_cast<std::int32_t>(b) : a < b;
    };
    for (int lane : eachLane(named)) {
        const auto value = static_cast<std::uint32_t>(laneOf(warp, lane).request.value);
        switch (op) {
            case Op::ReduceAdd: result += value; break;
            case Op::ReduceMin: result = first || below(value, result) ? value : result; break;
            case Op::ReduceMax: result = first || below(result, value) ? value : result; break;
            case Op::ReduceAnd: result &= value; break;
            case Op::ReduceOr: result |= value; break;
            default: result ^= value; break;
        }
        first = false;
    }
    return result;
}

// One call of the traced warp, in the format of emulator/TRACE.md.
inline void Runtime::traceCall(int warp, unsigned int group, const Request& request, unsigned int waiting,
                               unsigned int exited) {
    std::string head = "{\"record\":\"call\",\"kernel\":" + jsonString(report.kernel) +
                       ",\"intrinsic\":" + jsonString(opName(request.op)) + ",\"file\":" +
                       jsonString(baseName(request.file)) +
                       ",\"line\":" + std::to_string(request.line);
    if (request.op != Op::ActiveMask) {
        head += ",\"mask\":" + jsonMask(request.mask);
    }
    head += ",\"took_part\":" + jsonMask(group) + ",\"waiting\":" + jsonMask(waiting) + ",\"exited\":" + jsonMask(exited);
    if (isShuffle(request.op)) {
        head += ",\"operand\":" + std::to_string(request.operand) + ",\"width\":" + std::to_string(request.width) +
                ",\"type\":" + jsonString(jsonTypeName(request.type));
    } else if (isMatch(request.op) || isReduce(request.op)) {
        head += ",\"type\":" + jsonString(jsonTypeName(request.type));
    } else if (request.op == Op::Ballot) {
        head += ",\"result\":" + jsonMask(static_cast<unsigned int>(laneOf(warp, __builtin_ctz(group)).request.result));
    } else if (request.op == Op::Any || request.op == Op::All || request.op == Op::Uni) {
        head += ",\"result\":" + std::to_string(laneOf(warp, __builtin_ctz(group)).request.result);
    }
    std::vector<Trace::Lane> lanes;
    for (int lane : eachLane(group)) {
        const Request& mine = laneOf(warp, lane).request;
        Trace::Lane entry;
        entry.lane = lane;
        entry.fields = "\"lane\":" + std::to_string(lane);
        if (isShuffle(request.op)) {
            const int source = isPowerOfTwoWidth(mine.width) ? sourceLane(mine, lane) : lane;
            entry.fields += ",\"value\":" + jsonValue(mine.value, mine.type) + ",\"source\":" + std::to_string(source) +
                            ",\"read\":" + (mine.poisoned ? "null" : jsonValue(mine.result, mine.type)) +
                            ",\"poison\":" + (mine.poisoned ? "true" : "false");
            entry.variable = mine.variable;
            entry.type = mine.type;
            entry.wantsAfter = true;
        } else if (isVote(request.op)) {
            entry.fields += ",\"predicate\":" + std::to_string(mine.value != 0 ? 1 : 0);
        } else if (isMatch(request.op)) {
            entry.fields += ",\"value\":" + jsonValue(mine.value, mine.type) +
                            ",\"result\":" + jsonMask(static_cast<unsigned int>(mine.result));
            if (request.op == Op::MatchAll) {
                entry.fields += std::string(",\"pred\":") + (mine.allMatched && !mine.poisoned ? "1" : "0");
            }
        } else if (isReduce(request.op)) {
            entry.fields += ",\"value\":" + jsonValue(mine.value, mine.type) +
                            ",\"result\":" + jsonValue(mine.result, mine.type);
        } else if (request.op == Op::ActiveMask) {
            entry.fields += ",\"result\":" + jsonMask(group);
        }
        lanes.push_back(std::move(entry));
    }
    trace.call(std::move(head), std::move(lanes));
}

}  // namespace warp_emulator
