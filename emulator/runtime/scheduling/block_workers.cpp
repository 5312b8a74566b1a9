// block_workers.cpp: a launch's blocks on worker processes (block_workers.hpp).
#include "scheduling/block_workers.hpp"

#include <dirent.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "checks/block_sharing.hpp"
#include "checks/initcheck.hpp"
#include "device/device_output.hpp"
#include "memory/device_memory.hpp"
#include "memory/spaces.hpp"
#include "reporting/report_transfer.hpp"
#include "reporting/settings.hpp"
#include "reporting/source_lines.hpp"
#include "rules/warp_collectives.hpp"
#include "scheduling/scheduler.hpp"
#include "scheduling/watchdog.hpp"

namespace warp_emulator {

bool BlockWorkers::inWorker_ = false;

namespace {

// A worker's exit status when it ends the attempt.
constexpr int kGaveUp = 3;
// The granules one worker may write before the attempt is not worth undoing.
constexpr std::uint64_t kUndoEntries = std::uint64_t{16} << 20;

// The most workers WARP_EMULATOR_WORKERS may ask for (settings.hpp).
constexpr unsigned kMostWorkers = 1024;

// What the program and its workers share for one attempt.
struct Control {
    std::uint32_t workers;
    std::uint64_t ranges[kMostWorkers];  // each worker's blocks not yet taken (claimBlock)
    std::uint32_t blocksDone;
    std::uint32_t ended;  // a worker gave up: the others stop
};
Control* control = nullptr;

// The kernels whose blocks shared memory once: they run on one worker.
std::set<std::string>& oneWorkerKernels() {
    static auto* kernels = new std::set<std::string>;
    return *kernels;
}

std::uint64_t attempts = 0;

void* sharedMemory(size_t bytes) {
    void* memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return memory == MAP_FAILED ? nullptr : memory;
}

// A fork copies only the thread that calls it: a program with threads of its
// own keeps its launches in its one process.
bool programHasOtherThreads() {
    DIR* tasks = opendir("/proc/self/task");
    if (tasks == nullptr) {
        return true;
    }
    int count = 0;
    while (const dirent* entry = readdir(tasks)) {
        count += entry->d_name[0] != '.';
    }
    closedir(tasks);
    return count != 1;
}

// The records a worker writes to its results file.
enum Record : char { BlockRecord = 'B', WriteRecord = 'W', EndRecord = 'E' };

void appendNumber(std::string& out, std::uint64_t value) { out.append(reinterpret_cast<const char*>(&value), sizeof value); }
void appendText(std::string& out, const std::string& text) {
    appendNumber(out, text.size());
    out += text;
}

bool writeAll(int fd, const std::string& bytes) {
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t written = write(fd, bytes.data() + done, bytes.size() - done);
        if (written <= 0) {
            return false;
        }
        done += static_cast<size_t>(written);
    }
    return true;
}

class Input {
public:
    explicit Input(std::string bytes) : bytes_(std::move(bytes)) {}
    bool more() const { return at_ < bytes_.size(); }
    char record() { return bytes_[at_++]; }
    std::uint64_t number() {
        std::uint64_t value = 0;
        if (at_ + sizeof value <= bytes_.size()) {
            std::memcpy(&value, bytes_.data() + at_, sizeof value);
        }
        at_ += sizeof value;
        return value;
    }
    std::string text() {
        const std::uint64_t length = number();
        std::string value = at_ + length <= bytes_.size() ? bytes_.substr(at_, length) : std::string();
        at_ += length;
        return value;
    }
    bool report(LaunchReport* report) { return deserialized(bytes_, &at_, report); }
    bool failed() const { return at_ > bytes_.size(); }

private:
    std::string bytes_;
    size_t at_ = 0;
};

std::string readAll(int fd) {
    std::string bytes;
    lseek(fd, 0, SEEK_SET);
    char buffer[1 << 16];
    for (;;) {
        const ssize_t got = read(fd, buffer, sizeof buffer);
        if (got <= 0) {
            return bytes;
        }
        bytes.append(buffer, static_cast<size_t>(got));
    }
}

// The blocks a worker takes: at first a range of neighbours of its own, an
// equal share of the launch, so that it touches memory apart from the other
// workers' (and the huge pages of its own access shadow: device_memory.cpp).
// One that ends its range takes the back half of what is left of the
// largest other (work stealing, as TBB and Cilk balance loops), so that the
// workers end together. A range is one word of the memory they share, its
// next block in the low half and its end in the high, changed by compare
// and swap alone.
std::uint64_t packedRange(std::uint32_t next, std::uint32_t end) { return std::uint64_t{end} << 32 | next; }
std::uint32_t rangeNext(std::uint64_t range) { return static_cast<std::uint32_t>(range); }
std::uint32_t rangeEnd(std::uint64_t range) { return static_cast<std::uint32_t>(range >> 32); }

// Worker `self`'s next block, false when none is left anywhere.
bool claimBlock(unsigned self, std::uint32_t* number) {
    std::uint64_t* own = &control->ranges[self];
    for (;;) {
        std::uint64_t range = __atomic_load_n(own, __ATOMIC_ACQUIRE);
        while (rangeNext(range) < rangeEnd(range)) {
            if (__atomic_compare_exchange_n(own, &range, packedRange(rangeNext(range) + 1, rangeEnd(range)), false,
                                            __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
                *number = rangeNext(range);
                return true;
            }
        }
        unsigned victim = self;
        std::uint32_t most = 0;
        for (unsigned w = 0; w < control->workers; ++w) {
            const std::uint64_t other = __atomic_load_n(&control->ranges[w], __ATOMIC_ACQUIRE);
            if (w != self && rangeEnd(other) > rangeNext(other) && rangeEnd(other) - rangeNext(other) > most) {
                victim = w;
                most = rangeEnd(other) - rangeNext(other);
            }
        }
        if (victim == self) {
            return false;
        }
        std::uint64_t other = __atomic_load_n(&control->ranges[victim], __ATOMIC_ACQUIRE);
        if (rangeNext(other) >= rangeEnd(other)) {
            continue;  // emptied meanwhile: look again
        }
        const std::uint32_t middle = rangeEnd(other) - (rangeEnd(other) - rangeNext(other) + 1) / 2;
        if (__atomic_compare_exchange_n(&control->ranges[victim], &other, packedRange(rangeNext(other), middle), false,
                                        __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            __atomic_store_n(own, packedRange(middle, rangeEnd(other)), __ATOMIC_RELEASE);
        }
    }
}

// The worker: the next blocks not taken, until none is left, then what the
// program needs of it. Never returns.
[[noreturn]] void work(Scheduler& scheduler, unsigned self, UndoLog* undo, int results, std::uint64_t attempt) {
    symbolizeOnYourOwn();
    BlockSharing::beginWorker(attempt, undo, BlockWorkers::giveUp);
    DeviceOutput::keep();
    Watchdog::start([] { return std::string(); });  // ends a worker whose block never moves
    for (;;) {
        if (__atomic_load_n(&control->ended, __ATOMIC_ACQUIRE) != 0) {
            BlockWorkers::giveUp();
        }
        std::uint32_t number = 0;
        if (!claimBlock(self, &number)) {
            break;
        }
        scheduler.report = LaunchReport{};
        scheduler.report.kernel = scheduler.kernelName;
        WarpCollectives::instance().beginLaunch();
        BlockSharing::beginBlock(number);
        scheduler.runBlockNumbered(number);
        if (scheduler.stoppedWith() != cudaSuccess) {
            BlockWorkers::giveUp();  // on one worker, the blocks after it would not run
        }
        InitCheck::settle();
        const std::string output = DeviceOutput::take();
        const LaunchReport& report = scheduler.report;
        if (report.findingCount() != 0 || !report.notes.empty() || !output.empty()) {
            std::string record(1, BlockRecord);
            appendNumber(record, number);
            record += serialized(report);
            appendText(record, output);
            if (!writeAll(results, record)) {
                BlockWorkers::giveUp();
            }
        }
        __atomic_fetch_add(&control->blocksDone, 1, __ATOMIC_RELEASE);
    }
    std::string tail;
    for (std::uintptr_t granule : BlockSharing::privateWrites()) {
        std::uint32_t bytes = 0;
        std::memcpy(&bytes, reinterpret_cast<const void*>(granule), sizeof bytes);
        tail += WriteRecord;
        appendNumber(tail, granule);
        appendNumber(tail, bytes);
    }
    tail += EndRecord;
    _exit(writeAll(results, tail) ? 0 : kGaveUp);
}

}  // namespace

void BlockWorkers::giveUp() {
    if (control != nullptr) {
        __atomic_store_n(&control->ended, 1u, __ATOMIC_RELEASE);
    }
    _exit(kGaveUp);
}

bool BlockWorkers::run(const LaunchSpec& spec) {
    Scheduler& scheduler = Scheduler::instance();
    const std::uint32_t blocks = scheduler.blockCount();
    const unsigned workers = std::min<unsigned>({Settings::get().workers, blocks / 2, kMostWorkers});
    if (workers < 2 || blocks > BlockSharing::kMostBlocks || oneWorkerKernels().count(scheduler.kernelName) != 0 ||
        programHasOtherThreads()) {
        return false;
    }
    const size_t undoBytes = sizeof(UndoLog) + kUndoEntries * sizeof(UndoEntry);
    control = static_cast<Control*>(sharedMemory(sizeof(Control)));
    char* undoLogs = static_cast<char*>(sharedMemory(undoBytes * workers));
    if (control == nullptr || undoLogs == nullptr) {
        return false;
    }
    control->workers = workers;
    for (unsigned w = 0; w < workers; ++w) {
        control->ranges[w] = packedRange(static_cast<std::uint32_t>(std::uint64_t{blocks} * w / workers),
                                         static_cast<std::uint32_t>(std::uint64_t{blocks} * (w + 1) / workers));
    }
    const std::uint64_t attempt = ++attempts;
    if (BlockSharing::ownersMustBeForgotten(attempt)) {
        DeviceMemory::instance().forgetOwners();
        Spaces::get().forgetOwners();
    }
    scheduler.prepareGrid(spec);
    std::fflush(nullptr);  // nothing buffered before the fork is written twice
    // A program that ignores SIGCHLD would have its workers reaped unwaited.
    struct sigaction waitable {}, programs {};
    waitable.sa_handler = SIG_DFL;
    sigemptyset(&waitable.sa_mask);
    sigaction(SIGCHLD, &waitable, &programs);
    // Held pending, so that the wait below sleeps until a worker ends (or
    // the clock on long launches is due), not in steps: on two cores, a
    // wake-up every 2 ms took a core from a worker each time.
    sigset_t childEnds, programMask;
    sigemptyset(&childEnds);
    sigaddset(&childEnds, SIGCHLD);
    sigprocmask(SIG_BLOCK, &childEnds, &programMask);
    std::vector<pid_t> children;
    std::vector<int> results;
    for (unsigned w = 0; w < workers; ++w) {
        auto* undo = reinterpret_cast<UndoLog*>(undoLogs + w * undoBytes);
        undo->capacity = kUndoEntries;
        const int fd = memfd_create("warp-emulator-worker", MFD_CLOEXEC);
        const pid_t child = fd < 0 ? -1 : fork();
        if (child == 0) {
            inWorker_ = true;
            sigprocmask(SIG_SETMASK, &programMask, nullptr);
            work(scheduler, w, undo, fd, attempt);
        }
        if (child < 0) {
            if (fd >= 0) {
                close(fd);
            }
            __atomic_store_n(&control->ended, 1u, __ATOMIC_RELEASE);
            break;
        }
        children.push_back(child);
        results.push_back(fd);
    }
    bool succeeded = children.size() == workers;
    scheduler.progress.beginLaunch(scheduler.kernelName, blocks);
    // Each worker waited for by its own pid (the program may have children of
    // its own), all of them watched at once, so that one that gives up stops
    // the others at once, even one whose block waits for the one that gave up.
    std::vector<bool> running(children.size(), true);
    size_t left = children.size();
    while (left > 0) {
        bool ended = false;
        for (size_t w = 0; w < children.size(); ++w) {
            int status = 0;
            if (!running[w] || waitpid(children[w], &status, WNOHANG) != children[w]) {
                continue;
            }
            running[w] = false;
            --left;
            ended |= !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        }
        if ((ended || __atomic_load_n(&control->ended, __ATOMIC_ACQUIRE) != 0) && succeeded) {
            succeeded = false;
            for (size_t w = 0; w < children.size(); ++w) {
                if (running[w]) {
                    kill(children[w], SIGKILL);
                }
            }
        }
        if (left > 0) {
            scheduler.progress.doneSoFar(__atomic_load_n(&control->blocksDone, __ATOMIC_ACQUIRE));
            // Not a sleep of the program's, which is wrapped and runs the work
            // queued on its streams (api/host_waits.cpp): that must not run
            // while the workers do (a queued copy would read memory half done).
            const timespec clockStep{0, 100000000};  // 0.1 s: the clock's line moves each second at most
            sigtimedwait(&childEnds, nullptr, &clockStep);
        }
    }
    scheduler.progress.endLaunch();
    // The mask first: a worker's SIGCHLD still pending arrives, and is
    // ignored (SIG_DFL), before the program's own disposition is back.
    sigprocmask(SIG_SETMASK, &programMask, nullptr);
    sigaction(SIGCHLD, &programs, nullptr);
    if (__atomic_load_n(&control->ended, __ATOMIC_ACQUIRE) != 0) {
        succeeded = false;
    }
    std::map<std::uint32_t, std::pair<LaunchReport, std::string>> fragments;
    std::vector<std::pair<std::uintptr_t, std::uint32_t>> writes;
    for (size_t w = 0; w < results.size() && succeeded; ++w) {
        Input input(readAll(results[w]));
        bool ended = false;
        while (input.more() && !ended && !input.failed()) {
            switch (input.record()) {
                case BlockRecord: {
                    const auto number = static_cast<std::uint32_t>(input.number());
                    auto& fragment = fragments[number];
                    succeeded &= input.report(&fragment.first);
                    fragment.second = input.text();
                    break;
                }
                case WriteRecord: {
                    const auto granule = static_cast<std::uintptr_t>(input.number());
                    writes.emplace_back(granule, static_cast<std::uint32_t>(input.number()));
                    break;
                }
                case EndRecord: ended = true; break;
                default: succeeded = false; break;
            }
        }
        succeeded &= ended && !input.failed();
    }
    for (int fd : results) {
        close(fd);
    }
    if (!succeeded) {
        // Memory as the launch found it: the program runs the launch again,
        // on one worker, and so this kernel from now on.
        for (unsigned w = 0; w < workers; ++w) {
            BlockSharing::undo(*reinterpret_cast<const UndoLog*>(undoLogs + w * undoBytes));
        }
        oneWorkerKernels().insert(scheduler.kernelName);
    } else {
        for (const auto& [granule, bytes] : writes) {
            std::memcpy(reinterpret_cast<void*>(granule), &bytes, sizeof bytes);
        }
        for (const auto& [number, fragment] : fragments) {
            scheduler.report.append(fragment.first);
            std::fwrite(fragment.second.data(), 1, fragment.second.size(), stdout);
        }
    }
    munmap(undoLogs, undoBytes * workers);
    munmap(control, sizeof(Control));
    control = nullptr;
    return succeeded;
}

}  // namespace warp_emulator
