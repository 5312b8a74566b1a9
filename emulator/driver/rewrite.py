"""The source rewriting that makes a .cu file C++: each
kernel<<<grid, block, bytes, stream>>>(args) launch, each
`extern __shared__ Type name[];` (or `Type name[][N];`, rows of N) and each
statement of inline PTX becomes a form C++ accepts, in a copy that keeps every
line where it was, so that a message names the original file and line. The
copies of a file and of the "local" headers it includes are
written under one root, each at its own absolute path, so that
"../common/x.cuh" finds the copy of x.cuh.
"""

import os
import re

LAUNCH_FUNCTION = "::warp_emulator::configuredLaunch("
DEDUCED_LAUNCH_FUNCTION = "::warp_emulator::deducedLaunch([](auto&&... a) { "
REGISTERED_KERNEL = "::warp_emulator::registeredKernel"
# Words that can stand before a launch but are never part of the kernel's name.
KEYWORDS = {"return", "else", "do", "case", "co_await", "throw"}


class RewriteError(Exception):
    pass


def is_word_char(character):
    return character.isalnum() or character == "_"


# ---------------------------------------------------------------------------
# Code only: comments and the contents of string and character literals
# become spaces, newlines stay, so every offset and line number is unchanged
# and a `<<<` in a comment or a string is never seen.
# ---------------------------------------------------------------------------

def code_only(text):
    code = list(text)
    length = len(text)

    def blank(start, end):
        for k in range(start, end):
            if code[k] != "\n":
                code[k] = " "

    def end_of_literal(start, quote):  # an unterminated literal ends at its line
        k = start
        while k < length and text[k] not in (quote, "\n"):
            k += 2 if text[k] == "\\" else 1
        return min(k, length)

    i = 0
    while i < length:
        character = text[i]
        if text.startswith("//", i):
            end = i
            while end < length and not (text[end] == "\n" and text[end - 1] != "\\"
                                        and text[end - 2:end] != "\\\r"):
                end += 1
            blank(i, end)
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = length if end == -1 else end + 2
            blank(i, end)
            i = end
        elif character == '"':
            prefix_start = i
            while prefix_start > 0 and is_word_char(text[prefix_start - 1]):
                prefix_start -= 1
            if text[prefix_start:i] in ("R", "u8R", "uR", "UR", "LR"):
                open_paren = text.find("(", i)
                delimiter = text[i + 1:open_paren] if open_paren != -1 else ""
                close = text.find(")" + delimiter + '"', open_paren + 1)
                end = length if open_paren == -1 or close == -1 else close + len(delimiter) + 1
            else:
                end = end_of_literal(i + 1, '"')
            blank(i + 1, end)
            i = end + 1
        elif character == "'":
            token_start = i
            while token_start > 0 and (is_word_char(text[token_start - 1]) or text[token_start - 1] == "."):
                token_start -= 1
            if token_start < i and text[token_start].isdigit():  # 1'000'000: a digit separator
                i += 1
                continue
            end = end_of_literal(i + 1, "'")
            blank(i + 1, end)
            i = end + 1
        else:
            i += 1
    return "".join(code)


# ---------------------------------------------------------------------------
# Launches
# ---------------------------------------------------------------------------

def skip_space_back(code, i):
    while i > 0 and code[i - 1].isspace():
        i -= 1
    return i


def skip_space(code, i):
    while i < len(code) and code[i].isspace():
        i += 1
    return i


def matching_open(code, close):
    """The index of the bracket that opens the one at `close`."""
    depth = 0
    for k in range(close, -1, -1):
        if code[k] in ")]}":
            depth += 1
        elif code[k] in "([{":
            depth -= 1
            if depth == 0:
                return k
    raise RewriteError("unbalanced brackets before <<<")


def template_open(code, close):
    """The '<' of the template argument list whose '>' is at `close`."""
    depth = 0
    k = close
    while k >= 0:
        if code[k] in ")]":
            k = matching_open(code, k)
        elif code[k] == ">":
            depth += 1
        elif code[k] == "<":
            depth -= 1
            if depth == 0:
                return k
        elif code[k] in ";{}":
            break
        k -= 1
    raise RewriteError("unbalanced template arguments before <<<")


def kernel_start(code, launch):
    """Where the kernel expression before the `<<<` at `launch` begins:
    k, ns::k, ::k, k<float, 4>, (k), kernels[i], table.k, getKernel()."""
    i = skip_space_back(code, launch)
    while i > 0:
        last = code[i - 1]
        if last == "]":                        # kernels[i]
            i = skip_space_back(code, matching_open(code, i - 1))
        elif last == ">":                      # k<float>: the template's name comes next
            i = skip_space_back(code, template_open(code, i - 1))
            if i == 0 or not is_word_char(code[i - 1]):
                break
        elif last == ")":
            open_paren = matching_open(code, i - 1)
            before = skip_space_back(code, open_paren)
            word = re.search(r"\w*$", code[:before]).group()
            if before > 0 and (code[before - 1] in ">]" or (word and word not in KEYWORDS)):
                i = before                     # getKernel(): the callee comes next
            else:
                return open_paren              # (k)
        elif is_word_char(last):
            start = i
            while start > 0 and is_word_char(code[start - 1]):
                start -= 1
            if code[start].isdigit() or code[start:i] in KEYWORDS:
                break
            before = skip_space_back(code, start)
            if code[before - 2:before] in ("::", "->") or code[before - 1:before] == ".":
                operator_start = before - (1 if code[before - 1] == "." else 2)
                i = skip_space_back(code, operator_start)
                if i == 0 or not (is_word_char(code[i - 1]) or code[i - 1] in ">)]"):
                    return operator_start        # ::k, from the global namespace
            else:
                return start
        else:
            break
    raise RewriteError("no kernel name before <<<")


def launch_end(code, launch):
    """The index of the `>>>` that closes the `<<<` at `launch`."""
    depth = 0
    k = launch + 3
    while k < len(code):
        if depth == 0 and code.startswith(">>>", k):
            return k
        if code[k] in "([{":
            depth += 1
        elif code[k] in ")]}":
            depth -= 1
            if depth < 0:
                break
        elif code[k] == ";" and depth == 0:
            break
        k += 1
    raise RewriteError("no >>> closes this <<<")


def template_kernels(code):
    """The names of the function templates declared __global__ in `code`: a
    `template` between the statement's start and __global__."""
    names = set()
    for match in re.finditer(r"\b__global__\b", code):
        statement = max(code.rfind(mark, 0, match.start()) for mark in ";{}")
        if not re.search(r"\btemplate\b", code[statement + 1:match.start()]):
            continue
        name = re.match(r"[^(;{]*?\b([A-Za-z_]\w*)\s*\(", code[match.end():], re.S)
        if name is not None:
            names.add(name.group(1))
    return names


def default_argument_kernels(code):
    """The names of the kernels declared with a default argument
    (`__global__ void k(int* a, int n = 32)`): a launch may leave it out, which
    only a call by the kernel's name fills in, so they are launched as a
    template is (launch.hpp's deducedLaunch)."""
    names = set()
    for match in re.finditer(r"\b__global__\b", code):
        name = re.match(r"[^(;{]*?\b([A-Za-z_]\w*)\s*\(", code[match.end():], re.S)
        if name is None:
            continue
        depth = 0
        for i in range(match.end() + name.end() - 1, len(code)):
            depth += {"(": 1, ")": -1}.get(code[i], 0)
            if depth == 0:
                break
            if depth == 1 and code[i] == "=" and code[i - 1] not in "=!<>" and code[i + 1] != "=":
                names.add(name.group(1))
                break
    return names


def kernel_names(code):
    """The names of every function declared __global__ in `code`."""
    names = set()
    for match in re.finditer(r"\b__global__\b", code):
        name = re.match(r"[^(;{]*?\b([A-Za-z_]\w*)\s*\(", code[match.end():], re.S)
        if name is not None:
            names.add(name.group(1))
    return names


# A kernel's address cast to a void pointer: (void*)k, (const void *)&ns::k<float>,
# reinterpret_cast<void*>(k). The cast names no parameter types.
VOID_CAST = re.compile(r"\(\s*(?:const\s+)?void\s*\*\s*\)\s*|\b(?:reinterpret|static)_cast\s*<\s*(?:const\s+)?void"
                       r"\s*\*\s*>\s*\(\s*")
KERNEL_NAME = re.compile(r"&?\s*(?:::\s*)?(?:[A-Za-z_]\w*\s*::\s*)*([A-Za-z_]\w*)")


def address_edits(code, kernels):
    """Where a kernel's address is cast to void* (cudaLaunchKernel,
    cudaLaunchCooperativeKernel, a graph's kernel node): the kernel becomes
    registeredKernel(kernel), which records it with its parameter types
    (warp_emulator/host/launch.hpp) and returns it unchanged."""
    edits = []
    for cast in VOID_CAST.finditer(code):
        name = KERNEL_NAME.match(code, cast.end())
        if name is None or name.group(1) not in kernels:
            continue
        end = name.end()
        after = skip_space(code, end)
        if after < len(code) and code[after] == "<":  # kernel<float, 4>
            depth = 0
            for k in range(after, len(code)):
                depth += {"<": 1, ">": -1}.get(code[k], 0)
                if code[k] in ";{}":
                    break
                if depth == 0:
                    end = k + 1
                    break
        edits += [(cast.end(), cast.end(), REGISTERED_KERNEL + "("), (end, end, ")")]
    return edits


def launch_edits(code, templates):
    edits = []
    done_until = 0
    for match in re.finditer(r"<<<", code):
        launch = match.start()
        if launch < done_until:
            continue
        try:
            start = kernel_start(code, launch)
            end = launch_end(code, launch)
            if code[skip_space(code, end + 3):][:1] != "(":
                raise RewriteError("no (arguments) after >>>")
        except RewriteError as error:
            raise RewriteError("%d: cannot rewrite this launch: %s" % (code.count("\n", 0, launch) + 1, error))
        # Three edits that add no newline: the lines stay where they were.
        kernel = " ".join(code[start:launch].split())
        name = re.search(r"(\w+)\s*$", kernel)
        if name is not None and name.group(1) in templates:
            # A template launched without its arguments: a generic lambda calls
            # it, so that the call deduces them (launch.hpp's deducedLaunch).
            edits += [(start, start, DEDUCED_LAUNCH_FUNCTION),
                      (launch, launch + 3, "(static_cast<decltype(a)&&>(a)...); }, \"%s\", " % kernel),
                      (end, end + 3, ")")]
        else:
            edits += [(start, start, LAUNCH_FUNCTION), (launch, launch + 3, ", "), (end, end + 3, ")")]
        done_until = end + 3
    return edits


# ---------------------------------------------------------------------------
# Inline PTX: asm("mov.u32 %0, %%laneid;" : "=r"(lane)) reads a special
# register, which becomes a call of the emulator's
# (warp_emulator/device/special_registers.hpp), and one video instruction,
# asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(d) : "r"(a), ...),
# becomes a call that computes it (warp_emulator/device/video_instructions.hpp);
# any other PTX statement becomes one compile-time error that names it (a GCC
# error pragma, which fires only where the preprocessor keeps the code), never
# the assembler's errors. Inline assembly that is no PTX (x86 in host code:
# "pause", or the empty compiler barrier) is left to the host compiler.
# ---------------------------------------------------------------------------

SPECIAL_REGISTERS = {
    "laneid": "LaneId", "warpid": "WarpId", "nwarpid": "NWarpId",
    "lanemask_eq": "LaneMaskEq", "lanemask_lt": "LaneMaskLt", "lanemask_le": "LaneMaskLe",
    "lanemask_gt": "LaneMaskGt", "lanemask_ge": "LaneMaskGe",
    "clock": "Clock", "clock64": "Clock64", "globaltimer": "GlobalTimer", "smid": "SmId", "nsmid": "NSmId",
}
ASM_START = re.compile(r"\b(?:asm|__asm__|__asm)\b(?:\s*\b(?:volatile|__volatile__|__volatile|inline|goto)\b)*\s*\(")
# An opcode with a type or state space after a dot (mov.u32, ld.global.u8): PTX, not x86.
PTX_OPCODE = re.compile(r"(?:^|[\s;{])[a-z][a-z0-9_]*\.[a-z0-9_]+")
SPECIAL_MOVE = re.compile(r"\s*mov\.(u32|s32|b32|u64|s64|b64)\s+%0\s*,\s*%%?(\w+)\s*;?\s*")
STRING_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'", "0": "\0"}

# The video instructions (PTX ISA, "Video Instructions"), as the ISA writes
# their opcodes: the SIMD ones on 2 halfwords or 4 bytes, and the scalar ones.
VIDEO = "::warp_emulator::"
VIDEO_OPERATIONS = {"vadd": "Add", "vsub": "Subtract", "vavrg": "Average", "vabsdiff": "AbsoluteDifference",
                    "vmin": "Minimum", "vmax": "Maximum", "vset": "Compare"}
VIDEO_COMPARISONS = {"eq": "Equal", "ne": "NotEqual", "lt": "Less", "le": "LessOrEqual", "gt": "Greater",
                     "ge": "GreaterOrEqual"}
VIDEO_PARTS = {"": "Word", "b0": "Byte0", "b1": "Byte1", "b2": "Byte2", "b3": "Byte3", "h0": "Half0", "h1": "Half1"}
SIMD_VIDEO = re.compile(r"(vadd|vsub|vavrg|vabsdiff|vmin|vmax)([24])\.([us]32)\.([us]32)\.([us]32)(\.sat|\.add)?")
SIMD_SET = re.compile(r"vset([24])\.([us]32)\.([us]32)\.(eq|ne|lt|le|gt|ge)(\.add)?")
SCALAR_VIDEO = re.compile(r"(vadd|vsub|vabsdiff|vmin|vmax)\.([us]32)\.([us]32)\.([us]32)(\.sat)?(?:\.(add|min|max))?")
SCALAR_SET = re.compile(r"vset\.([us]32)\.([us]32)\.(eq|ne|lt|le|gt|ge)(?:\.(add|min|max))?")
# Any opcode of the family, for a message that names what it lacks.
VIDEO_FAMILY = re.compile(r"v(?:add|sub|avrg|absdiff|min|max|set|shl|shr|mad)[24]?(?:\.|$)")
VIDEO_OPERAND = re.compile(r"%(\d+)(?:\.(\w+))?")
EMULATED_PTX = ("a mov from one of the special registers %s, and one video instruction on \"r\" operands "
                "(vadd, vsub, vabsdiff, vmin, vmax, vset, and the SIMD vadd2, vsub2, vavrg2, vabsdiff2, vmin2, vmax2, "
                "vset2 and their 4-byte forms), as the PTX ISA defines them"
                % ", ".join("%" + name for name in SPECIAL_REGISTERS))


class NotEmulated(Exception):
    """A video instruction the emulator cannot run: why, in a few words."""


def string_literals(text):
    """The contents of the string literals in `text`, joined, their simple escapes decoded."""
    value = []
    for match in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', text):
        value.append(re.sub(r"\\(.)", lambda m: STRING_ESCAPES.get(m.group(1), m.group(1)), match.group(1)))
    return "".join(value)


def split_top_level(code, start, end, separator):
    """The pieces of code[start:end] between `separator`s outside brackets, as (start, end)."""
    pieces, depth, piece = [], 0, start
    for k in range(start, end):
        if code[k] in "([{":
            depth += 1
        elif code[k] in ")]}":
            depth -= 1
        elif code[k] == separator and depth == 0 and not code.startswith("::", k) and code[k - 1] != ":":
            pieces.append((piece, k))
            piece = k + 1
    pieces.append((piece, end))
    return pieces


def asm_operands(text, code, pieces):
    """The operands of an asm statement's outputs or inputs: (constraint, expression) for each,
    the constraint as written ("=r", "+r", "r") and the expression on one line, comments dropped."""
    operands = []
    for start, end in pieces:
        if not code[start:end].strip():
            continue
        operand = re.match(r'\s*("[^"]*")\s*\(', text[start:end])
        if operand is None or not code[start:end].rstrip().endswith(")"):
            raise NotEmulated("an operand written `%s`" % " ".join(text[start:end].split()))
        expression = code[start + operand.end():start + len(code[start:end].rstrip()) - 1]
        operands.append((string_literals(operand.group(1)), " ".join(expression.split())))
    return operands


def simd_selector(selector, lanes, default, digits):
    """An operand's .bxyzw or .hxy: one element number a lane, written lane 3 (or 1) first."""
    if selector is None:
        return default
    letter = "b" if lanes == 4 else "h"
    if not re.fullmatch(r"%s[0-%d]{%d}" % (letter, digits - 1, lanes), selector):
        raise NotEmulated("the selector .%s (a %d-way SIMD operand takes .%s and %d digits from 0 to %d)"
                          % (selector, lanes, letter, lanes, digits - 1))
    return int(selector[1:], 16)


def simd_mask(selector, lanes):
    """d's .mask: the lanes that take the result, .b3210 (or .h10) down to one lane."""
    if selector is None:
        return (1 << lanes) - 1
    letter = "b" if lanes == 4 else "h"
    numbers = selector[1:]
    if (not re.fullmatch(r"%s[0-%d]+" % (letter, lanes - 1), selector)
            or list(numbers) != sorted(set(numbers), reverse=True)):
        raise NotEmulated("the mask .%s (a %d-way SIMD destination takes .%s and lanes from %d down to 0, each once)"
                          % (selector, lanes, letter, lanes - 1))
    return sum(1 << int(lane) for lane in numbers)


def scalar_as_on_the_gpu(name, signed_d, signed_a, signed_b, saturate, secondary, selectors):
    """Raises NotEmulated for the scalar forms whose answers on an H200 are
    not the PTX ISA's pseudocode's (every form, and 700 with selectors, each
    on 64 inputs, beside this code's): .min and .max but with .sat and an
    .s32 destination; .sat with d.dsel; a merge into d.h1, where the H200
    writes the upper halfword of the result, not its lower; and .sat with a
    .u32 destination, which the H200 clamps at 0 but not at U32_MAX, but
    where no result passes U32_MAX and no secondary operation follows."""
    why = "an H200's answers differ from the PTX ISA's pseudocode"
    if selectors[0] == "h1":
        raise NotEmulated("the emulator merges into d.b0 to d.b3 and d.h0, not d.h1: an H200 writes the upper "
                          "halfword of the result there, where the PTX ISA writes its lower one")
    if secondary in ("min", "max") and not (saturate and signed_d):
        raise NotEmulated("the emulator runs a scalar .min or .max only with .sat and an .s32 destination: "
                          "elsewhere " + why)
    if saturate and selectors[0]:
        raise NotEmulated("the emulator runs no .sat with d.dsel: there " + why)
    if saturate and not signed_d:
        # The largest result: each operand's part, of its type, at its end.
        def top(selector, signed):
            bits = 32 if not selector else 8 if selector.startswith("b") else 16
            return (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1
        def bottom(selector, signed):
            bits = 32 if not selector else 8 if selector.startswith("b") else 16
            return -(1 << (bits - 1)) if signed else 0
        a_top, b_top = top(selectors[1], signed_a), top(selectors[2], signed_b)
        a_bottom, b_bottom = bottom(selectors[1], signed_a), bottom(selectors[2], signed_b)
        largest = {"vadd": a_top + b_top, "vsub": a_top - b_bottom,
                   "vabsdiff": max(a_top - b_bottom, b_top - a_bottom)}.get(name, max(a_top, b_top))
        if secondary or largest > 0xffffffff:
            raise NotEmulated("the emulator runs .sat with a .u32 destination only without a secondary operation "
                              "and where no result passes U32_MAX: an H200 does not clamp there as the PTX ISA says")


def video_instruction(statement):
    """The call's first four arguments for one video instruction (its
    description, and the operand numbers of a, b and c), or NotEmulated."""
    opcode, _, rest = statement.partition(" ")
    operands = [operand.strip() for operand in rest.split(",")] if rest.strip() else []
    parsed = [VIDEO_OPERAND.fullmatch(operand) for operand in operands]
    if not all(parsed):
        raise NotEmulated("its operands must be %0, %1, ... (\"r\" operands of the asm statement)")
    numbers = [int(match.group(1)) for match in parsed]
    selectors = [match.group(2) for match in parsed]
    bool_text = {True: "true", False: "false"}
    simd, simd_set = SIMD_VIDEO.fullmatch(opcode), SIMD_SET.fullmatch(opcode)
    scalar, scalar_set = SCALAR_VIDEO.fullmatch(opcode), SCALAR_SET.fullmatch(opcode)
    if simd or simd_set:
        if simd:
            name, lanes, dtype, atype, btype, modifier = simd.groups()
            comparison, saturate, accumulate = "None", modifier == ".sat", modifier == ".add"
        else:
            lanes, atype, btype, compare, modifier = simd_set.groups()
            name, dtype, comparison = "vset", "u32", VIDEO_COMPARISONS[compare]
            saturate, accumulate = False, modifier == ".add"
        lanes = int(lanes)
        if len(operands) != 4:
            raise NotEmulated("it takes four operands, d, a, b and c")
        if selectors[3] is not None:
            raise NotEmulated("its c takes no selector")
        digits = 8 if lanes == 4 else 4
        mask = simd_mask(selectors[0], lanes)
        a_select = simd_selector(selectors[1], lanes, 0x3210 if lanes == 4 else 0x10, digits)
        b_select = simd_selector(selectors[2], lanes, 0x7654 if lanes == 4 else 0x32, digits)
        description = ("%sSimdVideo{%sVideoOperation::%s, %sVideoComparison::%s, %d, %s, %s, %s, %s, %s, 0x%xu, 0x%xu, 0x%xu}"
                       % (VIDEO, VIDEO, VIDEO_OPERATIONS[name], VIDEO, comparison, lanes, bool_text[dtype == "s32"],
                          bool_text[atype == "s32"], bool_text[btype == "s32"], bool_text[saturate],
                          bool_text[accumulate], mask, a_select, b_select))
        return description, numbers[0], numbers[1:]
    if scalar or scalar_set:
        if scalar:
            name, dtype, atype, btype, saturate, secondary = scalar.groups()
            comparison = "None"
        else:
            atype, btype, compare, secondary = scalar_set.groups()
            name, dtype, saturate, comparison = "vset", "u32", None, VIDEO_COMPARISONS[compare]
        if len(operands) not in (3, 4):
            raise NotEmulated("it takes d, a and b, and c with a secondary operation or a merge into d.dsel")
        parts = []
        for selector in selectors[:3]:
            if (selector or "") not in VIDEO_PARTS:
                raise NotEmulated("the selector .%s (a scalar operand takes .b0 to .b3, .h0 or .h1)" % selector)
            parts.append(VIDEO_PARTS[selector or ""])
        if len(operands) == 3 and (secondary or selectors[0]):
            raise NotEmulated("a secondary operation or d.dsel needs the operand c")
        if len(operands) == 4 and not secondary and not selectors[0]:
            raise NotEmulated("a fourth operand, c, needs a secondary operation (.add, .min, .max) or d.dsel")
        if len(operands) == 4 and secondary and selectors[0]:
            raise NotEmulated("a secondary operation and d.dsel do not go together")
        if len(operands) == 4 and selectors[3] is not None:
            raise NotEmulated("its c takes no selector")
        scalar_as_on_the_gpu(name, dtype == "s32", atype == "s32", btype == "s32", bool(saturate), secondary,
                             selectors[:3])
        description = ("%sScalarVideo{%sVideoOperation::%s, %sVideoComparison::%s, %s, %s, %s, %s, %sVideoSecondary::%s, "
                       "%sVideoPart::%s, %sVideoPart::%s, %sVideoPart::%s}"
                       % (VIDEO, VIDEO, VIDEO_OPERATIONS[name], VIDEO, comparison, bool_text[dtype == "s32"],
                          bool_text[atype == "s32"], bool_text[btype == "s32"], bool_text[bool(saturate)], VIDEO,
                          {None: "None", "add": "Add", "min": "Minimum", "max": "Maximum"}[secondary],
                          VIDEO, parts[1], VIDEO, parts[2], VIDEO, parts[0]))
        return description, numbers[0], numbers[1:]
    family = opcode.split(".")[0]
    if family in ("vshl", "vshr", "vmad"):
        raise NotEmulated("the emulator does not run vshl, vshr or vmad")
    raise NotEmulated("the PTX ISA defines no form %s of %s" % (opcode[len(family):] or "without types", family))


def video_replacement(template, outputs, inputs):
    """What one video instruction's asm statement becomes: (output) = the
    call, with every operand evaluated once, in order. Raises NotEmulated."""
    statement = " ".join(template.split()).rstrip()
    statement = statement[:-1].rstrip() if statement.endswith(";") else statement
    if ";" in statement or "{" in statement:
        raise NotEmulated("the emulator runs one instruction an asm statement")
    description, destination, sources = video_instruction(statement)
    simd = description.startswith(VIDEO + "SimdVideo")
    if len(outputs) != 1 or destination != 0 or not re.fullmatch(r"=&?r|\+r", outputs[0][0]):
        raise NotEmulated("its d must be %0, the one output, \"=r\" or \"+r\"")
    if any(not re.fullmatch(r"r" if simd else r"[rn]", constraint) for constraint, _ in inputs):
        raise NotEmulated("its inputs must be \"r\" operands" if simd else "its inputs must be \"r\" or \"n\" operands")
    operands = [outputs[0][1] if outputs[0][0] == "+r" else "0u"] + [expression for _, expression in inputs]
    for number in sources:
        if number >= len(operands):
            raise NotEmulated("it names %%%d, but the asm statement has %d operands" % (number, len(operands)))
        if number == 0 and outputs[0][0] != "+r":
            raise NotEmulated("it reads %0, an output the asm statement does not give it (\"+r\" would)")
    numbers = sources + [-1] * (3 - len(sources))
    return "((%s) = %sinlineVideo(%s, %d, %d, %d, %s))" % (
        outputs[0][1], VIDEO, description, numbers[0], numbers[1], numbers[2],
        ", ".join("(%s)" % operand for operand in operands))


def asm_replacement(text, code, start, open_paren, close):
    """What the asm statement text[start:close + 1] becomes, or None to leave it."""
    parts = split_top_level(code, open_paren + 1, close, ":")
    template = string_literals(text[parts[0][0]:parts[0][1]])
    if not PTX_OPCODE.search(template) and "%%" not in template:
        return None
    move = SPECIAL_MOVE.fullmatch(template)
    outputs = split_top_level(code, *parts[1], ",") if len(parts) > 1 else []
    inputs = text[parts[2][0]:parts[2][1]].strip() if len(parts) > 2 else ""
    if move is not None and move.group(2) in SPECIAL_REGISTERS and len(outputs) == 1 and not inputs:
        output = text[outputs[0][0]:outputs[0][1]]
        constraint = re.match(r'\s*"=([rl])"\s*\((.*)\)\s*$', output, re.S)
        if constraint is not None:
            kind = {"u32": "unsigned int", "s32": "int", "b32": "unsigned int",
                    "u64": "unsigned long long", "s64": "long long", "b64": "unsigned long long"}[move.group(1)]
            return "((%s) = static_cast<%s>(::warp_emulator::specialRegister(::warp_emulator::SpecialRegister::%s)))" % (
                " ".join(constraint.group(2).split()), kind, SPECIAL_REGISTERS[move.group(2)])
    statement = " ".join(template.replace(";", "; ").split()).rstrip()
    reason = "of inline PTX, the CPU warp emulator runs only %s; write this with CUDA's intrinsics instead" % EMULATED_PTX
    if VIDEO_FAMILY.match(template.strip()):
        try:
            input_pieces = split_top_level(code, *parts[2], ",") if len(parts) > 2 else []
            return video_replacement(template, asm_operands(text, code, outputs), asm_operands(text, code, input_pieces))
        except NotEmulated as why:
            reason = "%s; write this in C++ or with CUDA's intrinsics instead" % why
    message = "inline PTX `%s` is not emulated: %s" % (statement, reason)
    pragma = "GCC error " + '"' + message.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return "_Pragma(%s) ((void)0)" % ('"' + pragma.replace("\\", "\\\\").replace('"', '\\"') + '"')


def asm_edits(text, code):
    edits = []
    for match in ASM_START.finditer(code):
        open_paren = match.end() - 1
        depth = 0
        close = None
        for k in range(open_paren, len(code)):
            depth += {"(": 1, ")": -1}.get(code[k], 0)
            if depth == 0:
                close = k
                break
        if close is None:
            continue
        replacement = asm_replacement(text, code, match.start(), open_paren, close)
        if replacement is not None:
            # Every newline of the statement stays, after it: the lines stay where they were.
            edits.append((match.start(), close + 1, replacement + "\n" * code.count("\n", match.start(), close + 1)))
    return edits


# ---------------------------------------------------------------------------
# __shared__ declarations
# ---------------------------------------------------------------------------

def without_call(text, word):
    """text without every `word(...)`: __align__(16), alignas(sizeof(T))."""
    while True:
        match = re.search(r"\b%s\s*\(" % word, text)
        if match is None:
            return text
        depth = 0
        for close in range(match.end() - 1, len(text)):
            depth += {"(": 1, ")": -1}.get(text[close], 0)
            if depth == 0:
                break
        text = text[:match.start()] + " " + text[close + 1:]


def shared_edits(code):
    edits = []
    for match in re.finditer(r"\bextern\b", code):
        end = match.end()
        while end < len(code) and code[end] not in ";{}\"":
            end += 1
        declaration = code[match.end():end]
        if end == len(code) or code[end] != ";" or not re.search(r"\b__shared__\b", declaration):
            continue
        plain = re.sub(r"\b__shared__\b", " ", without_call(without_call(declaration, "__align__"), "alignas"))
        # Type name[] or, an array of rows, Type name[][N] (and more bounds).
        parts = re.fullmatch(r"\s*(.*?)\s*\b([A-Za-z_]\w*)\s*\[\s*\]\s*((?:\[[^\[\]]+\]\s*)*)", plain, re.S)
        if parts is None or not parts.group(1):
            raise RewriteError("%d: cannot rewrite this declaration: emulate reads `extern __shared__ Type name[];` "
                               "and `extern __shared__ Type name[][N];`" % (code.count("\n", 0, match.start()) + 1))
        element = " ".join(parts.group(1).split())
        bounds = " ".join(parts.group(3).split())
        if bounds:
            replacement = ("%s (* const %s)%s = static_cast<%s (*)%s>(::warp_emulator::dynamicSharedMemory());"
                           % (element, parts.group(2), bounds, element, bounds))
        else:
            replacement = "WARP_EMULATOR_EXTERN_SHARED(%s, %s);" % (parts.group(2), element)
        edits.append((match.start(), end + 1, replacement + "\n" * declaration.count("\n")))
    return edits


def alignment_edits(code):
    """`__shared__ alignas(16) float a[...]` (and __align__(16)): nvcc reads
    __shared__ as an attribute, but the host compiler reads it as the
    emulator's thread_local, after which a standard attribute may not stand.
    The alignment moves before __shared__, on the same line."""
    edits = []
    for match in re.finditer(r"\b__shared__\b(\s*)(?=(?:alignas|__align__)\s*\()", code):
        opening = code.index("(", match.end())
        depth = 0
        for close in range(opening, len(code)):
            depth += {"(": 1, ")": -1}.get(code[close], 0)
            if depth == 0:
                break
        alignment = code[match.end():close + 1]
        if "\n" in alignment or "\n" in match.group(1):
            continue  # across lines: left as it is
        edits.append((match.start(), close + 1, alignment + " __shared__"))
    return edits


def enclosing_function_head(code, position):
    """The text before the body of the function that `position` lies in
    (from the end of the statement before it), or "" at namespace scope."""
    depth = 0
    outermost = -1
    for i in range(position - 1, -1, -1):
        if code[i] == "}":
            depth += 1
        elif code[i] == "{":
            if depth == 0:
                outermost = i  # a block around `position`; the last one found is the function's
            else:
                depth -= 1
    if outermost < 0:
        return ""
    start = max(code.rfind(mark, 0, outermost) for mark in ";{}")
    return code[start + 1:outermost]


def inline_shared_edits(code):
    """`__shared__` in an inline function (not a template): GCC puts such a
    thread_local in a section group of its own, and refuses the emulator's
    shared section for it beside another __shared__ of the same file ("section
    type conflict"). WARP_EMULATOR_INLINE_SHARED is __shared__ without the
    section (the symbol table finds these by their kind, symbols.cpp)."""
    edits = []
    for match in re.finditer(r"\b__shared__\b", code):
        head = enclosing_function_head(code, match.start())
        if re.search(r"\b(inline|__forceinline__)\b", head) and not re.search(r"\btemplate\b", head):
            edits.append((match.start(), match.end(), "WARP_EMULATOR_INLINE_SHARED"))
    return edits


# The built-in variables are macros here (kernel_calls.hpp), so a variable of
# the program's own with one of their names, as in `dim3 gridDim, blockDim;`
# in main(), would expand into no declaration. Such a variable is renamed,
# from its declaration to the end of its scope, to a name of the same length
# that no program uses ("__ockDim" for blockDim), so that every offset stays.
BUILTIN_NAMES = ("gridDim", "blockDim", "blockIdx", "threadIdx")
DECLARED_BUILTIN = re.compile(r"\b(?:dim3|uint3)\b[\s\w&*]*?\b(%s)\b|,\s*(%s)\b" % ("|".join(BUILTIN_NAMES),
                                                                                "|".join(BUILTIN_NAMES)))


def shadow_scope_end(code, declared):
    """Where the scope of a variable declared at `declared` ends: its block's
    closing brace; for a function's parameter, its body's; the file's end."""
    stack = []
    for i in range(declared):
        if code[i] in "({":
            stack.append(i)
        elif code[i] in ")}" and stack:
            stack.pop()
    if not stack:
        return len(code)
    opening = stack[-1]
    if code[opening] == "(":
        closing = matching_close(code, opening)
        body = code.find("{", closing)
        if body == -1 or code[closing + 1:body].strip(" \t\n") not in ("", "const", "noexcept", "override"):
            return matching_close(code, opening)  # a parenthesis that is no parameter list
        opening = body
    return matching_close(code, opening)


def matching_close(code, opening):
    depth = 0
    for i in range(opening, len(code)):
        depth += {"(": 1, "{": 1, ")": -1, "}": -1}.get(code[i], 0)
        if depth == 0:
            return i
    return len(code)


def declares_dim3(code, comma):
    """Whether the comma at `comma` separates the declarators of a statement
    that begins `dim3` (or `uint3`): `dim3 grid(4), block(32)`."""
    depth = 0
    for i in range(comma - 1, -1, -1):
        if code[i] in ")]":
            depth += 1
        elif code[i] in "([":
            if depth == 0:
                return False  # the comma is inside parentheses: an argument list
            depth -= 1
        elif code[i] in ";{}" and depth == 0:
            return re.match(r"\s*(?:const\s+)?(?:dim3|uint3)\b", code[i + 1:comma]) is not None
    return re.match(r"\s*(?:const\s+)?(?:dim3|uint3)\b", code[:comma]) is not None


def renamed_builtins(text, code):
    """text and code with the program's own variables named after a built-in
    variable renamed (BUILTIN_NAMES), offsets unchanged."""
    for match in DECLARED_BUILTIN.finditer(code):
        name = match.group(1) or match.group(2)
        at = match.start(1) if match.group(1) else match.start(2)
        if match.group(2) and not declares_dim3(code, match.start()):
            continue  # a comma, but no dim3 declaration before it
        end = shadow_scope_end(code, at)
        other = "__" + name[2:]
        for use in reversed(list(re.finditer(r"\b%s\b" % name, code[at:end]))):
            start = at + use.start()
            if re.search(r"(\.|->|::)\s*$", code[:start]):
                continue  # a member of the same name (params.gridDim, launch->blockDim) is not the variable
            text = text[:start] + other + text[start + len(name):]
            code = code[:start] + other + code[start + len(name):]
    return text, code


def rewritten(text, code, templates, kernels=frozenset()):
    text, code = renamed_builtins(text, code)
    shared = shared_edits(code)
    # An `extern __shared__` declaration is rewritten whole (its alignment with it).
    alignments = [edit for edit in alignment_edits(code)
                  if not any(start <= edit[0] < end for start, end, _ in shared)]
    # The alignment edits rewrite __shared__ themselves: those that stay are the others.
    inline_shared = [edit for edit in inline_shared_edits(code)
                     if not any(start <= edit[0] < end for start, end, _ in shared + alignments)]
    edits = (launch_edits(code, templates) + shared + address_edits(code, kernels) + alignments + inline_shared
             + asm_edits(text, code))
    for start, end, replacement in sorted(edits, key=lambda edit: (edit[0], edit[1]), reverse=True):
        text = text[:start] + replacement + text[end:]
    return text


# ---------------------------------------------------------------------------
# The copies: FILE.cu and its local includes, each at its own absolute path
# under the copy's root, so that "../common/x.cuh" finds the copy of x.cuh
# ---------------------------------------------------------------------------

def copy_path(root, real_path):
    return os.path.join(root, real_path.lstrip(os.sep))


def line_directive(shown_name):
    return '#line 1 "%s"\n' % shown_name.replace("\\", "\\\\").replace('"', '\\"')


def local_sources(real_path, shown_name, search_folders, found, provided=()):
    """FILE.cu and the files it includes that the compiler would find next to
    the including file or in `search_folders` (its -I folders, as (real path,
    path as written) pairs, in order), each once, in `found`: (real path, name
    as shown, text, code only). A header the emulator provides (`provided`,
    its include folder, first on the compiler's path) is the emulator's, and
    anything else is the compiler's to find."""
    if any(entry[0] == real_path for entry in found):
        return
    with open(real_path, encoding="utf-8", errors="surrogateescape", newline="") as source:
        text = source.read()
    if text.startswith("\ufeff"):
        text = text[1:]
    code = code_only(text)
    found.append((real_path, shown_name, text, code))
    for include in re.finditer(r'^[ \t]*#[ \t]*include[ \t]*(["<])', code, re.M):
        quote = include.group(1)
        close = text.find('"' if quote == '"' else ">", include.end())
        if close == -1:
            continue
        name = text[include.end():close]
        # Where the compiler looks: for "name", next to the including file
        # first; then, for both forms, the emulator's folder and the -I folders.
        folders = [(os.path.dirname(real_path), os.path.dirname(shown_name))] if quote == '"' else []
        if any(os.path.isfile(os.path.join(folder, name)) for folder in provided):
            folders = folders[:1] if quote == '"' else []
        for folder, shown_folder in folders + list(search_folders):
            candidate = os.path.realpath(os.path.join(folder, name))
            if os.path.isfile(candidate):
                shown = os.path.normpath(os.path.join(shown_folder, name))
                local_sources(candidate, shown, search_folders, found, provided)
                break


def write_copies(found, root):
    """The rewritten copies, under `root`. A template kernel declared in any
    of the files may be launched from any of them."""
    templates, kernels = set(), set()
    for _, _, _, code in found:
        templates |= template_kernels(code) | default_argument_kernels(code)
        kernels |= kernel_names(code)
    for real_path, shown_name, text, code in found:
        try:
            result = rewritten(text, code, templates, kernels)
        except RewriteError as error:
            raise RewriteError("%s:%s" % (shown_name, error))
        os.makedirs(os.path.dirname(copy_path(root, real_path)), exist_ok=True)
        with open(copy_path(root, real_path), "w", encoding="utf-8", errors="surrogateescape", newline="") as copy:
            copy.write(line_directive(shown_name) + result)
