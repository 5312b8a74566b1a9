// device_output.hpp: what a kernel prints (printf) while its block runs in a
// worker process (scheduling/block_workers.hpp), kept with the block's
// findings, so that the program prints every block's output in block order,
// as a run on one worker does. Elsewhere, a kernel's printf prints at once.
#pragma once

#include <string>

namespace warp_emulator {

class DeviceOutput {
public:
    // In a worker: from now on a kernel's output is kept, not printed.
    static void keep() { keeping_ = true; }
    // What the kernels printed since the last call.
    static std::string take();

    static bool keeping() { return keeping_; }
    static void add(const char* text, size_t bytes) { kept_.append(text, bytes); }

private:
    static bool keeping_;
    static std::string kept_;
};

}  // namespace warp_emulator
