#!/usr/bin/env python3
"""usage: inline_ptx_rewrites.py

emulate's rewriting of inline PTX video instructions (emulator/driver/
rewrite.py), statement by statement: what each asm statement becomes, the
instruction it describes to the runtime (warp_emulator/device/
video_instructions.hpp: a selector holds a nibble per lane, lane 0 lowest, a
mask a bit per lane), its operands each evaluated once, in order, and every
newline kept; and for each form the emulator does not run, the one message
that names the statement and says why. The regression case
emulator/tests/ptx_simd_video_legal.cu runs what these rewrite to.
"""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "emulator", "driver"))
import rewrite  # noqa: E402

SIMD = "::warp_emulator::SimdVideo{::warp_emulator::VideoOperation::%s, ::warp_emulator::VideoComparison::%s, %s}"
SCALAR = ("::warp_emulator::ScalarVideo{::warp_emulator::VideoOperation::%s, ::warp_emulator::VideoComparison::%s, "
          "%s, ::warp_emulator::VideoSecondary::%s, ::warp_emulator::VideoPart::%s, ::warp_emulator::VideoPart::%s, "
          "::warp_emulator::VideoPart::%s}")

# (statement, what it becomes)
REWRITES = [
    # stereoDisparity's, across lines: its newlines stay after the call.
    ('asm("vabsdiff4.u32.u32.u32.add"\n    " %0, %1, %2, %3;"\n    : "=r"(result)\n    : "r"(A), "r"(B), "r"(C));',
     "((result) = ::warp_emulator::inlineVideo(" + SIMD % ("AbsoluteDifference", "None",
                                                         "4, false, false, false, false, true, 0xfu, 0x3210u, 0x7654u")
     + ", 1, 2, 3, (0u), (A), (B), (C)))\n\n\n;"),
    # "+r": d is read as c; a comment in an operand is dropped; selectors and the mask as written.
    ('asm volatile("vadd2.s32.s32.u32.sat %0.h1, %1.h00, %2.h23, %0;" : "+r"(x[i]) : "r"(a /* low */), "r"(f(b, c)));',
     "((x[i]) = ::warp_emulator::inlineVideo(" + SIMD % ("Add", "None",
                                                       "2, true, true, false, true, false, 0x2u, 0x0u, 0x23u")
     + ", 1, 2, 0, (x[i]), (a), (f(b, c))));"),
    ('asm("vset4.s32.u32.lt.add %0.b320, %1.b7654, %2.b0123, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(0u));',
     "((d) = ::warp_emulator::inlineVideo(" + SIMD % ("Compare", "Less",
                                                    "4, false, true, false, false, true, 0xdu, 0x7654u, 0x123u")
     + ", 1, 2, 3, (0u), (a), (b), (0u)));"),
    # One input named twice is evaluated once: operands are passed in order, a, b, c by number.
    ('asm("vmax4.u32.u32.u32 %0, %1, %1, %2;" : "=r"(d) : "r"(v[k++]), "r"(c));',
     "((d) = ::warp_emulator::inlineVideo(" + SIMD % ("Maximum", "None",
                                                    "4, false, false, false, false, false, 0xfu, 0x3210u, 0x7654u")
     + ", 1, 1, 2, (0u), (v[k++]), (c)));"),
    ('asm("vmin.s32.s32.s32.sat.add %0, %1.b0, %2.h1, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));',
     "((d) = ::warp_emulator::inlineVideo(" + SCALAR % ("Minimum", "None", "true, true, true, true", "Add", "Byte0",
                                                      "Half1", "Word") + ", 1, 2, 3, (0u), (a), (b), (c)));"),
    ('asm("vsub.u32.s32.u32 %0.b2, %1, %2.b3, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));',
     "((d) = ::warp_emulator::inlineVideo(" + SCALAR % ("Subtract", "None", "false, true, false, false", "None",
                                                      "Word", "Byte3", "Byte2") + ", 1, 2, 3, (0u), (a), (b), (c)));"),
    ('asm("vset.u32.s32.ne %0, %1, %2;" : "=r"(d) : "r"(a), "n"(-1));',
     "((d) = ::warp_emulator::inlineVideo(" + SCALAR % ("Compare", "NotEqual", "false, false, true, false", "None",
                                                      "Word", "Word", "Word") + ", 1, 2, -1, (0u), (a), (-1)));"),
    ('asm("vsub.u32.u32.u32.sat %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));',
     "((d) = ::warp_emulator::inlineVideo(" + SCALAR % ("Subtract", "None", "false, false, false, true", "None",
                                                      "Word", "Word", "Word") + ", 1, 2, -1, (0u), (a), (b)));"),
]

# (statement, the words its message must hold after "is not emulated: ")
REFUSALS = [
    ('asm("vabsdiff4.u32.u32.u32.sat.add %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));',
     "the PTX ISA defines no form .u32.u32.u32.sat.add of vabsdiff4"),
    ('asm("vshl.u32.u32.u32.clamp %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));', "does not run vshl, vshr or vmad"),
    ('asm("vadd4.u32.u32.u32 %0, %1, %2, %0;" : "=r"(d) : "r"(a), "r"(b));', "it reads %0"),
    ('asm("vadd4.u32.u32.u32 %0, %1.b012, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));', "the selector .b012"),
    ('asm("vadd4.u32.u32.u32 %0.b13, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));', "the mask .b13"),
    ('asm("vadd2.u32.u32.u32 %0, %1.h4, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));', "the selector .h4"),
    ('asm("vadd4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "n"(7), "r"(c));', "its inputs must be"),
    ('asm("vadd4.u32.u32.u32 %0, %1, %2, %3;" : "=l"(d) : "r"(a), "r"(b), "r"(c));', "its d must be %0"),
    ('asm("vadd4.u32.u32.u32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));', "four operands"),
    ('asm("vadd.u32.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));', "a fourth operand, c"),
    ('asm("vadd.u32.u32.u32.add %0.b0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));', "do not go together"),
    ('asm("vadd4.u32.u32.u32 %0, %1, %2, %3; vadd4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));',
     "one instruction an asm statement"),
    # The forms an H200 computes otherwise than the PTX ISA's pseudocode.
    ('asm("vmin.s32.s32.s32.max %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));', "only with .sat and an .s32"),
    ('asm("vset.u32.u32.lt.min %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));', "only with .sat and an .s32"),
    ('asm("vsub.s32.s32.s32.sat %0.b1, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));', "no .sat with d.dsel"),
    ('asm("vadd.u32.u32.u32 %0.h1, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));', "not d.h1"),
    ('asm("vadd.u32.u32.u32.sat %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));', "passes U32_MAX"),
    ('asm("vabsdiff.u32.s32.u32.sat %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));', "passes U32_MAX"),
    ('asm("vmax.u32.u32.u32.sat.max %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));', "only with .sat and an .s32"),
    ('asm("vsub.u32.u32.u32.sat.add %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));',
     "only without a secondary operation"),
    ('asm("bfind.u32 %0, %1;" : "=r"(d) : "r"(a));', "runs only a mov from one of the special registers"),
]


def rewritten(statement):
    code = rewrite.code_only(statement)
    result = statement
    for start, end, replacement in sorted(rewrite.asm_edits(statement, code), reverse=True):
        result = result[:start] + replacement + result[end:]
    return result


def main():
    failures = []
    for statement, expected in REWRITES:
        got = rewritten(statement)
        if got != expected:
            failures.append("%s\n  became   %s\n  expected %s" % (statement, got, expected))
    for statement, words in REFUSALS:
        got = rewritten(statement)
        opcode = re.match(r'asm\("([^"]*)"', statement).group(1)
        named = "inline PTX `%s` is not emulated: " % " ".join(opcode.replace(";", "; ").split())
        if not got.startswith('_Pragma("GCC error') or named not in got or words not in got.split(named, 1)[-1]:
            failures.append("%s\n  became %s\n  expected one message naming it, with: %s" % (statement, got, words))
        elif got.count("\n") != statement.count("\n"):
            failures.append("%s: its lines moved" % statement)
    for failure in failures:
        print("FAIL: " + failure)
    print("%d of %d statements rewritten as expected" % (len(REWRITES) + len(REFUSALS) - len(failures),
                                                         len(REWRITES) + len(REFUSALS)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
