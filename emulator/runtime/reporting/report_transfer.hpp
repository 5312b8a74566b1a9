// report_transfer.hpp: a launch report as bytes, and back, so that a worker
// process (scheduling/block_workers.hpp) can hand the program its blocks'
// findings, and the program gather them in block order.
#pragma once

#include <string>

#include "reporting/findings.hpp"

namespace warp_emulator {

std::string serialized(const LaunchReport& report);
// False when the bytes are not a whole report (a worker that ended early).
bool deserialized(const std::string& bytes, size_t* at, LaunchReport* report);

}  // namespace warp_emulator
