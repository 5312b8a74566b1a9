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
# (warp_emulator/device/special_registers.hpp); any other PTX statement
# becomes one compile-time error that names it (a GCC error pragma, which
# fires only where the preprocessor keeps the code), never the assembler's
# errors. Inline assembly that is no PTX (x86 in host code: "pause", or the
# empty compiler barrier) is left to the host compiler.
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
    message = ("inline PTX `%s` is not emulated: of inline PTX, the CPU warp emulator runs only a mov from one of "
               "the special registers %s; write this with CUDA's intrinsics instead"
               % (statement, ", ".join("%" + name for name in SPECIAL_REGISTERS)))
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
