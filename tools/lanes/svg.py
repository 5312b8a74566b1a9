"""A small SVG writer: deterministic text, so a fresh drawing can be compared byte for byte.

Coordinates are printed with at most two decimals, attributes in the order
given, and the same input always gives the same bytes.
"""

from xml.sax.saxutils import escape, quoteattr

# Okabe and Ito's colour-blind-safe palette, and the greys the pictures use beside it.
BLUE = "#0072B2"
VERMILLION = "#D55E00"
BLUISH_GREEN = "#009E73"
GREY = "#767676"
LIGHT_GREY = "#E0E0E0"
PALE_GREY = "#F2F2F2"

# The smallest text the pictures use, in px at the SVG's own width; the
# pictures are drawn 830 px wide, the width GitHub gives a README image, so
# this is the size a reader sees.
SMALL = 11
MONOSPACE_ADVANCE = 0.61  # DejaVu Sans Mono's advance, in em: how wide a value's digits are
SANS_ADVANCE = 0.56       # a generous average for proportional text, in em: where to wrap


def coordinate(value):
    text = "%.2f" % value
    text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class Svg:
    def __init__(self, width, style):
        self.width = width
        self.style = style
        self.definitions = []
        self.body = []
        self.accessible_name = None

    def _element(self, tag, attributes, text=None):
        parts = [tag]
        for name, value in attributes:
            if value is None:
                continue
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                value = coordinate(value)
            parts.append("%s=%s" % (name.replace("_", "-"), quoteattr(str(value))))
        opening = "<" + " ".join(parts)
        if text is None:
            return opening + "/>"
        return opening + ">" + escape(text) + "</" + tag + ">"

    def define(self, markup):
        self.definitions.append(markup)

    def rect(self, x, y, width, height, css_class, **extra):
        self.body.append(self._element("rect", [("class", css_class), ("x", x), ("y", y), ("width", width),
                                                ("height", height)] + sorted(extra.items())))

    def line(self, x1, y1, x2, y2, css_class, **extra):
        self.body.append(self._element("line", [("class", css_class), ("x1", x1), ("y1", y1), ("x2", x2),
                                                ("y2", y2)] + sorted(extra.items())))

    def text(self, x, y, content, css_class, rotate=False):
        transform = "rotate(-90 %s %s)" % (coordinate(x), coordinate(y)) if rotate else None
        self.body.append(self._element("text", [("class", css_class), ("x", x), ("y", y),
                                                ("transform", transform)], content))

    def title(self, content):
        """The accessible name: what a screen reader says for the picture."""
        self.accessible_name = content

    def render(self, height):
        head = ('<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s">'
                % (coordinate(self.width), coordinate(height), coordinate(self.width), coordinate(height)))
        lines = [head]
        if self.accessible_name is not None:
            lines.append(self._element("title", [], self.accessible_name))
        lines += ["<defs>", "<style>", self.style.strip(), "</style>"]
        lines += self.definitions
        lines.append("</defs>")
        lines.append('<rect class="background" x="0" y="0" width="%s" height="%s"/>'
                     % (coordinate(self.width), coordinate(height)))
        lines += self.body
        lines.append("</svg>")
        return "\n".join(lines) + "\n"


def wrap(text, font_size, width):
    """`text` broken into lines that fit `width` px at `font_size` (estimated, on the safe side)."""
    limit = max(10, int(width / (font_size * SANS_ADVANCE)))
    lines, current = [], ""
    for word in text.split(" "):
        candidate = word if not current else current + " " + word
        if len(candidate) <= limit or not current:
            current = candidate
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines
