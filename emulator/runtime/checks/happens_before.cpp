// happens_before.cpp: the clocks, and the question racecheck.cpp asks of them.
#include "checks/happens_before.hpp"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>

namespace warp_emulator {

namespace {

// A join deeper than this is flattened into one Knowledge, so that a thread
// that takes a lock a thousand times does not carry a chain of a thousand.
constexpr int kFlattenDepth = 24;

bool visible(const Release& release, const LogRef& ref) {
    const bool sameBlock = release.block == ref.acquirerBlock;
    return (release.scope != Scope::Block || sameBlock) && (ref.scope != Scope::Block || sameBlock);
}

}  // namespace

void ThreadClock::reset(bool forgetLanes) {
    epoch = 1;
    epochAfterBarrier = 0;
    if (forgetLanes) {
        // Copied from zeros: GCC writes fill(0) as a `rep stosq`, slow to
        // start for 128 bytes.
        static constexpr std::array<std::uint32_t, 32> kNothingKnown{};
        __builtin_memcpy(known.data(), kNothingKnown.data(), sizeof known);
    }
    knowledge = nullptr;
    pendingAcquires.clear();
    if (fence.made) {
        fence = Fence{};
    }
    if (!observed.empty()) {
        observed.clear();
    }
    unpublishedVolatileStores.clear();
}

void HappensBefore::beginLaunch(int threadsPerBlock) {
    threadsPerBlock_ = threadsPerBlock;
    current_.clear();
    logs_.clear();
}

void HappensBefore::beginBlock(std::uint32_t block, const std::vector<ThreadClock*>& clocks) {
    block_ = block;
    firstThread_ = block * static_cast<std::uint32_t>(threadsPerBlock_) + 1;
    clocks_ = clocks;
    resetClocks();
    barrierCut_ = nullptr;
    blockVolatileStores_.clear();
    beyondBarriers_ = false;
}

void HappensBefore::publishVolatileStores(ThreadClock& clock) {
    const auto mark = [](const ThreadClock::VolatileStore& store) {
        Access& write = store.granule->write;
        if (write.thread == store.thread && write.epoch == store.epoch &&
            write.kind == static_cast<unsigned>(AccessKind::Volatile)) {
            write.published = 1;
        }
    };
    for (const ThreadClock::VolatileStore& store : clock.unpublishedVolatileStores) {
        mark(store);
    }
    clock.unpublishedVolatileStores.clear();
    for (const ThreadClock::VolatileStore& store : blockVolatileStores_) {
        mark(store);
    }
    blockVolatileStores_.clear();
}

std::shared_ptr<const std::vector<std::uint32_t>> HappensBefore::barrierCut() {
    if (barrierCut_ == nullptr) {
        auto cut = std::make_shared<std::vector<std::uint32_t>>(clocks_.size());
        for (size_t i = 0; i < clocks_.size(); ++i) {
            (*cut)[i] = clocks_[i]->epochAfterBarrier;
        }
        barrierCut_ = cut;
    }
    return barrierCut_;
}

bool HappensBefore::ordered(std::uint32_t thread, std::uint32_t epoch, const ThreadClock& reader,
                            std::uint32_t readerThread, std::uintptr_t granule) const {
    if (thread == readerThread) {
        return true;
    }
    const std::uint32_t index = inBlock(thread), readerIndex = inBlock(readerThread);
    if (index < threadsInBlock() && readerIndex < threadsInBlock()) {
        if (epoch < clocks_[index]->epochAfterBarrier) {
            return true;  // a __syncthreads() since
        }
        if (index / 32 == readerIndex / 32 && epoch <= reader.known[index % 32]) {
            return true;  // a __syncwarp() of both since
        }
    }
    for (auto [at, end] = reader.observed.equal_range(granule); at != end; ++at) {
        if (at->second.thread == thread && epoch <= at->second.epoch) {
            return true;
        }
    }
    if (reader.knowledge == nullptr) {
        return false;
    }
    std::vector<const void*> visited;
    return covers(*reader.knowledge, thread, epoch, visited);
}

bool HappensBefore::covers(const Knowledge& knowledge, std::uint32_t thread, std::uint32_t epoch,
                           std::vector<const void*>& visited) const {
    for (const ThreadEpoch& entry : knowledge.threads) {
        if (entry.thread == thread && epoch <= entry.epoch) {
            return true;
        }
    }
    for (const BlockCut& cut : knowledge.blocks) {
        if (cut.block == blockOf(thread) && epoch < (*cut.epochs)[indexInBlock(thread)]) {
            return true;
        }
    }
    for (const LogRef& ref : knowledge.logs) {
        if (coversLog(ref, thread, epoch, visited)) {
            return true;
        }
    }
    for (const KnowledgeRef& parent : knowledge.parents) {
        if (std::find(visited.begin(), visited.end(), parent.get()) == visited.end()) {
            visited.push_back(parent.get());
            if (covers(*parent, thread, epoch, visited)) {
                return true;
            }
        }
    }
    return false;
}

bool HappensBefore::coversLog(const LogRef& ref, std::uint32_t thread, std::uint32_t epoch,
                              std::vector<const void*>& visited) const {
    const SyncLog& log = *ref.log;
    auto check = [&](const std::vector<std::uint32_t>& positions) {
        for (std::uint32_t position : positions) {
            if (position >= ref.length) {
                break;  // positions are in the order the releases came
            }
            const Release& release = *log.releases[position];
            if (visible(release, ref) && std::find(visited.begin(), visited.end(), &release) == visited.end()) {
                visited.push_back(&release);
                if (covers(release.what, thread, epoch, visited)) {
                    return true;
                }
            }
        }
        return false;
    };
    const auto named = log.byBlock.find(blockOf(thread));
    return (named != log.byBlock.end() && check(named->second)) || check(log.inherited);
}

KnowledgeRef HappensBefore::joined(const std::vector<KnowledgeRef>& parts) const {
    std::vector<KnowledgeRef> distinct;
    int depth = 0;
    for (const KnowledgeRef& part : parts) {
        if (part != nullptr && std::find(distinct.begin(), distinct.end(), part) == distinct.end()) {
            distinct.push_back(part);
            depth = std::max(depth, part->depth);
        }
    }
    if (distinct.empty()) {
        return nullptr;
    }
    if (distinct.size() == 1) {
        return distinct.front();
    }
    auto knowledge = std::make_shared<Knowledge>();
    knowledge->parents = std::move(distinct);
    knowledge->depth = depth + 1;
    return knowledge->depth > kFlattenDepth ? flattened(knowledge) : KnowledgeRef(knowledge);
}

// The same knowledge without parents: each thread at its highest epoch, each
// log at its longest, one cut a block (the cuts of a block joined: what any of
// them orders, the joined one does).
KnowledgeRef HappensBefore::flattened(const KnowledgeRef& root) {
    std::unordered_map<std::uint32_t, std::uint32_t> threads;
    std::vector<BlockCut> blocks;
    std::map<std::tuple<const SyncLog*, std::uint32_t, Scope>, std::uint32_t> logs;
    std::vector<const Knowledge*> stack{root.get()};
    std::vector<const Knowledge*> seen;
    while (!stack.empty()) {
        const Knowledge* knowledge = stack.back();
        stack.pop_back();
        if (std::find(seen.begin(), seen.end(), knowledge) != seen.end()) {
            continue;
        }
        seen.push_back(knowledge);
        for (const ThreadEpoch& entry : knowledge->threads) {
            std::uint32_t& epoch = threads[entry.thread];
            epoch = std::max(epoch, entry.epoch);
        }
        for (const BlockCut& cut : knowledge->blocks) {
            const bool known = std::any_of(blocks.begin(), blocks.end(),
                                           [&](const BlockCut& other) { return other.epochs == cut.epochs; });
            if (!known) {
                blocks.push_back(cut);
            }
        }
        for (const LogRef& ref : knowledge->logs) {
            std::uint32_t& length = logs[{ref.log, ref.acquirerBlock, ref.scope}];
            length = std::max(length, ref.length);
        }
        for (const KnowledgeRef& parent : knowledge->parents) {
            stack.push_back(parent.get());
        }
    }
    auto flat = std::make_shared<Knowledge>();
    for (const auto& [thread, epoch] : threads) {
        flat->threads.push_back({thread, epoch});
    }
    for (const BlockCut& cut : blocks) {
        auto same = std::find_if(flat->blocks.begin(), flat->blocks.end(),
                                 [&](const BlockCut& other) { return other.block == cut.block; });
        if (same == flat->blocks.end()) {
            flat->blocks.push_back(cut);
        } else if (same->epochs->size() == cut.epochs->size()) {
            auto joined = std::make_shared<std::vector<std::uint32_t>>(*same->epochs);
            for (size_t i = 0; i < joined->size(); ++i) {
                (*joined)[i] = std::max((*joined)[i], (*cut.epochs)[i]);
            }
            same->epochs = joined;
        } else {
            flat->blocks.push_back(cut);
        }
    }
    for (const auto& [key, length] : logs) {
        flat->logs.push_back({std::get<0>(key), length, std::get<1>(key), std::get<2>(key)});
    }
    return flat;
}

void HappensBefore::barrier(const std::vector<ThreadClock*>& arrived) {
    barrierCut_ = nullptr;
    if (!beyondBarriers_) {
        // The common case: no thread of the block knows anything beyond its
        // barriers, so a barrier only moves each epoch on.
        for (ThreadClock* clock : arrived) {
            clock->epochAfterBarrier = ++clock->epoch;
        }
        return;
    }
    // One sweep over the first line of each clock (ThreadClock), which moves
    // each epoch on: where no thread that arrived knows anything beyond the
    // barrier, that is all.
    bool nothingKnown = true;
    for (ThreadClock* clock : arrived) {
        clock->epochAfterBarrier = ++clock->epoch;
        nothingKnown &= clock->knowledge == nullptr && clock->pendingAcquires.empty();
        if (!clock->unpublishedVolatileStores.empty()) {
            // After it, a strong write of any of them may be the one to publish them.
            blockVolatileStores_.insert(blockVolatileStores_.end(), clock->unpublishedVolatileStores.begin(),
                                        clock->unpublishedVolatileStores.end());
            clock->unpublishedVolatileStores.clear();
        }
    }
    if (nothingKnown) {
        return;
    }
    std::vector<KnowledgeRef> parts;
    for (ThreadClock* clock : arrived) {
        if (!clock->pendingAcquires.empty()) {
            // A strong read, then a barrier: an acquire of device scope (above).
            auto acquired = std::make_shared<Knowledge>();
            for (LogRef ref : clock->pendingAcquires) {
                ref.acquirerBlock = block_;
                ref.scope = Scope::Device;
                acquired->logs.push_back(ref);
            }
            clock->pendingAcquires.clear();
            clock->knowledge = joined({clock->knowledge, acquired});
        }
        parts.push_back(clock->knowledge);
    }
    const KnowledgeRef merged = joined(parts);
    for (ThreadClock* clock : arrived) {
        clock->knowledge = merged;
    }
}

void HappensBefore::syncwarp(const std::vector<ThreadClock*>& lanes, const std::vector<int>& laneNumbers) {
    // Each lane's view of the warp, joined lane by lane; the views are mostly
    // the same (all the warp's last __syncwarp() left them), and then the
    // join is any one of them.
    std::array<std::uint32_t, 32> known = lanes.empty() ? std::array<std::uint32_t, 32>{} : lanes.front()->known;
    const bool sameViews = std::all_of(lanes.begin(), lanes.end(),
                                       [&](const ThreadClock* clock) { return clock->known == known; });
    bool anyKnowledge = false;
    for (size_t i = 0; i < lanes.size(); ++i) {
        if (!sameViews) {
            for (int lane = 0; lane < 32; ++lane) {
                known[static_cast<size_t>(lane)] = std::max(known[static_cast<size_t>(lane)], lanes[i]->known[static_cast<size_t>(lane)]);
            }
        }
        anyKnowledge |= lanes[i]->knowledge != nullptr;
    }
    for (size_t i = 0; i < lanes.size(); ++i) {
        std::uint32_t& own = known[static_cast<size_t>(laneNumbers[i])];
        own = std::max(own, lanes[i]->epoch);
    }
    // The common case, no lane knowing anything beyond its warp, joins
    // nothing: joined() of nothing but nulls is null.
    KnowledgeRef merged;
    if (anyKnowledge) {
        std::vector<KnowledgeRef> parts;
        for (const ThreadClock* clock : lanes) {
            parts.push_back(clock->knowledge);
        }
        merged = joined(parts);
    }
    lanesKnown_ = true;
    for (ThreadClock* clock : lanes) {
        clock->known = known;
        clock->knowledge = merged;
        ++clock->epoch;
    }
}

void HappensBefore::fence(ThreadClock& clock, Scope scope) {
    if (!clock.pendingAcquires.empty()) {
        auto acquired = std::make_shared<Knowledge>();
        for (LogRef ref : clock.pendingAcquires) {
            ref.acquirerBlock = block_;
            ref.scope = scope;
            acquired->logs.push_back(ref);
        }
        clock.pendingAcquires.clear();
        clock.knowledge = joined({clock.knowledge, acquired});
    }
    ThreadClock::Fence& fence = clock.fence;
    fence.made = true;
    fence.scope = scope;
    fence.epoch = clock.epoch;
    fence.known = clock.known;
    fence.knowledge = clock.knowledge;
    const bool pastABarrier = std::any_of(clocks_.begin(), clocks_.end(),
                                          [](const ThreadClock* other) { return other->epochAfterBarrier != 0; });
    fence.barrierCut = pastABarrier ? barrierCut() : nullptr;
    fence.release = nullptr;
    ++clock.epoch;
}

// The Release of the thread's last fence: its own accesses up to the fence,
// its warp's that it knew of, its block's before its last barrier, and what
// it had acquired.
std::shared_ptr<const Release> HappensBefore::releaseOf(ThreadClock& clock, std::uint32_t thread) {
    ThreadClock::Fence& fence = clock.fence;
    if (fence.release == nullptr) {
        auto release = std::make_shared<Release>();
        release->block = block_;
        release->scope = fence.scope;
        release->what.threads.push_back({thread, fence.epoch});
        const std::uint32_t warpFirst = thread - indexInBlock(thread) % 32;
        for (std::uint32_t lane = 0; lane < 32; ++lane) {
            if (fence.known[lane] != 0 && warpFirst + lane != thread) {
                release->what.threads.push_back({warpFirst + lane, fence.known[lane]});
            }
        }
        if (fence.barrierCut != nullptr) {
            release->what.blocks.push_back({block_, fence.barrierCut});
        }
        if (fence.knowledge != nullptr) {
            release->what.parents.push_back(fence.knowledge);
        }
        fence.release = release;
    }
    return fence.release;
}

void HappensBefore::strongRead(ThreadClock& clock, std::uintptr_t granule, std::uint32_t writer,
                               std::uint32_t writerEpoch, bool observes) {
    if (observes && writer != 0) {
        auto [at, end] = clock.observed.equal_range(granule);
        while (at != end && at->second.thread != writer) {
            ++at;
        }
        if (at == end) {
            clock.observed.insert({granule, {writer, writerEpoch}});
        } else {
            at->second.epoch = std::max(at->second.epoch, writerEpoch);
        }
    }
    const auto found = current_.find(granule);
    if (found == current_.end() || found->second->releases.empty()) {
        return;
    }
    const auto length = static_cast<std::uint32_t>(found->second->releases.size());
    for (LogRef& pending : clock.pendingAcquires) {
        if (pending.log == found->second) {
            pending.length = std::max(pending.length, length);
            return;
        }
    }
    clock.pendingAcquires.push_back({found->second, length, 0, Scope::Device});
    beyondBarriers_ = true;
}

bool HappensBefore::strongWrite(ThreadClock& clock, std::uint32_t thread, std::uintptr_t granule, bool readModifyWrite) {
    if (!clock.fence.made) {
        // Not a release. A read-modify-write carries the log on; a store ends it.
        if (!readModifyWrite) {
            current_.erase(granule);
        }
        return false;
    }
    SyncLog*& current = current_[granule];
    if (current == nullptr || !readModifyWrite) {
        logs_.push_back(std::make_unique<SyncLog>());
        current = logs_.back().get();
    }
    SyncLog& log = *current;
    const std::shared_ptr<const Release> release = releaseOf(clock, thread);
    if (!log.releases.empty() && log.releases.back() == release) {
        return true;
    }
    const auto position = static_cast<std::uint32_t>(log.releases.size());
    log.releases.push_back(release);
    auto index = [&](std::uint32_t block) {
        std::vector<std::uint32_t>& positions = log.byBlock[block];
        if (positions.empty() || positions.back() != position) {
            positions.push_back(position);
        }
    };
    for (const ThreadEpoch& entry : release->what.threads) {
        index(blockOf(entry.thread));
    }
    for (const BlockCut& cut : release->what.blocks) {
        index(cut.block);
    }
    if (!release->what.parents.empty() || !release->what.logs.empty()) {
        log.inherited.push_back(position);
    }
    return true;
}

void HappensBefore::plainWrite(std::uintptr_t granule) { current_.erase(granule); }

void Arrivals::add(const ThreadClock& clock, std::uint32_t indexInBlock, size_t threadsPerBlock) {
    if (epochs.size() != threadsPerBlock) {
        epochs.assign(threadsPerBlock, 0);
    }
    std::uint32_t& own = epochs[indexInBlock];
    own = std::max(own, clock.epoch + 1);  // everything up to now: epochs below the next
    const std::uint32_t warpFirst = indexInBlock - indexInBlock % 32;
    for (std::uint32_t lane = 0; lane < 32 && warpFirst + lane < threadsPerBlock; ++lane) {
        if (clock.known[lane] != 0) {
            std::uint32_t& theirs = epochs[warpFirst + lane];
            theirs = std::max(theirs, clock.known[lane] + 1);  // what its __syncwarp() made known
        }
    }
    if (clock.knowledge != nullptr && std::find(parents.begin(), parents.end(), clock.knowledge) == parents.end()) {
        parents.push_back(clock.knowledge);
    }
    any = true;
}

KnowledgeRef HappensBefore::knowledgeOf(const Arrivals& arrivals) const {
    if (!arrivals.any) {
        return nullptr;
    }
    auto knowledge = std::make_shared<Knowledge>();
    knowledge->blocks.push_back({block_, std::make_shared<const std::vector<std::uint32_t>>(arrivals.epochs)});
    knowledge->parents = arrivals.parents;
    for (const KnowledgeRef& parent : arrivals.parents) {
        knowledge->depth = std::max(knowledge->depth, parent->depth + 1);
    }
    return knowledge->depth > kFlattenDepth ? flattened(knowledge) : KnowledgeRef(knowledge);
}

void HappensBefore::arrive(ThreadClock& clock, std::uint32_t indexInBlock, Arrivals& arrivals) {
    arrivals.add(clock, indexInBlock, clocks_.size());
    ++clock.epoch;
}

void HappensBefore::acquire(ThreadClock& clock, const KnowledgeRef& knowledge) {
    clock.knowledge = joined({clock.knowledge, knowledge});
    beyondBarriers_ |= clock.knowledge != nullptr;
}

void HappensBefore::groupBarrier(const std::vector<std::uint32_t>& indices) {
    Arrivals arrivals;
    for (std::uint32_t index : indices) {
        arrivals.add(*clocks_[index], index, clocks_.size());
    }
    const KnowledgeRef knowledge = knowledgeOf(arrivals);
    for (std::uint32_t index : indices) {
        ThreadClock& clock = *clocks_[index];
        acquire(clock, knowledge);
        ++clock.epoch;
    }
}

void HappensBefore::gridBarrier() {
    current_.clear();
    logs_.clear();
    barrierCut_ = nullptr;
    resetClocks();
}

void HappensBefore::resetClocks() {
    for (ThreadClock* clock : clocks_) {
        clock->reset(lanesKnown_);
    }
    lanesKnown_ = false;
}

}  // namespace warp_emulator
