// race_reports.cpp: the words of a race, chosen once the launch has shown every pair.
#include "checks/race_reports.hpp"

#include <algorithm>
#include <cctype>

#include "reporting/source_lines.hpp"
#include "scheduling/block_workers.hpp"
#include "scheduling/scheduler.hpp"

namespace warp_emulator {

namespace {

bool isAtomic(const Access& access) { return access.kind == static_cast<unsigned>(AccessKind::Atomic); }

std::string accessWord(const Access& access) { return access.isWrite ? "wrote" : "read"; }

// " (an atomic)", " (a texture fetch)" or "" after an access's line.
std::string kindNote(const Access& access) {
    if (isAtomic(access)) {
        return access.blockScoped ? " (an atomic of block scope)" : " (an atomic)";
    }
    switch (static_cast<AccessKind>(access.kind)) {
        case AccessKind::Volatile: return " (through a volatile pointer)";
        case AccessKind::ReadOnlyCache: return " (with __ldg)";
        case AccessKind::TextureFetch: return " (a texture fetch)";
        case AccessKind::SurfaceRead: return " (a surface read)";
        case AccessKind::SurfaceWrite: return " (a surface write)";
        default: return "";
    }
}

Pairing pairingOf(const Access& one, const Access& other) {
    const std::uint32_t threadsPerBlock = static_cast<std::uint32_t>(Scheduler::instance().threadsPerBlock);
    const std::uint32_t a = one.thread - 1, b = other.thread - 1;
    if (a / threadsPerBlock != b / threadsPerBlock) {
        return Pairing::Grid;
    }
    return a % threadsPerBlock / 32 == b % threadsPerBlock / 32 ? Pairing::Warp : Pairing::Block;
}

// The line and memory of a read, as initcheck.cpp keys an uninitialised read.
std::string siteKey(const Access& access, const std::string& object) { return lineOf(access.site) + "|" + object; }

std::string capitalised(std::string text) {
    if (!text.empty()) {
        text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    }
    return text;
}

const char* const kBetweenBlocksAlone =
    "which only a release (__threadfence(), then an atomic write) and an acquire (an atomic read of it, then "
    "__threadfence() or __syncthreads()) order";
// In a cooperative launch, grid.sync() too.
const char* const kBetweenBlocksOfACooperativeLaunch =
    "which only grid.sync(), or a release (__threadfence(), then an atomic write) and an acquire (an atomic read of "
    "it, then __threadfence() or __syncthreads()), order";

std::string betweenBlocks() {
    return Scheduler::instance().cooperative ? kBetweenBlocksOfACooperativeLaunch : kBetweenBlocksAlone;
}

}  // namespace

RaceReports& RaceReports::get() {
    static RaceReports* reports = new RaceReports;
    return *reports;
}

void RaceReports::beginLaunch() {
    records_.clear();
    order_.clear();
    casNotes_.clear();
    casNoteOrder_.clear();
    readModifyWrites_.clear();
}

// A race's words depend on every pair of the whole launch (endLaunch): a
// worker process that finds one leaves the launch to one worker, where all
// its pairs are seen (scheduling/block_workers.hpp).
void RaceReports::leaveToOneWorker() {
    if (BlockWorkers::inWorker()) {
        BlockWorkers::giveUp();
    }
}

void RaceReports::unordered(const Access& earlier, const Access& current, const Place& place) {
    leaveToOneWorker();
    Record record;
    record.earlier = earlier;
    record.current = current;
    record.memory = {place.position(), place.objectName(), place.allocatedAt()};
    record.pairing = pairingOf(earlier, current);
    if (earlier.isWrite != current.isWrite) {
        record.readSite = siteKey(earlier.isWrite ? current : earlier, record.memory.object);
    }
    if (earlier.isWrite && current.isWrite && earlier.readModifyWrite && current.readModifyWrite &&
        lineOf(earlier.site) == lineOf(current.site)) {
        readModifyWrites_.insert(lineOf(current.site) + "|" + record.memory.object);
    }
    const std::string key = accessWord(earlier) + lineOf(earlier.site) + "|" + accessWord(current) +
                            lineOf(current.site) + "|" + record.memory.object;
    auto found = records_.find(key);
    if (found != records_.end()) {
        // The pair of the most distant threads names what orders every pair.
        Record& kept = found->second;
        if (record.pairing > kept.pairing) {
            record.lowerPairings = true;
            kept = record;
        } else if (record.pairing < kept.pairing) {
            kept.lowerPairings = true;
        }
    }
    add(key, record, found != records_.end());
}

void RaceReports::withHint(const Access& earlier, const Access& current, const Place& place, const std::string& hint,
                           const char* joint) {
    leaveToOneWorker();
    Record record;
    record.joint = joint;
    record.earlier = earlier;
    record.current = current;
    record.memory = {place.position(), place.objectName(), place.allocatedAt()};
    record.hint = hint;
    record.pairing = pairingOf(earlier, current);
    const std::string key = accessWord(earlier) + lineOf(earlier.site) + "|" + accessWord(current) +
                            lineOf(current.site) + "|" + record.memory.object;
    add(key, record, records_.count(key) != 0);
}

void RaceReports::add(const std::string& key, const Record& record, bool known) {
    LaunchReport& report = Scheduler::instance().report;
    if (known) {
        report.race(key, "");  // counted; its words are chosen at the launch's end
        return;
    }
    records_[key] = record;
    order_.push_back(key);
    report.race(key, text(record));
}

void RaceReports::casLoopReadUnchecked(const Access& atomic, const Access& read, const Place& place) {
    leaveToOneWorker();
    const std::string key = lineOf(read.site) + "|" + lineOf(atomic.site) + "|" + place.objectName();
    CasNote& note = casNotes_[key];
    if (note.times++ == 0) {
        note.atomic = atomic;
        note.read = read;
        note.memory = {place.position(), place.objectName(), place.allocatedAt()};
        casNoteOrder_.push_back(key);
    }
}

Pairing RaceReports::effectivePairing(const Record& record) const {
    Pairing widest = record.pairing;
    if (!record.readSite.empty()) {
        for (const auto& [key, other] : records_) {
            if (other.hint.empty() && other.readSite == record.readSite) {
                widest = std::max(widest, other.pairing);
            }
        }
    }
    return widest;
}

std::string RaceReports::scopeHint(const Record& record) const {
    const std::string line = lineOf(record.earlier.site);
    if (lineOf(record.current.site) == line && readModifyWrites_.count(line + "|" + record.memory.object) != 0) {
        return "both are the read-modify-write at " + line +
               " (it reads the value, computes, and writes it back), run by many threads at once on the same "
               "location: each may read it before another's write lands, and updates are lost. A barrier cannot "
               "fix it, since every thread must update that location: make the update one atomic operation, "
               "atomicAdd() (atomicMax() or atomicMin() for a running maximum or minimum)";
    }
    const Pairing widest = effectivePairing(record);
    const std::string read = lineOf(record.earlier.isWrite ? record.current.site : record.earlier.site);
    switch (record.pairing) {
        case Pairing::Warp:
            if (widest == Pairing::Warp) {
                return "they are lanes of one warp, and no __syncwarp() orders them (a shuffle or a vote orders no "
                       "memory)";
            }
            return "they are lanes of one warp, and no __syncwarp() orders them, but the read at " + read +
                   " races with writes of " +
                   (widest == Pairing::Block ? "other warps of the block too, which only __syncthreads() orders: "
                                               "__syncthreads() between them orders every pair"
                                             : std::string("other blocks too, ") + betweenBlocks());
        case Pairing::Block:
            if (widest == Pairing::Grid) {
                return "they are threads of one block, and no __syncthreads() lies between them, but the read at " +
                       read + " races with writes of other blocks too, " + betweenBlocks();
            }
            return record.lowerPairings
                       ? "they are threads of different warps of one block, and no __syncthreads() lies between "
                         "them (these lines race between lanes of one warp too: __syncwarp() would order only those, "
                         "__syncthreads() orders every pair)"
                       : "they are threads of one block, and no __syncthreads() lies between them";
        case Pairing::Grid:
        default:
            return std::string("they are threads of different blocks, ") + betweenBlocks() +
                   (record.lowerPairings ? " (these lines race within a block too)" : "");
    }
}

std::string RaceReports::text(const Record& record) const {
    const Scheduler& scheduler = Scheduler::instance();
    const Access& earlier = record.earlier;
    const Access& current = record.current;
    return "kernel " + scheduler.kernelName + ": " + scheduler.describeThread(earlier.thread) + " " +
           accessWord(earlier) + " " + record.memory.position + " at " + lineOf(earlier.site) + kindNote(earlier) +
           ", and " + scheduler.describeThread(current.thread) + " " + accessWord(current) + " it at " +
           lineOf(current.site) + kindNote(current) + record.joint +
           (record.hint.empty() ? scopeHint(record) : record.hint) +
           (record.memory.allocatedAt.empty() ? "" : ". " + capitalised(record.memory.allocatedAt));
}

void RaceReports::endLaunch() {
    Scheduler& scheduler = Scheduler::instance();
    LaunchReport& report = scheduler.report;
    // A read-modify-write's races (read against write, write against write)
    // are one finding, said once, at the first of them.
    std::map<std::string, std::string> firstOfReadModifyWrite;
    for (const std::string& key : order_) {
        const Record& record = records_.at(key);
        const std::string line = lineOf(record.earlier.site);
        const std::string site = line + "|" + record.memory.object;
        if (!record.hint.empty() || lineOf(record.current.site) != line || readModifyWrites_.count(site) == 0) {
            report.reviseRace(key, text(record));
            continue;
        }
        auto first = firstOfReadModifyWrite.find(site);
        if (first == firstOfReadModifyWrite.end()) {
            firstOfReadModifyWrite[site] = key;
            report.reviseRace(key, text(record));
        } else {
            report.mergeRace(key, first->second);
        }
    }
    // An uninitialised read at the read of a race: the race came first.
    for (const std::string& key : order_) {
        const Record& record = records_.at(key);
        if (record.hint.empty() && !record.earlier.isWrite && record.current.isWrite &&
            report.uninitialised.count(record.readSite) != 0 && report.races.count(key) != 0) {
            report.causedBy(record.readSite, key);
        }
    }
    for (const std::string& key : casNoteOrder_) {
        const CasNote& note = casNotes_.at(key);
        const std::string line = lineOf(note.read.site);
        report.notes.push_back(
            "kernel " + scheduler.kernelName + ": " + scheduler.describeThread(note.read.thread) + " read " +
            note.memory.position + " at " + line + ", which " + scheduler.describeThread(note.atomic.thread) +
            " changed at " + lineOf(note.atomic.site) + kindNote(note.atomic) +
            ", and then made no atomicCAS of its own (" + std::to_string(note.times) +
            (note.times == 1 ? " thread" : " threads") + " in this launch). Not a race the run fails for: other "
            "threads check what they read at " + line + " with atomicCAS (the Programming Guide's atomicCAS loop), "
            "and these went without one because the value they read said that no write was needed. A plain read "
            "of aligned memory that races with atomics reads one of the values written there (the PTX memory "
            "model does not require a program free of data races), and such a loop is right in every order when "
            "the value only moves one way (a maximum, a minimum): an older value can only send a thread into the "
            "atomicCAS, never let it skip one it needed. If the value can move both ways, read it with an atomic "
            "(atomicAdd(address, 0)) before deciding");
    }
}

}  // namespace warp_emulator
