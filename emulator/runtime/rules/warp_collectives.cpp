// warp_collectives.cpp: the rules and the results of the warp collectives
// (warp_collectives.hpp says which, in the words of the Guide and the PTX ISA).
#include "rules/warp_collectives.hpp"

#include <map>
#include <vector>

#include "reporting/text.hpp"
#include "rules/warp_matrix.hpp"

namespace warp_emulator {

static bool isPowerOfTwoWidth(int width) { return width >= 1 && width <= warpSize && (width & (width - 1)) == 0; }


// Two lanes are at the same call when they reached the same intrinsic with the
// same mask and, where PTX's instruction has them, the same qualifiers:
// match.sync's .b32 or .b64, redux.sync's .s32 or .u32.
static bool sameCall(const Request& a, const Request& b) {
    if (a.op != b.op || a.mask != b.mask) {
        return false;
    }
    if (isMatrix(a.op)) {  // the same fragment types (warp_matrix.hpp's M2)
        const int fragments = a.op == Op::MatrixMultiply ? 4 : 1;
        for (int i = 0; i < fragments; ++i) {
            if (!(a.matrix.fragments[i] == b.matrix.fragments[i])) {
                return false;
            }
        }
        return true;
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
unsigned int WarpCollectives::lanesAtCall(int warp, const Request& request) {
    unsigned int group = 0;
    for (int lane : eachLane(scheduler_.lanesWhere(warp, State::Waiting))) {
        if (sameCall(scheduler_.threads()[static_cast<size_t>(warp * warpSize + lane)].request, request)) {
            group |= 1u << lane;
        }
    }
    return group;
}

// The lanes `request`'s mask names that are neither in `group` nor exited:
// those the call still waits for (R2 above: exited lanes are not waited for).
unsigned int WarpCollectives::missingLanes(int warp, const Request& request, unsigned int group) const {
    const unsigned int exited = scheduler_.lanesWhere(warp, State::Exited) | ~scheduler_.existingLanes(warp);
    return request.mask & ~group & ~exited;
}

// The commonest call of all, in one pass: every lane of a whole warp at the
// same shuffle with the full mask, each with a valid width, none of them
// holding a mask conflict, and the warp not traced. Every lane takes part
// and reads a lane that does, so there is nothing to report: carryOut()
// would do just this. False, having changed nothing, otherwise.
bool WarpCollectives::completeWholeWarpShuffle(int warp) {
    if (scheduler_.lanesWhere(warp, State::Waiting) != 0xffffffffu || scheduler_.tracing(warp)) {
        return false;
    }
    const Request& first = scheduler_.laneOf(warp, 0).request;
    if (!isShuffle(first.op) || first.mask != 0xffffffffu) {
        return false;
    }
    for (int lane = 0; lane < warpSize; ++lane) {
        const Thread& thread = scheduler_.laneOf(warp, lane);
        if (thread.request.op != first.op || thread.request.mask != first.mask ||
            !isPowerOfTwoWidth(thread.request.width) || thread.conflict.active) {
            return false;
        }
    }
    for (int lane = 0; lane < warpSize; ++lane) {
        Request& mine = scheduler_.laneOf(warp, lane).request;
        mine.poisoned = false;
        mine.result = scheduler_.laneOf(warp, sourceLane(mine, lane)).request.value;
    }
    scheduler_.release(warp, 0xffffffffu);
    return true;
}

// Carries out every call of `warp` whose named lanes have all arrived or exited.
bool WarpCollectives::completeReadyCalls(int warp) {
    if (scheduler_.lanesAtWarpCalls(warp) == 0) {
        return false;  // its waiting lanes (if any) are at block barriers
    }
    if (completeWholeWarpShuffle(warp)) {
        return true;
    }
    bool progressed = false;
    unsigned int considered = 0;
    for (int first : eachLane(scheduler_.lanesWhere(warp, State::Waiting))) {
        const Request& request = scheduler_.laneOf(warp, first).request;
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
bool WarpCollectives::answerActiveMask(int warp) {
    const unsigned int waiting = scheduler_.lanesWhere(warp, State::Waiting);
    bool progressed = false;
    for (int first = 0; first < warpSize; ++first) {
        Thread& thread = scheduler_.laneOf(warp, first);
        // A lane answered as part of an earlier group is Runnable by now.
        if (((waiting >> first) & 1u) == 0 || scheduler_.stateOf(warp * warpSize + first) != State::Waiting ||
            thread.request.op != Op::ActiveMask) {
            continue;
        }
        unsigned int together = 0;
        for (int lane = first; lane < warpSize; ++lane) {
            const Request& other = scheduler_.laneOf(warp, lane).request;
            if (((waiting >> lane) & 1u) != 0 && other.op == Op::ActiveMask && sameSite(other, thread.request)) {
                together |= 1u << lane;
            }
        }
        if (scheduler_.tracing(warp)) {
            traceCall(warp, together, thread.request, waiting & ~together, scheduler_.lanesWhere(warp, State::Exited));
        }
        for (int lane : eachLane(together)) {
            scheduler_.laneOf(warp, lane).request.result = together;
        }
        scheduler_.release(warp, together);
        progressed = true;
    }
    return progressed;
}

// No call can complete and no barrier can be released: some lane named in a
// mask is never coming. Carries out the call holding the lowest waiting lane
// of the first such warp, after reporting who is missing and where they are.
bool WarpCollectives::forceStuckCall() {
    for (int warp = 0; warp < scheduler_.warpCount(); ++warp) {
        for (int first : eachLane(scheduler_.lanesWhere(warp, State::Waiting))) {
            const Request& request = scheduler_.laneOf(warp, first).request;
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

void WarpCollectives::reportMissing(int warp, const Request& request, unsigned int arrived, unsigned int missing) {
    const bool matrix = isMatrix(request.op);
    std::string text = scheduler_.whereWarp(warp) + ": " + callAndSite(request) + " was reached by " + lanesPhrase(arrived) +
                       ", but " + lanesPhrase(missing) + (matrix ? "" : ", named in its mask,") + " never arrived:";
    std::map<std::string, unsigned int> elsewhere;  // where the missing lanes are instead, one clause per place
    // Whether every missing lane waits at this intrinsic, with another mask, or
    // with the same mask on another type: the fix is then the mask, or the type.
    bool onlyMasksDiffer = true;
    bool onlyTypesDiffer = true;
    for (int lane : eachLane(missing)) {
        const Request& other = scheduler_.laneOf(warp, lane).request;
        onlyMasksDiffer = onlyMasksDiffer && other.op == request.op && other.mask != request.mask;
        onlyTypesDiffer = onlyTypesDiffer && other.op == request.op && other.mask == request.mask;
        const std::string place = (other.op != request.op     ? "at "
                                   : matrix                     ? "at the same function with other fragments, "
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
    if (matrix) {
        scheduler_.report.ruleBroken(text + " A warp matrix function \"must be called by all threads in the warp, or the "
                                            "result is undefined\" (the Programming Guide). The call went ahead with the "
                                            "lanes that came, its results undefined (poison).");
        return;
    }
    // The fix, for the learner who reads only this line: which one depends on
    // where the missing lanes are.
    const std::string fix =
        onlyMasksDiffer   ? " To fix: give every lane that takes part the same mask."
        : onlyTypesDiffer ? " To fix: give every lane that takes part a value of the same type."
                          : " To fix: let every lane the mask names reach this call (move it out of the branch; a lane with "
                          "nothing to give can carry the identity), or name in the mask only the lanes that reach it "
                          "(__ballot_sync(0xffffffff, condition) before the branch).";
    scheduler_.report.ruleBroken(text + " All non-exited threads named in a mask must execute the same intrinsic with the same "
                             "mask. The call went ahead with the lanes that came." + fix);
}

// R2, whichever group could finish first. Lanes still waiting at this
// intrinsic with another mask that names lanes of this group: each such lane
// of the group is noted. If it later joins them, nothing was wrong (a
// __syncwarp() with a narrower mask in a branch, then a full one after it);
// if it exits instead, those waiting lanes would count it as exited although
// it executed the intrinsic with another mask while they waited for it.
void WarpCollectives::noteMaskConflicts(int warp, unsigned int group, const Request& request) {
    for (int lane : eachLane(group)) {
        MaskConflict& conflict = scheduler_.laneOf(warp, lane).conflict;
        if (conflict.active && conflict.op == request.op && conflict.waitedMask == request.mask) {
            conflict.active = false;  // it joined the call that waited for it
        }
    }
    const unsigned int others = scheduler_.lanesWhere(warp, State::Waiting) & ~group;
    for (int other : eachLane(others)) {
        const Request& theirs = scheduler_.laneOf(warp, other).request;
        if (theirs.op != request.op || theirs.mask == request.mask || (theirs.mask & group) == 0) {
            continue;
        }
        for (int lane : eachLane(theirs.mask & group)) {
            scheduler_.laneOf(warp, lane).conflict = MaskConflict{true, request.op, theirs.mask, request.mask, request.file, request.line};
        }
    }
}

// A group about to be carried out whose mask names lanes that have exited:
// any of them that executed this intrinsic with another mask while the group
// waited broke the rule.
void WarpCollectives::reportLanesThatLeft(int warp, unsigned int group, const Request& request) {
    std::map<std::pair<unsigned int, std::string>, unsigned int> left;  // (their mask, site) -> lanes
    for (int lane : eachLane(request.mask & scheduler_.lanesWhere(warp, State::Exited))) {
        MaskConflict& conflict = scheduler_.laneOf(warp, lane).conflict;
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
        scheduler_.report.ruleBroken(scheduler_.whereWarp(warp) + ": " + callAndSite(request) + " was reached by " + lanesPhrase(group) +
                          ", but " + lanesPhrase(lanes) + ", named in its mask, reached the same intrinsic with mask " +
                          hexMask(key.first) + " instead (" + key.second + ") while " +
                          (__builtin_popcount(group) == 1 ? "it" : "they") +
                          " waited, and then exited. All non-exited threads named in a mask must execute the same "
                          "intrinsic with the same mask. To fix: give every lane that takes part the same mask.");
    }
}

// `forced`: the caller has reported the lanes it goes ahead without.
void WarpCollectives::carryOut(int warp, unsigned int group, bool forced) {
    const Request request = scheduler_.laneOf(warp, __builtin_ctz(group)).request;  // op and mask are the same for the group
    const unsigned int named = group & request.mask;
    const unsigned int uncalled = group & ~request.mask;
    if (uncalled != 0) {
        scheduler_.report.ruleBroken(scheduler_.whereWarp(warp) + ": " + lanesPhrase(uncalled) + " called " + callAndSite(request) +
                          ", whose mask does not name " + (__builtin_popcount(uncalled) == 1 ? "it" : "them") +
                          ". Each calling thread must have its own bit set in the mask. To fix: set "
                          + (__builtin_popcount(uncalled) == 1 ? "its bit" : "their bits") +
                          " in the mask, or keep " + (__builtin_popcount(uncalled) == 1 ? "it" : "them") + " from the call.");
    }
    reportLanesThatLeft(warp, group, request);
    if (!forced) {
        noteMaskConflicts(warp, group, request);
    }

    unsigned int badWidth = 0;
    std::uint64_t ballot = 0;
    for (int lane : eachLane(named)) {
        if (scheduler_.laneOf(warp, lane).request.value != 0) {
            ballot |= 1ull << lane;
        }
    }
    for (int lane : eachLane(group)) {
        Request& mine = scheduler_.laneOf(warp, lane).request;
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
                    known = readingCalls_.emplace(identity, scheduler_.report.addCall(callAndSite(mine))).first;
                }
                scheduler_.report.undefinedRead(known->second, lane, source,
                                                scheduler_.report.undefinedReads == 0 ? scheduler_.whereWarp(warp) : "",
                                                __builtin_popcount(scheduler_.existingLanes(warp)));
                mine.poisoned = true;
            } else {
                mine.result = scheduler_.laneOf(warp, source).request.value;
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
                if (scheduler_.laneOf(warp, other).request.value == mine.value) {
                    same |= 1u << other;
                }
            }
            mine.allMatched = same == named;
            mine.result = request.op == Op::MatchAny ? same : (mine.allMatched ? named : 0u);
        } else if (isReduce(request.op)) {
            mine.result = reduce(warp, request.op, named, mine.isSigned);
        } else if (request.op == Op::GroupMeet) {
            mine.result = named;
        }
    }
    if (request.op == Op::GroupMeet) {
        groupMet(warp, group, request, forced);
    }
    if (badWidth != 0) {
        scheduler_.report.ruleBroken(scheduler_.whereWarp(warp) + ": " + lanesPhrase(badWidth) + " called " + callAndSite(request) +
                          " with a width that is not 1, 2, 4, 8, 16 or 32; the result is undefined.");
    }
    if (request.op == Op::SyncWarp) {
        orderMemory(warp, named);
    }
    if (isMatrix(request.op)) {
        WarpMatrix(scheduler_).carryOut(warp, group, forced);
    }
    if (scheduler_.tracing(warp)) {
        traceCall(warp, group, request, scheduler_.lanesWhere(warp, State::Waiting) & ~group, scheduler_.lanesWhere(warp, State::Exited));
    }
    scheduler_.release(warp, group);
}

// A cooperative group's collective (cg::reduce, the scans, cg::memcpy_async)
// reads every lane of the group: a lane of it that has exited leaves the
// answer undefined (on a GPU the call reads what its registers held), and so
// does one that never came (a forced call, reported already). Each lane that
// met gets poison, and the read of an exited lane is reported as a shuffle's
// would be.
void WarpCollectives::groupMet(int warp, unsigned int group, const Request& request, bool forced) {
    const unsigned int gone = scheduler_.lanesWhere(warp, State::Exited) | ~scheduler_.existingLanes(warp);
    const unsigned int absent = request.mask & gone & ~group;
    if (absent == 0 && !forced) {
        return;
    }
    for (int lane : eachLane(group)) {
        scheduler_.laneOf(warp, lane).request.poisoned = true;
    }
    if (absent == 0) {
        return;
    }
    const auto identity = std::make_tuple(request.op, request.mask, request.operand, request.width, request.file, request.line);
    auto known = readingCalls_.find(identity);
    if (known == readingCalls_.end()) {
        known = readingCalls_.emplace(identity, scheduler_.report.addCall(callAndSite(request))).first;
    }
    for (int lane : eachLane(group & request.mask)) {
        scheduler_.report.undefinedRead(known->second, lane, __builtin_ctz(absent),
                                        scheduler_.report.undefinedReads == 0 ? scheduler_.whereWarp(warp) : "",
                                        __builtin_popcount(scheduler_.existingLanes(warp)));
    }
}

// __syncwarp() "guarantees memory ordering among threads participating in the
// barrier" (the Guide): the lanes that met there join their clocks
// (happens_before.hpp). No other collective orders memory.
void WarpCollectives::orderMemory(int warp, unsigned int named) {
    std::vector<ThreadClock*>& clocks = syncwarpClocks_;
    std::vector<int>& lanes = syncwarpLanes_;
    clocks.clear();
    lanes.clear();
    for (int lane : eachLane(named)) {
        clocks.push_back(&scheduler_.clockOf(warp * warpSize + lane));
        lanes.push_back(lane);
    }
    scheduler_.happensBefore.syncwarp(clocks, lanes);
}

// __reduce_*_sync over the named lanes that arrived, on 32-bit values.
std::uint64_t WarpCollectives::reduce(int warp, Op op, unsigned int named, bool isSigned) {
    std::uint32_t result = op == Op::ReduceAnd ? 0xffffffffu : 0u;
    bool first = true;
    auto below = [isSigned](std::uint32_t a, std::uint32_t b) {
        return isSigned ? static_cast<std::int32_t>(a) < static_cast<std::int32_t>(b) : a < b;
    };
    for (int lane : eachLane(named)) {
        const auto value = static_cast<std::uint32_t>(scheduler_.laneOf(warp, lane).request.value);
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
void WarpCollectives::traceCall(int warp, unsigned int group, const Request& request, unsigned int waiting,
                               unsigned int exited) {
    std::string head = "{\"record\":\"call\",\"kernel\":" + jsonString(scheduler_.kernelName) +
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
        head += ",\"result\":" + jsonMask(static_cast<unsigned int>(scheduler_.laneOf(warp, __builtin_ctz(group)).request.result));
    } else if (request.op == Op::Any || request.op == Op::All || request.op == Op::Uni) {
        head += ",\"result\":" + std::to_string(scheduler_.laneOf(warp, __builtin_ctz(group)).request.result);
    }
    std::vector<Trace::Lane> lanes;
    for (int lane : eachLane(group)) {
        const Request& mine = scheduler_.laneOf(warp, lane).request;
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
    scheduler_.trace.call(std::move(head), std::move(lanes));
}

}  // namespace warp_emulator
