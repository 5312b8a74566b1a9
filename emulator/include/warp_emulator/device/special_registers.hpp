// special_registers.hpp: the PTX special registers a kernel's inline PTX
// reads most, as emulator/emulate's rewriting turns
// `asm("mov.u32 %0, %%laneid;" : "=r"(lane));` into a call of
// specialRegister() (driver/rewrite.py); any other inline PTX stops the
// build with one message that names it (runtime/device/special_registers.cpp
// answers these).
//
// What each one reads (the PTX ISA, "Special Registers"):
//   %laneid                the thread's lane in its warp
//   %warpid                its warp's number in the block (on a GPU, the
//                          warp's slot on its multiprocessor, which may change;
//                          the emulator's warps keep their number)
//   %nwarpid               the most warps a multiprocessor holds: 64, an H200's
//   %lanemask_eq/lt/le/gt/ge  the lanes equal to, below, at or below, above,
//                          at or above the thread's own
//   %clock, %clock64       clock64()'s count (atomics.hpp: time is not modelled)
//   %globaltimer           nanoseconds, from the host's steady clock
//   %smid                  the multiprocessor a block runs on: block number
//                          modulo 132, an H200's count; %nsmid is 132
#pragma once

#include <cstdint>

namespace warp_emulator {

enum class SpecialRegister : unsigned char {
    LaneId, WarpId, NWarpId, LaneMaskEq, LaneMaskLt, LaneMaskLe, LaneMaskGt, LaneMaskGe,
    Clock, Clock64, GlobalTimer, SmId, NSmId
};

std::uint64_t specialRegister(SpecialRegister which);

}  // namespace warp_emulator
