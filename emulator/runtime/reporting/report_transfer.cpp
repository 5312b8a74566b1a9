// report_transfer.cpp: a launch report as bytes: each number as 8 bytes, each
// string as its length then its bytes, each list as its length then its items.
#include "reporting/report_transfer.hpp"

#include <cstdint>
#include <cstring>

namespace warp_emulator {

namespace {

class Writer {
public:
    std::string bytes;
    void number(long long value) { bytes.append(reinterpret_cast<const char*>(&value), sizeof value); }
    void text(const std::string& value) {
        number(static_cast<long long>(value.size()));
        bytes += value;
    }
    void texts(const std::vector<std::string>& values) {
        number(static_cast<long long>(values.size()));
        for (const std::string& value : values) {
            text(value);
        }
    }
    void repeated(const std::vector<std::string>& keys, const std::map<std::string, Repeated>& found) {
        texts(keys);
        for (const std::string& key : keys) {
            text(found.at(key).text);
            number(found.at(key).times);
        }
    }
};

class Reader {
public:
    Reader(const std::string& bytes, size_t at) : bytes_(bytes), at_(at) {}
    bool failed = false;
    size_t at() const { return at_; }
    long long number() {
        long long value = 0;
        if (at_ + sizeof value > bytes_.size()) {
            failed = true;
            return 0;
        }
        std::memcpy(&value, bytes_.data() + at_, sizeof value);
        at_ += sizeof value;
        return value;
    }
    std::string text() {
        const long long length = number();
        if (failed || length < 0 || at_ + static_cast<size_t>(length) > bytes_.size()) {
            failed = true;
            return "";
        }
        std::string value = bytes_.substr(at_, static_cast<size_t>(length));
        at_ += static_cast<size_t>(length);
        return value;
    }
    std::vector<std::string> texts() {
        std::vector<std::string> values;
        for (long long count = number(); !failed && count > 0; --count) {
            values.push_back(text());
        }
        return values;
    }
    void repeated(std::vector<std::string>* keys, std::map<std::string, Repeated>* found) {
        *keys = texts();
        for (const std::string& key : *keys) {
            Repeated& entry = (*found)[key];
            entry.text = text();
            entry.times = number();
        }
    }

private:
    const std::string& bytes_;
    size_t at_;
};

}  // namespace

std::string serialized(const LaunchReport& report) {
    Writer out;
    out.text(report.kernel);
    out.text(report.first);
    out.texts(report.ruleBreaks);
    out.number(report.ruleBreakCount);
    out.number(report.undefinedReads);
    out.text(report.firstUndefinedRead);
    out.texts(report.calls);
    out.number(static_cast<long long>(report.readsByLane.size()));
    for (const auto& [key, times] : report.readsByLane) {
        out.number(key.call);
        out.number(key.readingLane);
        out.number(key.sourceLane);
        out.number(times);
    }
    out.texts(report.invalidAccesses);
    out.number(report.invalidAccessCount);
    out.repeated(report.uninitialisedKeys, report.uninitialised);
    out.number(report.uninitialisedCount);
    out.repeated(report.raceKeys, report.races);
    out.number(report.raceCount);
    out.texts(report.notes);
    out.text(report.stopped);
    return out.bytes;
}

bool deserialized(const std::string& bytes, size_t* at, LaunchReport* report) {
    Reader in(bytes, *at);
    report->kernel = in.text();
    report->first = in.text();
    report->ruleBreaks = in.texts();
    report->ruleBreakCount = in.number();
    report->undefinedReads = in.number();
    report->firstUndefinedRead = in.text();
    report->calls = in.texts();
    for (long long count = in.number(); !in.failed && count > 0; --count) {
        ReadKey key{};
        key.call = static_cast<int>(in.number());
        key.readingLane = static_cast<int>(in.number());
        key.sourceLane = static_cast<int>(in.number());
        report->readsByLane[key] = in.number();
    }
    report->invalidAccesses = in.texts();
    report->invalidAccessCount = in.number();
    in.repeated(&report->uninitialisedKeys, &report->uninitialised);
    report->uninitialisedCount = in.number();
    in.repeated(&report->raceKeys, &report->races);
    report->raceCount = in.number();
    report->notes = in.texts();
    report->stopped = in.text();
    *at = in.at();
    return !in.failed;
}

}  // namespace warp_emulator
