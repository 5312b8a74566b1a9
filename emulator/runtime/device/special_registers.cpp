// special_registers.cpp: the PTX special registers inline PTX reads
// (warp_emulator/device/special_registers.hpp).
#include "warp_emulator/device/special_registers.hpp"

#include <chrono>

#include "checks/memory_checks.hpp"
#include "scheduling/scheduler.hpp"
#include "warp_emulator/device/kernel_calls.hpp"

namespace warp_emulator {

namespace {

// An H200's: 132 multiprocessors, 64 warps each.
constexpr std::uint64_t kMultiprocessors = 132;
constexpr std::uint64_t kWarpsPerMultiprocessor = 64;

}  // namespace

std::uint64_t specialRegister(SpecialRegister which) {
    const RuntimeCode runtime;
    Scheduler& scheduler = Scheduler::instance();
    const bool inKernel = scheduler.inKernel();
    const std::uint64_t thread = inKernel ? static_cast<std::uint64_t>(scheduler.currentIndex()) : 0;
    const unsigned int lane = static_cast<unsigned int>(thread % warpSize);
    const unsigned int below = lane == 0 ? 0u : 0xffffffffu >> (32 - lane);  // lanes less than this one
    const unsigned int own = 1u << lane;
    switch (which) {
        case SpecialRegister::LaneId: return lane;
        case SpecialRegister::WarpId: return thread / warpSize;
        case SpecialRegister::NWarpId: return kWarpsPerMultiprocessor;
        case SpecialRegister::LaneMaskEq: return own;
        case SpecialRegister::LaneMaskLt: return below;
        case SpecialRegister::LaneMaskLe: return below | own;
        case SpecialRegister::LaneMaskGt: return ~(below | own);
        case SpecialRegister::LaneMaskGe: return ~below;
        case SpecialRegister::Clock:
        case SpecialRegister::Clock64: return static_cast<std::uint64_t>(clockCalls());
        case SpecialRegister::GlobalTimer:
            return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                  std::chrono::steady_clock::now().time_since_epoch())
                                                  .count());
        case SpecialRegister::SmId: return inKernel ? scheduler.blockNumber % kMultiprocessors : 0;
        case SpecialRegister::NSmId: return kMultiprocessors;
    }
    return 0;
}

}  // namespace warp_emulator
