"""Lays out one warp as lane columns and one band per collective, and draws it as SVG.

A picture is a Grid: a title, one column per lane, bands of cells from top to
bottom (one per step), the arrows that lead into each band (from the lane
read to the lane reading), and a legend. What goes into the cells and arrows
is decided in pictures.py; this file only decides where things go.
"""

import math

import svg

WIDTH = 830            # GitHub shows README images at about this width, so text keeps its size
LABEL_WIDTH = 78       # the column of band labels, left of lane 0
RIGHT_MARGIN = 6
SEGMENT_GAP = 8        # the space between segments when a shuffle's width splits the warp
ARROW_ZONE = 48        # the height of the space the arrows cross, room for two staggered labels
LEGEND_SWATCH = 30

STYLE = """
.background { fill: #ffffff; }
text { font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; font-size: 11px; fill: #000000; }
.title { font-size: 15px; font-weight: bold; }
.subtitle { font-size: 12px; }
.value { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; text-anchor: middle; }
.poison-value { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; text-anchor: middle; font-weight: bold; fill: VERMILLION; }
.unknown-value { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; text-anchor: middle; fill: GREY; }
.absent-text { text-anchor: middle; fill: GREY; }
.lane-number { text-anchor: middle; }
.band-sublabel { fill: GREY; }
.group-label { text-anchor: middle; font-weight: bold; }
.cell-live { fill: #ffffff; stroke: #505050; stroke-width: 0.8; }
.cell-dead { fill: LIGHT_GREY; stroke: #505050; stroke-width: 0.8; }
.cell-absent { fill: none; stroke: GREY; stroke-width: 0.8; stroke-dasharray: 3 2; }
.cell-answer { fill: #ffffff; stroke: BLUISH_GREEN; stroke-width: 3; }
.dead-column { fill: PALE_GREY; }
.bracket { stroke: GREY; stroke-width: 1; fill: none; }
.read, .legend-read { stroke: BLUE; stroke-width: 1.1; }
.undefined-read, .legend-undefined-read { stroke: VERMILLION; stroke-width: 1.6; stroke-dasharray: 5 3; }
.poison-box { fill: #ffffff; stroke: VERMILLION; stroke-width: 0.6; }
.poison-label { text-anchor: middle; font-weight: bold; fill: VERMILLION; }
"""
for _name in ("VERMILLION", "LIGHT_GREY", "PALE_GREY", "GREY", "BLUISH_GREEN", "BLUE"):  # longest first
    STYLE = STYLE.replace(_name, getattr(svg, _name))

MARKERS = [
    '<marker id="head-read" markerWidth="7" markerHeight="7" refX="6.5" refY="3.5" orient="auto" '
    'markerUnits="userSpaceOnUse"><path d="M0,0 L7,3.5 L0,7 z" fill="%s"/></marker>' % svg.BLUE,
    '<marker id="head-undefined" markerWidth="9" markerHeight="9" refX="8.5" refY="4.5" orient="auto" '
    'markerUnits="userSpaceOnUse"><path d="M0,0 L9,4.5 L0,9 z" fill="%s"/></marker>' % svg.VERMILLION,
]


class Cell:
    """What one lane shows in one band. kind: value, poison, unknown, absent."""

    def __init__(self, text, kind="value", answer=False):
        self.text, self.kind, self.answer = text, kind, answer


class Arrow:
    """The lane `lane` read lane `source`; `undefined` reads carry the label of what came back."""

    def __init__(self, source, lane, undefined=False, label=None):
        self.source, self.lane, self.undefined, self.label = source, lane, undefined, label


class Band:
    """One row of cells. label: one or two short lines left of the row.
    cells: {lane: Cell}; arrows lead into this band; groups: [(first, last, text)] draws
    one wide cell across lanes first..last instead of one cell per lane."""

    def __init__(self, label, cells=None, arrows=(), groups=()):
        self.label, self.cells, self.arrows, self.groups = label, cells or {}, list(arrows), list(groups)


class Grid:
    def __init__(self, lanes, segment_width=None):
        self.lanes = lanes
        self.segment_width = segment_width if segment_width and segment_width < lanes else None
        self.title_lines = []      # [(text, css class)]
        self.accessible_name = ""
        self.dead_lanes = set()
        self.dead_label = ""
        self.bands = []
        self.notes = []            # lines of text under the bands
        self.legend = []           # [(swatch, text)]

    # -- where the lanes are -------------------------------------------------
    def _gaps(self):
        return (self.lanes - 1) // self.segment_width if self.segment_width else 0

    def column_width(self):
        return (WIDTH - LABEL_WIDTH - RIGHT_MARGIN - self._gaps() * SEGMENT_GAP) / self.lanes

    def left(self, lane):
        gap = (lane // self.segment_width) * SEGMENT_GAP if self.segment_width else 0
        return LABEL_WIDTH + lane * self.column_width() + gap

    def centre(self, lane):
        return self.left(lane) + self.column_width() / 2

    def cell_height(self):
        longest = max([len(cell.text) for band in self.bands for cell in band.cells.values()] + [3])
        return max(34, math.ceil(longest * svg.SMALL * svg.MONOSPACE_ADVANCE) + 12)

    # -- drawing ---------------------------------------------------------------
    def render(self):
        picture = svg.Svg(WIDTH, STYLE)
        picture.title(self.accessible_name)
        for marker in MARKERS:
            picture.define(marker)
        width = self.column_width()
        cell_height = self.cell_height()

        y = 6
        for text, css in self.title_lines:
            size = 15 if css == "title" else 12
            for line in svg.wrap(text, size, WIDTH - 16):
                y += size + 5
                picture.text(8, y, line, css)
        y += 10

        if self.segment_width:
            y += 14
            for first in range(0, self.lanes, self.segment_width):
                last = min(first + self.segment_width, self.lanes) - 1
                middle = (self.left(first) + self.left(last) + width) / 2
                picture.text(middle, y, "segment %d: lanes %d-%d" % (first // self.segment_width, first, last),
                             "group-label")
            y += 4
        if self.dead_lanes:
            first, last = min(self.dead_lanes), max(self.dead_lanes)
            y += 14
            middle = (self.left(first) + self.left(last) + width) / 2
            picture.text(middle, y, self.dead_label, "group-label")
            picture.line(self.left(first) + 1, y + 7, self.left(last) + width - 1, y + 7, "bracket")
            y += 8
        columns_top = y + 2
        y += 15
        picture.text(6, y, "lane", "band-sublabel")
        for lane in range(self.lanes):
            picture.text(self.centre(lane), y, str(lane), "lane-number")
        y += 6

        # Dead columns first, so everything else is drawn over them.
        band_heights = sum(cell_height for _ in self.bands) + ARROW_ZONE * max(0, len(self.bands) - 1)
        for lane in sorted(self.dead_lanes):
            picture.rect(self.left(lane), columns_top, width, y - columns_top + band_heights, "dead-column")

        for index, band in enumerate(self.bands):
            if index > 0:
                self._arrows(picture, band, y, y + ARROW_ZONE)
                y += ARROW_ZONE
            self._band(picture, band, y, cell_height)
            y += cell_height

        for note in self.notes:
            for line in svg.wrap(note, svg.SMALL, WIDTH - 16):
                y += 16
                picture.text(8, y, line, "subtitle")
        if self.legend:
            y += 10
            for swatch, text in self.legend:
                lines = svg.wrap(text, svg.SMALL, WIDTH - 16 - LEGEND_SWATCH - 12)
                self._swatch(picture, swatch, 8, y + 11)
                for line in lines:
                    y += 15
                    picture.text(8 + LEGEND_SWATCH + 10, y, line, "legend")
                y += 2
        return picture.render(y + 10)

    def _band(self, picture, band, top, height):
        width = self.column_width()
        middle = top + height / 2
        picture.text(6, middle - 2, band.label[0], "band-label")
        if len(band.label) > 1:
            picture.text(6, middle + 12, band.label[1], "band-sublabel")
        for first, last, text in band.groups:
            picture.rect(self.left(first) + 1, top, self.left(last) + width - self.left(first) - 2, height, "cell-live")
            picture.text((self.left(first) + self.left(last) + width) / 2, middle + 4, text, "value")
        for lane, cell in sorted(band.cells.items()):
            x = self.left(lane) + 1
            if cell.kind == "absent":
                css = "cell-absent"
            elif cell.answer:
                css = "cell-answer"
            else:
                css = "cell-dead" if lane in self.dead_lanes else "cell-live"
            picture.rect(x, top + 1, width - 2, height - 2, css)
            text_class = {"value": "value", "poison": "poison-value", "unknown": "unknown-value",
                          "absent": "absent-text"}[cell.kind]
            centre = self.centre(lane)
            if len(cell.text) > 2:
                picture.text(centre + 4, middle, cell.text, text_class, rotate=True)
            else:
                picture.text(centre, middle + 4, cell.text, text_class)

    def _arrows(self, picture, band, top, bottom):
        # Defined reads first, so the undefined ones and their labels lie on top.
        ordered = sorted(band.arrows, key=lambda arrow: (arrow.undefined, arrow.lane))
        for arrow in ordered:
            x1, y1 = self.centre(arrow.source), top + 2
            x2, y2 = self.centre(arrow.lane), bottom - 2
            if arrow.undefined:
                picture.line(x1, y1, x2, y2, "undefined-read", marker_end="url(#head-undefined)")
            else:
                picture.line(x1, y1, x2, y2, "read", marker_end="url(#head-read)")
        for arrow in ordered:
            if arrow.undefined and arrow.label:
                # Just above the head, so each label sits by the lane that got it; neighbouring
                # lanes' labels at two heights, so side by side they never overlap.
                x = self.centre(arrow.lane)
                y = bottom - (13 if arrow.lane % 2 == 0 else 28)
                box = len(arrow.label) * svg.SMALL * svg.MONOSPACE_ADVANCE + 6
                picture.rect(x - box / 2, y - 7, box, 14, "poison-box")
                picture.text(x, y + 4, arrow.label, "poison-label")

    def _swatch(self, picture, swatch, x, y):
        if swatch == "read":
            picture.line(x, y, x + LEGEND_SWATCH - 4, y, "legend-read", marker_end="url(#head-read)")
        elif swatch == "undefined-read":
            picture.line(x, y, x + LEGEND_SWATCH - 4, y, "legend-undefined-read", marker_end="url(#head-undefined)")
        elif swatch in ("cell-dead", "cell-absent", "cell-answer", "cell-live"):
            picture.rect(x + 6, y - 6, 14, 14, swatch)
        elif swatch is not None:
            raise ValueError("unknown legend swatch %r" % swatch)
