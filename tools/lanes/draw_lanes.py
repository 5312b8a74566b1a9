#!/usr/bin/env python3
"""Draws the pictures of the lanes (SVG) from the CPU warp emulator's trace.

    draw_lanes.py [--out DIR] [--require-all] TRACE.jsonl [TRACE.jsonl ...]

Writes one SVG per picture whose kernel is in the traces, and says which it
could not draw and why. tools/draw-lanes.sh makes the traces from real runs
and writes every picture into docs/lanes/.

From Python (the Colab notebook):

    import sys; sys.path.insert(0, "tools/lanes")
    import draw_lanes
    written = draw_lanes.write_pictures(["trace.jsonl"], "lanes")   # the paths written
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from lane_trace import TraceError, read_traces  # noqa: E402
from pictures import PICTURES  # noqa: E402


def write_pictures(trace_paths, out_dir, log=None):
    """Writes every picture whose kernel the traces hold into out_dir; returns the paths written.
    log(line) hears what was written and what was left out (default: nothing)."""
    launches = read_traces(trace_paths)
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for file_name, (kernel, draw) in PICTURES.items():
        if kernel not in launches:
            if log:
                log("not drawn: %s (the traces hold no launch of %s)" % (file_name, kernel))
            continue
        path = os.path.join(out_dir, file_name)
        with open(path, "w", encoding="utf-8", newline="\n") as out:
            out.write(draw(launches[kernel]).render())
        written.append(path)
        if log:
            log("wrote %s" % path)
    return written


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("traces", nargs="+", metavar="TRACE")
    parser.add_argument("--out", default=".", help="the folder to write the SVGs into (default: here)")
    parser.add_argument("--require-all", action="store_true",
                        help="fail unless every picture was drawn (%d)" % len(PICTURES))
    arguments = parser.parse_args()
    try:
        written = write_pictures(arguments.traces, arguments.out, log=print)
    except (TraceError, OSError) as error:
        print("draw_lanes: %s" % error, file=sys.stderr)
        return 1
    if arguments.require_all and len(written) != len(PICTURES):
        print("draw_lanes: drew %d of %d pictures" % (len(written), len(PICTURES)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
