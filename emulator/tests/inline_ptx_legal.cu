// inline_ptx_legal.cu: inline PTX that reads special registers (PTX ISA,
// "Special Registers"), as the inlinePTX sample does: %laneid, the lane
// masks, %warpid and %nwarpid, %smid and %nsmid, %clock and %clock64, and
// %globaltimer, with mov in asm statements (CUDA's "Inline PTX Assembly").
// Each lane checks its masks against its lane, and lane 0 of each warp its
// warp's number; the clocks and the timer only run forward. On an H200:
// cudaSuccess, every check 1.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "checks passed: 96 of 96"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void readRegisters(int* checks) {
    unsigned int lane, eq, lt, le, gt, ge, warp, warps, sm, sms, clockFirst, clockSecond;
    unsigned long long clock64First, clock64Second, timerFirst, timerSecond;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    asm("mov.u32 %0, %%lanemask_eq;" : "=r"(eq));
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
    asm("mov.u32 %0, %%lanemask_le;" : "=r"(le));
    asm("mov.u32 %0, %%lanemask_gt;" : "=r"(gt));
    asm("mov.u32 %0, %%lanemask_ge;" : "=r"(ge));
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(warp));
    asm("mov.u32 %0, %%nwarpid;" : "=r"(warps));
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    asm("mov.u32 %0, %%nsmid;" : "=r"(sms));
    asm volatile("mov.u32 %0, %%clock;" : "=r"(clockFirst));
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(clock64First));
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(timerFirst));
    asm volatile("mov.u32 %0, %%clock;" : "=r"(clockSecond));
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(clock64Second));
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(timerSecond));
    const unsigned int expectedLane = threadIdx.x % 32;
    const unsigned int below = (1u << expectedLane) - 1u;
    const bool masks = lane == expectedLane && eq == (1u << expectedLane) && lt == below &&
                       le == (below | eq) && gt == ~(below | eq) && ge == ~below;
    const bool counts = warp < warps && sm < sms && clockSecond - clockFirst < 0x80000000u &&
                        clock64Second >= clock64First && timerSecond >= timerFirst;
    checks[threadIdx.x] = masks && counts ? 1 : 0;
}

int main() {
    DeviceArray<int> checks(96, -1);
    readRegisters<<<1, 96>>>(checks.device);
    const std::vector<int> values = checks.read();
    int passed = 0;
    for (int value : values) {
        passed += value;
    }
    std::printf("checks passed: %d of 96\n", passed);
    return printLaunchVerdict();
}
