// tile_barrier.cpp: the calls of a tile of more than 32 threads (tile_barrier.hpp).
#include "rules/tile_barrier.hpp"

#include <algorithm>
#include <map>
#include <string>

#include "reporting/text.hpp"

namespace warp_emulator {

namespace {

constexpr int kCountNonZero = -1;  // multi_warp_tiles.hpp's: the exchange counts the values that are not 0

bool sameTileCall(const Request& a, const Request& b) {
    return a.op == b.op && a.mask == b.mask && a.width == b.width;
}

}  // namespace

TileBarriers& TileBarriers::instance() {
    static TileBarriers* barriers = new TileBarriers;
    return *barriers;
}

void TileBarriers::gather(int at, std::vector<int>* present, std::vector<int>* missing) const {
    const Request& request = scheduler_.threads()[static_cast<size_t>(at)].request;
    const int first = static_cast<int>(request.mask);
    const int end = std::min(first + request.width, scheduler_.threadsPerBlock);
    for (int i = first; i < end; ++i) {
        const Thread& thread = scheduler_.threads()[static_cast<size_t>(i)];
        const State state = scheduler_.stateOf(i);
        if (state == State::Waiting && sameTileCall(thread.request, request)) {
            present->push_back(i);
        } else if (state != State::Exited) {
            missing->push_back(i);
        }
    }
}

bool TileBarriers::release() {
    if (scheduler_.tileCallWaiters == 0) {
        return false;
    }
    bool progressed = false;
    std::vector<bool> looked(static_cast<size_t>(scheduler_.threadsPerBlock), false);
    for (int i = 0; i < scheduler_.threadsPerBlock; ++i) {
        const Thread& thread = scheduler_.threads()[static_cast<size_t>(i)];
        if (looked[static_cast<size_t>(i)] || scheduler_.stateOf(i) != State::Waiting || !isTileCall(thread.request.op)) {
            continue;
        }
        std::vector<int> present, missing;
        gather(i, &present, &missing);
        for (int other : present) {
            looked[static_cast<size_t>(other)] = true;
        }
        const bool everyThreadCame = missing.empty();
        if (everyThreadCame) {
            carryOut(present);
            progressed = true;
        }
    }
    return progressed;
}

bool TileBarriers::forceStuck() {
    if (scheduler_.tileCallWaiters == 0) {
        return false;
    }
    for (int i = 0; i < scheduler_.threadsPerBlock; ++i) {
        const Thread& thread = scheduler_.threads()[static_cast<size_t>(i)];
        if (scheduler_.stateOf(i) != State::Waiting || !isTileCall(thread.request.op)) {
            continue;
        }
        std::vector<int> present, missing;
        gather(i, &present, &missing);
        std::map<std::string, std::vector<int>> elsewhere;
        for (int other : missing) {
            elsewhere[callAndSite(scheduler_.threads()[static_cast<size_t>(other)].request)].push_back(other);
        }
        std::string text = scheduler_.whereBlock() + ": " + callAndSite(thread.request) + " was reached by " +
                           threadsPhrase(present) + ", but " + threadsPhrase(missing) + " of the tile never arrived:";
        for (const auto& [place, threads] : elsewhere) {
            text += " " + threadsPhrase(threads) + (threads.size() == 1 ? " waits at " : " wait at ") + place + ";";
        }
        text.back() = '.';
        scheduler_.report.ruleBroken(text + " Every thread of a tile that has not exited must reach the same call of "
                                            "the tile. The call went ahead with the threads that came.");
        carryOut(present);
        return true;
    }
    return false;
}

void TileBarriers::carryOut(const std::vector<int>& present) {
    const Request request = scheduler_.threads()[static_cast<size_t>(present.front())].request;
    const int first = static_cast<int>(request.mask);
    if (request.op == Op::TileSync) {
        std::vector<std::uint32_t> indices(present.begin(), present.end());
        scheduler_.happensBefore.groupBarrier(indices);
    } else {
        std::vector<bool> here(static_cast<size_t>(request.width), false);
        int nonZero = 0;
        for (int i : present) {
            here[static_cast<size_t>(i - first)] = true;
            nonZero += scheduler_.threads()[static_cast<size_t>(i)].request.value != 0;
        }
        for (int i : present) {
            Request& mine = scheduler_.threads()[static_cast<size_t>(i)].request;
            mine.poisoned = false;
            if (mine.operand == kCountNonZero) {
                mine.result = static_cast<std::uint64_t>(nonZero);
                continue;
            }
            const int source = mine.operand >= 0 && mine.operand < request.width ? mine.operand : 0;
            if (here[static_cast<size_t>(source)]) {
                mine.result = scheduler_.threads()[static_cast<size_t>(first + source)].request.value;
            } else {
                // A thread of the tile that has exited (or never came): nothing to read.
                mine.poisoned = true;
                const auto identity = std::make_tuple(mine.file, mine.line, mine.mask, mine.width);
                auto known = readingCalls_.find(identity);
                if (known == readingCalls_.end()) {
                    known = readingCalls_.emplace(identity, scheduler_.report.addCall(callAndSite(mine))).first;
                }
                scheduler_.report.undefinedRead(known->second, i - first, source,
                                                scheduler_.report.undefinedReads == 0 ? scheduler_.whereBlock() : "",
                                                request.width);
            }
        }
    }
    for (int i : present) {
        scheduler_.release(i / warpSize, 1u << (i % warpSize));
    }
    scheduler_.tileCallWaiters -= static_cast<int>(present.size());
}

}  // namespace warp_emulator
