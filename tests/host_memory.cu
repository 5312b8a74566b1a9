// host_memory.cu: the host-memory half of shuffles.cu's --rows check, on
// made-up /proc and cgroup files (v1 and v2, nested limits, no limit) and on
// this machine's own, so it is tested where no GPU and no cgroup limit is.
// Includes shuffles.cu for its helpers only; no kernel runs, no GPU needed.

#define SHUFFLES_NO_MAIN
#include "../shuffles.cu"
#include "expect.hpp"

#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

static void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

static std::string bytes(double value) {
    return std::to_string(static_cast<long long>(value)) + "\n";
}

int main() {
    const fs::path root = fs::current_path() / "host-memory-files";  // CTest runs this in the build folder
    fs::remove_all(root);

    // numberInFile: a keyed line of /proc/meminfo, a bare number, and "max".
    write(root / "meminfo", "MemTotal:       8000 kB\nMemFree:        1000 kB\nMemAvailable:   2048 kB\n");
    write(root / "number", "1073741824\n");
    write(root / "max", "max\n");
    EXPECT(numberInFile((root / "meminfo").c_str(), "MemAvailable:") == 2048.0);
    EXPECT(numberInFile((root / "meminfo").c_str(), "SwapFree:") == -1.0);
    EXPECT(numberInFile((root / "number").c_str(), "") == 1073741824.0);
    EXPECT(numberInFile((root / "max").c_str(), "") == -1.0);  // v2's "no limit"
    EXPECT(numberInFile((root / "missing").c_str(), "") == -1.0);

    // v2: a limit of 4 GiB with 1 GiB used, of which 0.25 GiB is inactive
    // file cache, leaves 3.25 GiB; a child below it with no limit of its own
    // changes nothing; a child of 2 GiB with 1.5 GiB used leaves 0.5 GiB.
    const fs::path v2 = root / "v2";
    write(v2 / "memory.max", "max\n");
    write(v2 / "a" / "memory.max", bytes(4 * kGiB));
    write(v2 / "a" / "memory.current", bytes(1 * kGiB));
    write(v2 / "a" / "memory.stat", "anon 805306368\nfile 268435456\ninactive_file " + bytes(0.25 * kGiB));
    write(v2 / "a" / "b" / "memory.max", "max\n");
    write(v2 / "a" / "b" / "memory.current", bytes(0.5 * kGiB));
    HostMemory memory{100 * kGiB, "MemAvailable"};
    takeCgroupLimits((v2 / "a" / "b").string(), v2.string(), true, memory);
    EXPECT(memory.availableBytes == 3.25 * kGiB);
    EXPECT(std::strstr(memory.limitedBy, "memory.max") != nullptr);
    write(v2 / "a" / "c" / "memory.max", bytes(2 * kGiB));
    write(v2 / "a" / "c" / "memory.current", bytes(1.5 * kGiB));
    memory = {100 * kGiB, "MemAvailable"};
    takeCgroupLimits((v2 / "a" / "c").string(), v2.string(), true, memory);
    EXPECT(memory.availableBytes == 0.5 * kGiB);
    memory = {0.25 * kGiB, "MemAvailable"};  // less than any cgroup leaves: MemAvailable stands
    takeCgroupLimits((v2 / "a" / "c").string(), v2.string(), true, memory);
    EXPECT(memory.availableBytes == 0.25 * kGiB && std::strcmp(memory.limitedBy, "MemAvailable") == 0);

    // v1: "no limit" is a huge number, which changes nothing; a real limit does.
    const fs::path v1 = root / "v1";
    write(v1 / "memory.limit_in_bytes", "9223372036854771712\n");
    write(v1 / "memory.usage_in_bytes", bytes(3 * kGiB));
    write(v1 / "job" / "memory.limit_in_bytes", bytes(1 * kGiB));
    write(v1 / "job" / "memory.usage_in_bytes", bytes(0.75 * kGiB));
    write(v1 / "job" / "memory.stat", "cache 0\ninactive_file 999\ntotal_inactive_file " + bytes(0.25 * kGiB));
    memory = {100 * kGiB, "MemAvailable"};
    takeCgroupLimits(v1.string(), v1.string(), false, memory);
    EXPECT(memory.availableBytes == 100 * kGiB);
    takeCgroupLimits((v1 / "job").string(), v1.string(), false, memory);
    EXPECT(memory.availableBytes == 0.5 * kGiB);
    EXPECT(std::strstr(memory.limitedBy, "memory.limit_in_bytes") != nullptr);

    // This machine: never more than MemAvailable says.
    const HostMemory here = hostMemoryAvailable();
    const double memAvailable = numberInFile("/proc/meminfo", "MemAvailable:") * 1024.0;
    std::printf("this machine: %.0f MiB available (%s); MemAvailable %.0f MiB\n", here.availableBytes / (1 << 20),
                here.limitedBy, memAvailable / (1 << 20));
    if (memAvailable >= 0.0) {
        EXPECT(here.availableBytes > 0.0 && here.availableBytes <= memAvailable + 256.0 * (1 << 20));
    }

    fs::remove_all(root);
    if (expectFailures() == 0) {
        std::printf("host memory check: every case passed\n");
    }
    return expectFailures() == 0 ? 0 : 1;
}
