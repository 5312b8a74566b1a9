#!/usr/bin/env python3
"""The renderer on its own, against synthetic traces (synthetic_trace.py): no emulator needed.

Each check names what it proves; the run ends with "N passed, N failed".
It checks the things a picture must get from the trace and not from the
renderer: undefined reads where the trace says poison and nowhere else, the
dead lanes from the kernel's ballot, unknown values left unknown, and a trace
the renderer does not understand refused.
"""

import copy
import json
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import draw_lanes  # noqa: E402
import synthetic_trace  # noqa: E402
from lane_trace import TraceError  # noqa: E402

results = []


def check(name, condition, detail=""):
    results.append(bool(condition))
    print("%s: %s%s" % ("ok" if condition else "FAILED", name, "" if condition else " (%s)" % detail))


def draw(records, folder):
    """Writes `records` as a trace into `folder` and draws it; returns {file name: SVG text}."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "trace.jsonl")
    with open(path, "w", encoding="utf-8") as out:
        out.writelines(json.dumps(record) + "\n" for record in records)
    written = draw_lanes.write_pictures([path], os.path.join(folder, "pictures"))
    return {os.path.basename(p): open(p, encoding="utf-8").read() for p in written}


def undefined_reads(svg_text):
    return len(re.findall(r'class="undefined-read"', svg_text))


def refuses(records, folder):
    try:
        draw(records, folder)
    except TraceError:
        return True
    return False


def main():
    with tempfile.TemporaryDirectory(prefix="lanes-self-test-") as folder:
        shuffles = synthetic_trace.shuffles_trace()
        pictures = draw(shuffles, folder)
        check("the shuffles trace gives the four pictures of its two kernels",
              sorted(pictures) == ["ballot-down-undefined-reads.svg", "padded-live-ballot.svg",
                                   "padded-max-butterfly.svg", "padded-sum-ladder.svg"], sorted(pictures))
        check("the ladder of the real kernel shows no undefined read",
              undefined_reads(pictures["padded-sum-ladder.svg"]) == 0)
        check("reduceRowsBallotDown shows one undefined read per poisoned lane of the trace (27)",
              undefined_reads(pictures["ballot-down-undefined-reads.svg"]) == 27,
              undefined_reads(pictures["ballot-down-undefined-reads.svg"]))
        check("every undefined read is labelled with the poison a float gets (NaN)",
              len(re.findall(r'class="poison-label"[^>]*>NaN<', pictures["ballot-down-undefined-reads.svg"])) == 27)
        check("a lane whose value after the step the trace does not know shows ?, not a guess",
              pictures["ballot-down-undefined-reads.svg"].count('class="unknown-value"') == 20)
        check("lanes that left the kernel are drawn as exited",
              'class="absent-text"' in pictures["ballot-down-undefined-reads.svg"])
        check("the dead lanes are those the ballot leaves out: 20-31",
              "dead lanes 20-31" in pictures["padded-sum-ladder.svg"])
        check("the popcount is the ballot result's: 20", "= 20," in pictures["padded-live-ballot.svg"])

        planted = draw(synthetic_trace.shuffles_trace(planted_ladder=True), os.path.join(folder, "planted"))
        check("with the ladder inside if (live), the ladder shows the 27 undefined reads",
              undefined_reads(planted["padded-sum-ladder.svg"]) == 27, undefined_reads(planted["padded-sum-ladder.svg"]))

        # The live lanes come from the ballot in the trace, not from a constant: change the ballot, and they follow.
        other = copy.deepcopy(shuffles)
        for record in other:
            if record.get("intrinsic") == "__ballot_sync" and record["kernel"] == "reduceRowsPadded":
                record["result"] = "0x0000ffff"
        redrawn = draw(other, os.path.join(folder, "ballot"))
        check("a ballot of 0x0000ffff makes lanes 16-31 dead and the popcount 16",
              "dead lanes 16-31" in redrawn["padded-sum-ladder.svg"] and "= 16," in redrawn["padded-live-ballot.svg"])

        width8 = draw(synthetic_trace.width8_trace(), os.path.join(folder, "width8"))
        text = width8.get("width8-segments.svg", "")
        check("width 8 draws four segments", all("segment %d: lanes %d-%d" % (s, 8 * s, 8 * s + 7) in text
                                                 for s in range(4)))
        check("no arrow of the width-8 picture crosses a segment", crossing_arrows(text) == 0, crossing_arrows(text))

        newer = copy.deepcopy(shuffles)
        newer[0]["version"] = 2
        check("a trace of another version is refused", refuses(newer, os.path.join(folder, "v2")))
        unfinished = [record for record in shuffles if record["record"] != "end"]
        check("a trace whose launch never ended is refused", refuses(unfinished, os.path.join(folder, "unfinished")))
        gap = [record for record in shuffles if record.get("seq") != 3]
        check("a trace with a call missing is refused", refuses(gap, os.path.join(folder, "gap")))

    passed = results.count(True)
    print("%d passed, %d failed" % (passed, len(results) - passed))
    return 0 if passed == len(results) else 1


def crossing_arrows(svg_text):
    """Arrows whose two ends lie in different 8-lane segments, from the drawn x coordinates."""
    lefts = [float(x) for x in re.findall(r'class="lane-number" x="([0-9.]+)"', svg_text)]
    if len(lefts) != 32:
        return -1
    segment_of = {round(x, 2): lane // 8 for lane, x in enumerate(lefts)}
    crossing = 0
    for x1, x2 in re.findall(r'class="read" x1="([0-9.]+)" y1="[0-9.]+" x2="([0-9.]+)"', svg_text):
        if segment_of.get(round(float(x1), 2)) != segment_of.get(round(float(x2), 2)):
            crossing += 1
    return crossing


if __name__ == "__main__":
    sys.exit(main())
