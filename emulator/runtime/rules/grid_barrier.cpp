// grid_barrier.cpp: grid.sync() of a cooperative launch (grid_barrier.hpp).
#include "rules/grid_barrier.hpp"

#include <map>
#include <string>

#include "checks/memory_checks.hpp"
#include "reporting/text.hpp"
#include "rules/arrive_wait_barrier.hpp"

namespace warp_emulator {

void GridBarrier::complete(std::vector<SuspendedBlock>& blocks) {
    const std::string kernel = "kernel " + scheduler_.kernelName;
    std::string where;  // where the grid waits, for the reports
    std::vector<std::string> blocksThatLeft;
    std::vector<std::string> threadsThatLeft, splitBlocks;
    for (const SuspendedBlock& block : blocks) {
        if (block.exited) {
            if (block.gridBarriersPassed <= completed_) {
                blocksThatLeft.push_back(coordinates(block.index));
            }
            continue;
        }
        std::map<std::string, std::vector<int>> sites;
        std::vector<int> left;
        for (size_t i = 0; i < block.threads.size(); ++i) {
            const Thread& thread = block.threads[i];
            const State state = block.stateOf(i);
            if (state == State::Waiting && thread.request.op == Op::SyncGrid) {
                sites[callAndSite(thread.request)].push_back(static_cast<int>(i));
            } else if (state == State::Exited && thread.gridBarriersPassed <= completed_) {
                left.push_back(static_cast<int>(i));
            }
        }
        if (where.empty() && !sites.empty()) {
            where = sites.begin()->first;
        }
        if (!left.empty()) {
            threadsThatLeft.push_back("block " + coordinates(block.index) + ": " + threadsPhrase(left));
        }
        if (sites.size() > 1) {
            std::string text;
            for (const auto& [site, threads] : sites) {
                text += (text.empty() ? "" : "; ") + threadsPhrase(threads) + " at " + site;
            }
            splitBlocks.push_back("block " + coordinates(block.index) + ": " + text);
        }
    }
    if (!reported_) {
        auto list = [](const std::vector<std::string>& items) {
            std::string text;
            for (const std::string& item : items) {
                text += (text.empty() ? "" : "; ") + item;
            }
            return text;
        };
        if (!blocksThatLeft.empty()) {
            scheduler_.report.ruleBroken(
                kernel + ": " + (blocksThatLeft.size() == 1 ? "block " : "blocks ") + list(blocksThatLeft) +
                " exited without reaching the grid.sync() that the rest of the grid waits at (" + where +
                "). Every thread of the grid must reach each grid.sync(): a GPU's grid barrier waits for every block, "
                "and would wait here for ever. The emulator lets the others go on.");
            reported_ = true;
        }
        if (!threadsThatLeft.empty()) {
            scheduler_.report.ruleBroken(kernel + ": " + list(threadsThatLeft) +
                                         " exited without reaching the grid.sync() that the rest of the grid waits "
                                         "at (" + where +
                                         "). Every thread of the grid must reach each grid.sync(), as every thread "
                                         "of a block must reach each __syncthreads().");
            reported_ = true;
        }
        if (!splitBlocks.empty()) {
            scheduler_.report.ruleBroken(kernel + ": the threads of a block wait at different grid.sync() calls (" +
                                         list(splitBlocks) +
                                         "). Every thread of the grid must reach the same grid.sync(); like "
                                         "__syncthreads(), it is allowed in conditional code only if the condition "
                                         "is the same across the whole grid.");
            reported_ = true;
        }
    }
    // Everything before the barrier is ordered before everything after it.
    scheduler_.happensBefore.gridBarrier();
    MemoryChecks::gridBarrier();
    ArriveWaitBarriers::instance().gridBarrier();
    for (SuspendedBlock& block : blocks) {
        if (!block.atBarrier) {
            continue;
        }
        for (size_t i = 0; i < block.threads.size(); ++i) {
            Thread& thread = block.threads[i];
            if (block.stateOf(i) == State::Waiting && thread.request.op == Op::SyncGrid) {
                ++thread.barriersPassed;  // grid.sync() begins with the block's barrier
                ++thread.gridBarriersPassed;
                block.waiting[i / warpSize] &= ~(1u << (i % warpSize));
            }
        }
    }
    ++completed_;
}

}  // namespace warp_emulator
