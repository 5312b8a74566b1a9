#!/usr/bin/env python3
"""Checks pictures of the lanes as a reader gets them: well-formed SVG, text legible in the README.

    check_svg.py FILE.svg [FILE.svg ...]

Each file must parse as XML (xml.etree) with an <svg> root, a width, and a
title; and every font size its style sheet sets must stay at least 11 px once
GitHub scales the picture to a README's 830 px (a wider picture needs larger
text). Exit 0 when every file passes, 1 otherwise, naming the file and why.
"""

import re
import sys
import xml.etree.ElementTree as ElementTree

SVG = "{http://www.w3.org/2000/svg}"
README_WIDTH = 830
SMALLEST_TEXT = 11


def problems(path):
    try:
        root = ElementTree.parse(path).getroot()
    except (ElementTree.ParseError, OSError) as error:
        return ["does not parse as XML: %s" % error]
    if root.tag != SVG + "svg":
        return ["its root is <%s>, not <svg>" % root.tag]
    found = []
    try:
        width = float(root.get("width", ""))
    except ValueError:
        return ["its <svg> has no numeric width"]
    if root.find(SVG + "title") is None:
        found.append("it has no <title> (what a screen reader says)")
    scale = min(1.0, README_WIDTH / width)
    style = "".join(element.text or "" for element in root.iter(SVG + "style"))
    sizes = [float(size) for size in re.findall(r"font-size:\s*([0-9.]+)px", style)]
    sizes += [float(element.get("font-size")) for element in root.iter() if element.get("font-size")]
    if not sizes:
        found.append("its style sets no font size, so the reader's default decides")
    for size in sizes:
        if size * scale < SMALLEST_TEXT:
            found.append("text of %g px is %.1f px at the README's %d px width, under %d px"
                         % (size, size * scale, README_WIDTH, SMALLEST_TEXT))
    if not any(True for _ in root.iter(SVG + "text")):
        found.append("it has no text")
    return found


def main(paths):
    failed = False
    for path in paths:
        found = problems(path)
        for problem in found:
            print("%s: %s" % (path, problem))
        if found:
            failed = True
        else:
            print("%s: well-formed SVG, text at least %d px at %d px wide" % (path, SMALLEST_TEXT, README_WIDTH))
    return 1 if failed or not paths else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
