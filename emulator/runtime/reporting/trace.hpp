// trace.hpp: a record of every collective of one chosen warp, for pictures
// of who reads whom (tools/lanes/). The format (JSON Lines, version 1) is
// described in emulator/TRACE.md. Turned on by WARP_EMULATOR_TRACE=<file>
// (with WARP_EMULATOR_TRACE_KERNELS, _BLOCK, _WARP to choose) or by
// warp_emulator::traceWarps(); the first launch of each chosen kernel is
// traced. When it is off, a collective pays one test of a bool.
#pragma once

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <deque>
#include <set>
#include <string>
#include <vector>

#include "reporting/settings.hpp"
#include "reporting/text.hpp"
#include "warp_emulator/device/kernel_calls.hpp"

namespace warp_emulator {

class Trace {
public:
    // One lane of a traced call: its fields (without "after"), and for a
    // shuffle, the variable whose value after the step is read when the lane
    // next reaches a collective.
    struct Lane {
        int lane;
        std::string fields;
        const void* variable = nullptr;
        ValueType type;
        bool wantsAfter = false;
    };

    void traceTo(const std::string& path, const std::vector<std::string>& kernels, dim3 block, int warp) {
        path_ = path;
        kernels_ = kernels;
        block_ = block;
        warp_ = warp;
        configured_ = true;
    }

    // Starts tracing this launch if it is the first of a chosen kernel.
    bool beginLaunch(const std::string& kernel, dim3 grid, dim3 blockSize, int threadsPerBlock) {
        configureFromSettings();
        if (path_.empty() || traced_.count(kernel) != 0) {
            return false;
        }
        bool chosen = kernels_.empty();
        for (const std::string& name : kernels_) {
            chosen |= name == kernel;
        }
        if (!chosen || !open()) {
            return false;
        }
        traced_.insert(kernel);
        kernel_ = kernel;
        calls_ = 0;
        const bool blockExists = block_.x < grid.x && block_.y < grid.y && block_.z < grid.z;
        const int lanes = blockExists ? std::max(0, std::min(warpSize, threadsPerBlock - warp_ * warpSize)) : 0;
        std::fprintf(file_,
                     "{\"record\":\"launch\",\"kernel\":%s,\"grid\":[%u,%u,%u],\"block\":[%u,%u,%u],"
                     "\"traced_block\":[%u,%u,%u],\"traced_warp\":%d,\"lanes\":%d}\n",
                     jsonString(kernel).c_str(), grid.x, grid.y, grid.z, blockSize.x, blockSize.y, blockSize.z,
                     block_.x, block_.y, block_.z, warp_, lanes);
        for (Pending& pending : pending_) {
            pending = Pending{};
        }
        return true;
    }

    bool traces(uint3 blockIndex, int warp) const {
        return blockIndex.x == block_.x && blockIndex.y == block_.y && blockIndex.z == block_.z && warp == warp_;
    }

    // A completed call of the traced warp; `head` holds its fields up to "lanes".
    void call(std::string head, std::vector<Lane> lanes) {
        Record record;
        record.head = std::move(head) + ",\"seq\":" + std::to_string(calls_++);
        const size_t recordNumber = flushed_ + records_.size();
        for (Lane& lane : lanes) {
            Entry entry;
            entry.fields = std::move(lane.fields);
            if (lane.wantsAfter && lane.variable != nullptr) {
                entry.pending = true;
                pending_[lane.lane] = Pending{true, recordNumber, record.entries.size(), lane.variable, lane.type};
            } else if (lane.wantsAfter) {
                entry.after = "null";
            }
            record.entries.push_back(std::move(entry));
        }
        records_.push_back(std::move(record));
        flush();
    }

    // The lane has reached its next collective: what its variable holds now
    // is its value after the step it last traced.
    void laneReachedCollective(int lane) { resolve(lane, true); }

    // The lane exited: its value after its last step is not observable.
    void laneExited(int lane) { resolve(lane, false); }

    void endLaunch() {
        for (int lane = 0; lane < warpSize; ++lane) {
            resolve(lane, false);
        }
        flush();
        std::fprintf(file_, "{\"record\":\"end\",\"kernel\":%s,\"calls\":%lld}\n", jsonString(kernel_).c_str(), calls_);
        std::fflush(file_);
    }

private:
    struct Entry {
        std::string fields;
        std::string after;  // empty: this lane has no "after" field
        bool pending = false;
    };
    struct Record {
        std::string head;
        std::vector<Entry> entries;
    };
    struct Pending {
        bool active = false;
        size_t record = 0;  // counted from the first record of the program
        size_t entry = 0;
        const void* variable = nullptr;
        ValueType type;
    };

    bool configured_ = false;
    std::string path_;
    std::vector<std::string> kernels_;
    dim3 block_{0, 0, 0};
    int warp_ = 0;
    std::FILE* file_ = nullptr;
    std::set<std::string> traced_;
    std::string kernel_;
    long long calls_ = 0;
    std::deque<Record> records_;
    size_t flushed_ = 0;  // records written so far
    Pending pending_[32];

    void configureFromSettings() {
        if (configured_) {
            return;
        }
        const Settings& settings = Settings::get();
        traceTo(settings.tracePath, settings.traceKernels, settings.traceBlock, settings.traceWarp);
    }

    bool open() {
        if (file_ != nullptr) {
            return true;
        }
        file_ = std::fopen(path_.c_str(), "w");
        if (file_ == nullptr) {
            std::fprintf(stderr, "warp emulator: cannot write the trace to %s: %s\n", path_.c_str(), std::strerror(errno));
            path_.clear();
            return false;
        }
        std::fprintf(file_, "{\"record\":\"trace\",\"version\":1}\n");
        return true;
    }

    void resolve(int lane, bool observable) {
        Pending& pending = pending_[lane];
        if (!pending.active) {
            return;
        }
        Entry& entry = records_[pending.record - flushed_].entries[pending.entry];
        if (observable) {
            std::uint64_t bits = 0;
            std::memcpy(&bits, pending.variable, pending.type.bytes);
            entry.after = jsonValue(bits, pending.type);
        } else {
            entry.after = "null";
        }
        entry.pending = false;
        pending = Pending{};
        flush();
    }

    void flush() {
        while (!records_.empty()) {
            const Record& record = records_.front();
            for (const Entry& entry : record.entries) {
                if (entry.pending) {
                    return;
                }
            }
            std::string line = record.head + ",\"lanes\":[";
            for (size_t i = 0; i < record.entries.size(); ++i) {
                const Entry& entry = record.entries[i];
                line += (i == 0 ? "{" : ",{") + entry.fields + (entry.after.empty() ? "" : ",\"after\":" + entry.after) + "}";
            }
            std::fprintf(file_, "%s]}\n", line.c_str());
            records_.pop_front();
            ++flushed_;
        }
    }
};

}  // namespace warp_emulator
