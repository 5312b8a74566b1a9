"""The CUDA Toolkit's libraries of headers that the emulator does not
provide, Thrust, CUB and libcu++'s cuda::std, named when a build has failed:
the compiler's own message says only that it found no such file, and a
learner who copied a program that includes <thrust/sort.h> needs to know why
that is, and what to do. Said only after a failure, so that an include the
preprocessor skips (#if, #ifdef) costs nothing."""

import os
import re
import sys

# Prefix of the include's name -> what it is, as the message says it.
LIBRARIES = [
    ("thrust/", "Thrust, the Toolkit's library of parallel algorithms"),
    ("cub/", "CUB, the Toolkit's library of block-, warp- and device-wide primitives"),
    ("cuda/std/", "libcu++'s cuda::std, the Toolkit's standard library for device code"),
]

INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*[<"]([^>"]+)[>"]', re.M)


def explain(sources, provided, program):
    """After a failed compilation of `sources` (their paths): one line on
    stderr for each library above that they include a header of and the
    emulator's headers, in the folder `provided`, do not hold, at its first
    such include. Returns how many it named."""
    named = set()
    for path in sources:
        try:
            with open(path, encoding="utf-8", errors="replace") as source:
                text = source.read()
        except OSError:
            continue
        for include in INCLUDE.finditer(text):
            name = include.group(1)
            library = next((what for prefix, what in LIBRARIES if name.startswith(prefix)), None)
            if library is None or library in named or os.path.isfile(os.path.join(provided, name)):
                continue
            line = text.count("\n", 0, include.start()) + 1
            print("%s: %s:%d includes <%s>, of %s, which the CPU warp emulator does not emulate: it runs the "
                  "CUDA C++ you write and the runtime API (emulator/README.md lists what it covers); write the "
                  "step with a kernel of your own, or run this program on a GPU" % (program, path, line, name, library),
                  file=sys.stderr)
            named.add(library)
    return len(named)
