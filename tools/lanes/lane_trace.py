"""Reads the CPU warp emulator's trace (format version 1) into launches and calls.

The trace is JSON Lines, written by emulator/warp_emulator.hpp when
WARP_EMULATOR_TRACE names a file. Anything this reader does not expect is an
error that names the file and line: a picture drawn from a trace it half
understood would be a picture of nothing.
"""

import json
import math

SUPPORTED_VERSION = 1
_NON_FINITE = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}


class TraceError(Exception):
    pass


def mask(text):
    """A "0x%08x" mask string as an int."""
    if not isinstance(text, str) or not text.startswith("0x"):
        raise TraceError("expected a mask like \"0x000fffff\", got %r" % (text,))
    return int(text, 16)


def number(value):
    """A traced value: JSON numbers as they are, "NaN" and the infinities as floats."""
    if isinstance(value, str):
        if value not in _NON_FINITE:
            raise TraceError("expected a number, NaN or an infinity, got %r" % (value,))
        return _NON_FINITE[value]
    return value


class Call:
    """One completed collective of the traced warp."""

    def __init__(self, record, kernel):
        self.record = record
        self.intrinsic = record["intrinsic"]
        self.file = record["file"]
        self.line = record["line"]
        # The kernel and file, no line number: a picture must not go stale when a comment moves.
        self.where = "in %s (%s)" % (kernel, self.file)
        self.took_part = mask(record["took_part"])
        self.exited = mask(record["exited"])
        self.lanes = {entry["lane"]: entry for entry in record["lanes"]}
        for lane in self.lanes:
            if not self.took_part >> lane & 1:
                raise TraceError("lane %d has an entry but took_part %s leaves it out" % (lane, record["took_part"]))

    def __getitem__(self, field):
        return self.record[field]


class Launch:
    """The traced warp of one kernel's first launch."""

    def __init__(self, record, path):
        self.kernel = record["kernel"]
        self.lanes = record["lanes"]
        self.traced_block = record["traced_block"]
        self.traced_warp = record["traced_warp"]
        self.path = path
        self.calls = []
        self.ended = False

    def where(self):
        return "block (%s), warp %d" % (",".join(str(i) for i in self.traced_block), self.traced_warp)

    def runs(self, intrinsic):
        """The calls of `intrinsic`, in runs of consecutive calls (a loop's steps form one run)."""
        runs, current = [], []
        for call in self.calls:
            if call.intrinsic == intrinsic:
                current.append(call)
            elif current:
                runs.append(current)
                current = []
        if current:
            runs.append(current)
        return runs

    def first(self, intrinsic):
        for call in self.calls:
            if call.intrinsic == intrinsic:
                return call
        return None

    def following(self, call):
        """The call completed right after `call`, or None."""
        at = self.calls.index(call)
        return self.calls[at + 1] if at + 1 < len(self.calls) else None


def read_trace(path):
    """{kernel name: Launch} for every launch traced in the file at `path`."""
    launches = {}
    current = None
    with open(path, encoding="utf-8") as lines:
        for number_, text in enumerate(lines, 1):
            try:
                record = json.loads(text)
                kind = record["record"]
                if number_ == 1:
                    if kind != "trace":
                        raise TraceError("the first line must be the trace record")
                    if record["version"] != SUPPORTED_VERSION:
                        raise TraceError("trace version %r; this renderer reads version %d"
                                         % (record["version"], SUPPORTED_VERSION))
                elif kind == "launch":
                    if record["kernel"] in launches:
                        raise TraceError("kernel %s is launched twice in one trace" % record["kernel"])
                    current = launches[record["kernel"]] = Launch(record, path)
                elif kind == "call":
                    if current is None or current.ended or record["kernel"] != current.kernel:
                        raise TraceError("a call of %s outside its launch" % record["kernel"])
                    if record["seq"] != len(current.calls):
                        raise TraceError("seq %d where %d was next" % (record["seq"], len(current.calls)))
                    current.calls.append(Call(record, current.kernel))
                elif kind == "end":
                    if current is None or record["kernel"] != current.kernel:
                        raise TraceError("an end of %s without its launch" % record["kernel"])
                    if record["calls"] != len(current.calls):
                        raise TraceError("end says %d calls, the trace holds %d" % (record["calls"], len(current.calls)))
                    current.ended = True
                else:
                    raise TraceError("unknown record %r" % kind)
            except (TraceError, KeyError, TypeError, ValueError) as error:
                raise TraceError("%s:%d: %s" % (path, number_, error)) from None
    if not launches:
        raise TraceError("%s: no traced launch (was the trace turned on, and did the kernel run?)" % path)
    for launch in launches.values():
        if not launch.ended:
            raise TraceError("%s: the launch of %s has no end record (did the program stop early?)" % (path, launch.kernel))
    return launches


def read_traces(paths):
    """{kernel name: Launch} over several trace files; a kernel may be traced in only one."""
    launches = {}
    for path in paths:
        for kernel, launch in read_trace(path).items():
            if kernel in launches:
                raise TraceError("kernel %s is traced in both %s and %s" % (kernel, launches[kernel].path, path))
            launches[kernel] = launch
    return launches
