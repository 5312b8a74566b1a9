#!/usr/bin/env python3
"""A synthetic warp trace, for testing the renderer without the emulator.

A test fixture, not a picture source: it writes traces in the emulator's
format (version 1, emulator/TRACE.md) by playing the
kernels' shuffles in Python under PTX's rules, so draw_lanes.py can be
developed and unit-tested on its own. Every call it writes names the file
"synthetic.cu", so a picture drawn from it says so in its title; pictures
committed under docs/lanes/ come from the emulator's trace of the real
kernels (tools/draw-lanes.sh), never from here. Its line numbers are its
own, made up for "synthetic.cu". self_test.py imports it.
"""

import math
import struct

FILE = "synthetic.cu"
FULL = 0xFFFFFFFF


def f32(x):
    """x rounded to float, as a GPU float register holds it."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def page_row0():
    """Row 0 of shuffles.cu's makeInput (the same generator, written again)."""
    state = 20260830
    steps = []

    def next_int(low, high):
        nonlocal state
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return low + (state >> 33) % (high - low)

    while True:
        steps = [next_int(1, 4096) for _ in range(20)]
        if steps.count(max(steps)) == 1 and abs(sum(steps)) >= 4096:
            return [s / 4096 for s in steps]


def number(x):
    if isinstance(x, float) and math.isnan(x):
        return "NaN"
    if isinstance(x, float) and math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    return x


def source_lane(intrinsic, lane, operand, width):
    base = lane - lane % width
    if intrinsic == "__shfl_sync":
        return base + operand % width
    if intrinsic == "__shfl_down_sync":
        return lane + operand if lane % width + operand < width else lane
    if intrinsic == "__shfl_up_sync":
        return lane - operand if lane % width >= operand else lane
    target = lane ^ operand  # __shfl_xor_sync
    return target if target - base < width and target >= base else lane


class Warp:
    """Writes the records of one traced warp of one launch."""

    def __init__(self, lines, kernel, lanes=32):
        self.lines, self.kernel, self.lanes, self.seq = lines, kernel, lanes, 0
        lines.append({"record": "launch", "kernel": kernel, "grid": [1026, 1, 1], "block": [256, 1, 1],
                      "traced_block": [0, 0, 0], "traced_warp": 0, "lanes": lanes})

    def _call(self, intrinsic, line, mask, took_part, exited, fields, lane_objects):
        everyone = (1 << self.lanes) - 1
        record = {"record": "call", "kernel": self.kernel, "seq": self.seq, "intrinsic": intrinsic,
                  "file": FILE, "line": line, "mask": "0x%08x" % mask, "took_part": "0x%08x" % took_part,
                  "waiting": "0x%08x" % (everyone & ~took_part & ~exited), "exited": "0x%08x" % exited}
        record.update(fields)
        record["lanes"] = lane_objects
        self.lines.append(record)
        self.seq += 1

    def shuffle(self, intrinsic, line, mask, took_part, exited, var, operand, width=32, update=None):
        """var: lane -> value; update(lane, own, read) -> the var after, or None when unknown."""
        objects, after = [], dict(var)
        for lane in range(self.lanes):
            if not took_part >> lane & 1:
                continue
            source = source_lane(intrinsic, lane, operand, width)
            poison = not took_part >> source & 1
            read = math.nan if poison else var[source]
            if update is not None:
                after[lane] = update(lane, var[lane], read)
            objects.append({"lane": lane, "value": number(var[lane]), "source": source,
                            "read": None if poison else number(read), "poison": poison,
                            "after": None if update is None or after[lane] is None else number(after[lane])})
        self._call(intrinsic, line, mask, took_part, exited,
                   {"operand": operand, "width": width, "type": "float"}, objects)
        return after

    def ballot(self, line, mask, took_part, exited, predicate):
        result = sum(1 << lane for lane in range(self.lanes) if took_part >> lane & 1 and predicate(lane))
        self._call("__ballot_sync", line, mask, took_part, exited, {"result": "0x%08x" % result},
                   [{"lane": lane, "predicate": int(predicate(lane))}
                    for lane in range(self.lanes) if took_part >> lane & 1])
        return result

    def end(self):
        self.lines.append({"record": "end", "kernel": self.kernel, "calls": self.seq})


def shuffles_trace(planted_ladder=False):
    """reduceRowsPadded and reduceRowsBallotDown on row 0, as shuffles.cu runs them."""
    row = page_row0()
    lines = [{"record": "trace", "version": 1}]
    live = lambda lane: lane < 20
    value = {lane: f32(row[lane]) if live(lane) else 0.0 for lane in range(32)}

    warp = Warp(lines, "reduceRowsPadded")
    add = lambda lane, own, read: f32(own + read)
    sum_ = dict(value)
    ladder_lanes = 0x000FFFFF if planted_ladder else FULL
    for offset in (16, 8, 4, 2, 1):
        sum_ = warp.shuffle("__shfl_down_sync", 166, FULL, ladder_lanes, 0, sum_, offset, update=add)
    warp.shuffle("__shfl_sync", 171, FULL, FULL, 0, sum_, 0, update=lambda lane, own, read: own)
    best = {lane: value[lane] if live(lane) else -math.inf for lane in range(32)}  # kMaxIdentity
    for lane_mask in (16, 8, 4, 2, 1):
        best = warp.shuffle("__shfl_xor_sync", 179, FULL, FULL, 0, best, lane_mask,
                            update=lambda lane, own, read: read if read > own else own)
    warp.ballot(188, FULL, FULL, 0, live)
    warp.end()

    warp = Warp(lines, "reduceRowsBallotDown")
    live_mask = warp.ballot(289, FULL, FULL, 0, live)
    sum_ = {lane: value[lane] for lane in range(20)}
    for offset in (16, 8, 4, 2, 1):
        last = offset == 1  # the lanes leave the kernel after it, so nobody reads `sum` again
        sum_ = warp.shuffle("__shfl_down_sync", 297, live_mask, live_mask, FULL & ~live_mask, sum_, offset,
                            update=(lambda lane, own, read: None) if last else add)
    warp.end()
    return lines


def width8_trace():
    """reduceRowsWidth8's ladder and broadcast on rows 0-3 (row 0 real, rows 1-3 made up)."""
    rows = [page_row0()] + [[(r * 20 + c) / 64 for c in range(20)] for r in (1, 2, 3)]
    lines = [{"record": "trace", "version": 1}]
    warp = Warp(lines, "reduceRowsWidth8")
    sum_ = {}
    for lane in range(32):
        segment, segment_lane = divmod(lane, 8)
        columns = rows[segment][4 * segment_lane:4 * segment_lane + 4] if segment_lane < 5 else [0.0] * 4
        sum_[lane] = f32(f32(columns[0] + columns[1]) + f32(columns[2] + columns[3]))
    for offset in (4, 2, 1):
        sum_ = warp.shuffle("__shfl_down_sync", 74, FULL, FULL, 0, sum_, offset, 8,
                            update=lambda lane, own, read: f32(own + read))
    warp.shuffle("__shfl_sync", 77, FULL, FULL, 0, sum_, 0, 8, update=lambda lane, own, read: own)
    warp.end()
    return lines

