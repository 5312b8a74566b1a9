"""The pictures of shuffles.cu's kernels: which calls of the trace each one shows, and how.

Each picture function takes the traced Launch of its kernel and returns a
lane_grid.Grid. Everything drawn comes from the trace: lanes, sources, values,
masks, which lanes are live (from the kernel's own ballot), which are absent,
file and line. The only arithmetic done here is __popc of a ballot's result,
because __popc is not a collective and so is not in the trace.
"""

import math

from lane_grid import Arrow, Band, Cell, Grid
from lane_trace import TraceError, number

FLOATING = ("float", "double")
PARAMETER = {"__shfl_sync": "srcLane", "__shfl_up_sync": "offset", "__shfl_down_sync": "offset",
             "__shfl_xor_sync": "laneMask"}


def lane_range(lanes):
    """[0, 1, 2, 5] -> "0-2, 5"."""
    lanes, parts, start = sorted(lanes), [], None
    for index, lane in enumerate(lanes):
        if start is None:
            start = lane
        if index + 1 == len(lanes) or lanes[index + 1] != lane + 1:
            parts.append(str(start) if start == lane else "%d-%d" % (start, lane))
            start = None
    return ", ".join(parts)


def show(value):
    """A traced value, compactly: %.4g for floating point, as-is for integers."""
    value = number(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return "%.4g" % value
    return str(value)


def poison_label(call):
    """What the emulator gives back for an undefined read of this call's type."""
    return "NaN" if call["type"] in FLOATING else "0xBAADF00D"


def value_cell(value, answer=False):
    text = show(value)
    return Cell(text, "poison" if text == "NaN" else "value", answer)


def absent_cell(call, lane):
    return Cell("exited" if call.exited >> lane & 1 else "elsewhere", "absent")


def live_lanes(launch):
    """The kernel's first __ballot_sync: its result names the live lanes (reduceRowsPadded's
    __ballot_sync(kFullMask, live)). Returns (ballot call, set of dead lanes)."""
    ballot = launch.first("__ballot_sync")
    if ballot is None:
        raise TraceError("%s: the trace of %s has no __ballot_sync to tell the live lanes from the dead"
                         % (launch.path, launch.kernel))
    result = int(ballot["result"], 16)
    return ballot, {lane for lane in range(launch.lanes) if not result >> lane & 1}


def run_of(launch, intrinsic):
    """The first run of consecutive `intrinsic` calls: one loop's steps."""
    runs = launch.runs(intrinsic)
    if not runs:
        raise TraceError("%s: the trace of %s has no %s" % (launch.path, launch.kernel, intrinsic))
    return runs[0]


def shuffle_bands(launch, steps, shown="after", answer_lanes=()):
    """An "in" band with the values passed to the first step, then one band per step.
    shown: "after" (the lane's variable after the step) or "read" (what it got back)."""
    bands, first = [], steps[0]
    cells = {}
    for lane in range(launch.lanes):
        cells[lane] = value_cell(first.lanes[lane]["value"]) if lane in first.lanes else absent_cell(first, lane)
    bands.append(Band(["in", "passed in"], cells))
    for index, call in enumerate(steps):
        cells, arrows = {}, []
        last = index + 1 == len(steps)
        for lane in range(launch.lanes):
            if lane not in call.lanes:
                cells[lane] = absent_cell(call, lane)
                continue
            entry = call.lanes[lane]
            if entry["source"] != lane:
                arrows.append(Arrow(entry["source"], lane, entry["poison"],
                                    poison_label(call) if entry["poison"] else None))
            value = entry.get(shown)
            if shown == "read" and entry["poison"]:
                cells[lane] = Cell(poison_label(call), "poison")  # the trace's read is null: say what came back
            elif value is None:
                cells[lane] = Cell("?", "unknown")
            else:
                cells[lane] = value_cell(value, answer=last and lane in answer_lanes)
        bands.append(Band(["%s %s" % (PARAMETER[call.intrinsic], call["operand"]), shown], cells, arrows))
    return bands


def operands(steps):
    return ", ".join(str(call["operand"]) for call in steps)


def common_legend(grid, bands, shown_after=True):
    """The legend entries every shuffle picture shares, each only when the picture has what it explains."""
    arrows = [arrow for band in bands for arrow in band.arrows]
    cells = [cell for band in bands for cell in band.cells.values()]
    grid.legend.append(("read", "arrow: the lane at the head read the lane at the tail (a defined read)."))
    grid.legend.append((None, "no arrow: the lane's source was itself (its source lane fell outside the warp or "
                              "its segment), so it got its own value back."))
    if any(arrow.undefined for arrow in arrows):
        label = next(arrow.label for arrow in arrows if arrow.undefined)
        grid.legend.append(("undefined-read", "undefined read: the source lane was not taking part in the call. "
                                              "The label is what the emulator gave back: poison, %s." % label))
    if any(cell.kind == "absent" for cell in cells):
        grid.legend.append(("cell-absent", "dashed cell: the lane did not take part in this call "
                                           "(\"exited\": it had left the kernel; \"elsewhere\": it was at "
                                           "another collective)."))
    if any(cell.kind == "unknown" for cell in cells):
        grid.legend.append((None, "?: the lane left the kernel before its next collective, so the emulator "
                                  "could not read the variable after this step."))
    grid.legend.append((None, "Cells: %s; values are rounded (%%.4g), the trace holds them exactly."
                              % ("each lane's variable after the step" if shown_after
                                 else "the value each lane passed in and read")))


def title_lines(launch, headline, calls_text):
    return [("%s: %s" % (launch.kernel, headline), "title"),
            (calls_text, "subtitle"),
            ("Traced by the CPU warp emulator: %s of the kernel's first launch." % launch.where(), "subtitle")]


def carried_by_dead_lanes(first_step, dead):
    """What the dead lanes pass in at the first step: the identity they carry, read from the
    trace, so a change of identity in the kernel shows in the picture."""
    entries = [first_step.lanes[lane] for lane in dead if lane in first_step.lanes]
    if entries and all("predicate" in entry for entry in entries):
        votes = {entry["predicate"] for entry in entries}
        return "vote %d" % votes.pop() if len(votes) == 1 else "their own votes"
    values = {show(entry["value"]) for entry in entries}
    return "identity " + values.pop() if len(values) == 1 else "their own values"


def broadcast_after(launch, ladder):
    """The __shfl_sync that hands lane 0's (or each segment's) sum on, right after the ladder."""
    broadcast = launch.following(ladder[-1])
    if broadcast is None or broadcast.intrinsic != "__shfl_sync":
        raise TraceError("%s: no __shfl_sync right after %s's shuffle-down ladder" % (launch.path, launch.kernel))
    return broadcast


def mark_dead(grid, ballot, dead, first_step):
    grid.dead_lanes = dead
    grid.dead_label = "dead lanes %s: %s" % (lane_range(dead), carried_by_dead_lanes(first_step, dead))
    grid.legend.append(("cell-dead", "grey column: a dead lane, with no data; it carries the identity and "
                                     "stays in every call. Live lanes are read from the kernel's own "
                                     "__ballot_sync %s, result %s." % (ballot.where, ballot["result"])))


def padded_sum_ladder(launch):
    """reduceRowsPadded: five __shfl_down_sync steps, then the __shfl_sync broadcast from lane 0."""
    ballot, dead = live_lanes(launch)
    ladder = run_of(launch, "__shfl_down_sync")
    broadcast = broadcast_after(launch, ladder)
    grid = Grid(launch.lanes)
    grid.title_lines = title_lines(
        launch, "the row sum, a shuffle-down ladder and a broadcast",
        "__shfl_down_sync(%s, sum, offset) %s, offset %s; then __shfl_sync(%s, sum, %s) %s."
        % (ladder[0]["mask"], ladder[0].where, operands(ladder), broadcast["mask"], broadcast["operand"],
           broadcast.where))
    grid.accessible_name = ("%s: lane by lane, who reads whom in the shuffle-down ladder and the broadcast"
                            % launch.kernel)
    bands = shuffle_bands(launch, ladder, "after", answer_lanes={0})
    bands += shuffle_bands(launch, [broadcast], "read")[1:]
    grid.bands = bands
    mark_dead(grid, ballot, dead, ladder[0])
    grid.legend.insert(0, ("cell-answer", "green cell: lane 0 after the last step, where the kernel's contract "
                                          "puts the row's sum (no other lane has it); the broadcast (srcLane 0) "
                                          "then copies it to every lane."))
    common_legend(grid, bands)
    grid.legend[-1] = (None, "Cells: each lane's sum after the step; in the srcLane band, the value each "
                             "lane read. Values are rounded (%.4g); the trace holds them exactly.")
    return grid


def padded_max_butterfly(launch):
    """reduceRowsPadded: five __shfl_xor_sync steps, after which every lane holds the max."""
    ballot, dead = live_lanes(launch)
    butterfly = run_of(launch, "__shfl_xor_sync")
    grid = Grid(launch.lanes)
    grid.title_lines = title_lines(
        launch, "the row max, a butterfly",
        "__shfl_xor_sync(%s, best, laneMask) %s, laneMask %s; each lane keeps the larger."
        % (butterfly[0]["mask"], butterfly[0].where, operands(butterfly)))
    grid.accessible_name = "%s: lane by lane, the xor butterfly that gives every lane the max" % launch.kernel
    grid.bands = shuffle_bands(launch, butterfly, "after", answer_lanes=set(range(launch.lanes)) - dead)
    mark_dead(grid, ballot, dead, butterfly[0])
    grid.legend.insert(0, ("cell-answer", "green cell: a live lane after the last step; the kernel's contract "
                                          "puts the max in every lane, so no broadcast is needed."))
    common_legend(grid, grid.bands)
    return grid


def padded_live_ballot(launch):
    """reduceRowsPadded: the ballot of live lanes, its result's hex digits, and its popcount."""
    ballot, dead = live_lanes(launch)
    result = int(ballot["result"], 16)
    grid = Grid(launch.lanes)
    grid.title_lines = title_lines(
        launch, "the live lanes, one ballot",
        "__ballot_sync(%s, live) %s returned %s; liveCount = __popc(%s)."
        % (ballot["mask"], ballot.where, ballot["result"], ballot["result"]))
    grid.accessible_name = "%s: each lane's vote in the ballot of live lanes, and the result" % launch.kernel
    votes = {}
    for lane in range(launch.lanes):
        votes[lane] = Cell(str(ballot.lanes[lane]["predicate"])) if lane in ballot.lanes else absent_cell(ballot, lane)
    # Bit b of the result is lane b's vote, so each hex digit is four lanes, the highest lanes first.
    digits = []
    for first in range(0, launch.lanes, 4):
        last = min(first + 4, launch.lanes) - 1
        digits.append((first, last, "%x" % (result >> first & 0xF)))
    grid.bands = [Band(["predicate", "each lane"], votes), Band(["result", "hex digits"], groups=digits)]
    mark_dead(grid, ballot, dead, ballot)
    grid.notes = ["__popc(%s) = %d, counted here from the ballot's result: __popc is not a collective, so "
                  "the trace does not record it." % (ballot["result"], bin(result).count("1"))]
    grid.legend.append((None, "Bit L of the result is lane L's vote, so each hex digit holds four lanes, and "
                              "read left to right the result's digits run from lane 31 down to lane 0."))
    return grid


def ballot_down_undefined_reads(launch):
    """reduceRowsBallotDown: the ladder inside if (live), with lanes 20-31 gone."""
    ballot = launch.first("__ballot_sync")
    ladder = run_of(launch, "__shfl_down_sync")
    grid = Grid(launch.lanes)
    grid.title_lines = title_lines(
        launch, "wrong on purpose, undefined reads",
        "__shfl_down_sync(%s, sum, offset) %s, offset %s, inside if (live).%s"
        % (ladder[0]["mask"], ladder[0].where, operands(ladder),
           "" if ballot is None else " The mask is liveMask = __ballot_sync(%s, live) %s = %s."
           % (ballot["mask"], ballot.where, ballot["result"])))
    grid.accessible_name = ("%s: the shuffle-down ladder with the dead lanes gone; every read of an "
                            "absent lane is undefined" % launch.kernel)
    grid.bands = shuffle_bands(launch, ladder, "after", answer_lanes=())
    common_legend(grid, grid.bands)
    return grid


def width8_segments(launch):
    """reduceRowsWidth8: width = 8 splits the warp into four segments, one row each."""
    ladder = run_of(launch, "__shfl_down_sync")
    broadcast = broadcast_after(launch, ladder)
    width = ladder[0]["width"]
    grid = Grid(launch.lanes, segment_width=width)
    grid.title_lines = title_lines(
        launch, "four rows in one warp, width = %d" % width,
        "__shfl_down_sync(%s, sum, offset, %d) %s, offset %s; then __shfl_sync(%s, sum, %s, %d) %s."
        % (ladder[0]["mask"], width, ladder[0].where, operands(ladder), broadcast["mask"], broadcast["operand"],
           broadcast["width"], broadcast.where))
    grid.accessible_name = ("%s: the shuffle-down ladder and broadcast inside each %d-lane segment"
                            % (launch.kernel, width))
    segment_firsts = set(range(0, launch.lanes, width))
    bands = shuffle_bands(launch, ladder, "after", answer_lanes=segment_firsts)
    bands += shuffle_bands(launch, [broadcast], "read")[1:]
    grid.bands = bands
    grid.legend.append(("cell-answer", "green cell: lane 0 of each segment after the last step, where the "
                                       "kernel's contract puts that segment's row sum; srcLane 0 with width %d "
                                       "reads lane 0 of the reader's own segment, so each row gets its own sum."
                                       % width))
    common_legend(grid, bands)
    grid.legend[-1] = (None, "Cells: in the first band each lane's sum of its own four columns, then its sum "
                             "after each step; in the srcLane band, the value each lane read. Values are "
                             "rounded (%.4g); the trace holds them exactly.")
    return grid


# file name -> (kernel, the function that draws its picture)
PICTURES = {
    "padded-sum-ladder.svg": ("reduceRowsPadded", padded_sum_ladder),
    "padded-max-butterfly.svg": ("reduceRowsPadded", padded_max_butterfly),
    "padded-live-ballot.svg": ("reduceRowsPadded", padded_live_ballot),
    "ballot-down-undefined-reads.svg": ("reduceRowsBallotDown", ballot_down_undefined_reads),
    "width8-segments.svg": ("reduceRowsWidth8", width8_segments),
}
