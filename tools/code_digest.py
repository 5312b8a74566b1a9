#!/usr/bin/env python3
"""usage: code_digest.py PATH...

Prints one sha256 for the code of the files, in the order given (a folder:
every file under it, in sorted order, but Python's caches): each file's
name and text, less its comments, its blank lines and the space around and
between tokens (string and character literals kept whole). Evidence names the
digest of the code it ran, so it goes stale when that code changes, not when
a comment or the spacing does.
"""

import functools
import hashlib
import os
import sys


def space(out):
    """One space between tokens, however many there were."""
    if out and not out[-1].endswith((" ", "\n")):
        out.append(" ")


@functools.lru_cache(maxsize=None)  # the evidence check digests each file many times, unchanged
def code_of(text):
    """The text without comments, with runs of space outside literals made one
    space, each line stripped, and empty lines dropped."""
    out = []
    i, length = 0, len(text)
    while i < length:
        c = text[i]
        if text.startswith("//", i):
            while i < length and text[i] != "\n":
                i += 2 if text.startswith("\\\n", i) else 1
            space(out)
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            newlines = text.count("\n", i, len(text) if end == -1 else end)
            space(out)
            if newlines:
                out.append("\n" * newlines)
            i = length if end == -1 else end + 2
            continue
        if c in "\"'":
            start = i
            raw = c == '"' and i > 0 and text[i - 1] == "R"
            if raw:
                open_paren = text.find("(", i)
                close = text.find(")" + text[i + 1:open_paren] + '"', open_paren)
                i = length if open_paren == -1 or close == -1 else close + (open_paren - i) + 1
            else:
                i += 1
                while i < length and text[i] != c and text[i] != "\n":
                    i += 2 if text[i] == "\\" else 1
                i += 1
            out.append(text[start:i])
            continue
        if c in " \t\r\f\v":
            space(out)
            i += 1
            continue
        out.append(c)
        i += 1
    lines = (line.strip() for line in "".join(out).split("\n"))
    return "\n".join(line for line in lines if line)


def files_in(paths):
    """The files the paths name: a file itself, a folder every file under it."""
    files = []
    for path in paths:
        if not os.path.isdir(path):
            files.append(path)
            continue
        for root, folders, names in os.walk(path):
            folders[:] = sorted(folder for folder in folders if folder != "__pycache__")
            files += [os.path.join(root, name) for name in sorted(names) if not name.endswith(".pyc")]
    return files


def digest(paths):
    total = hashlib.sha256()
    paths = files_in(paths)
    for path in paths:
        with open(path, encoding="utf-8", errors="surrogateescape") as source:
            total.update(os.path.basename(path).encode() + b"\0")
            total.update(code_of(source.read()).encode("utf-8", "surrogateescape") + b"\0")
    return total.hexdigest()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip())
    print(digest(sys.argv[1:]))
