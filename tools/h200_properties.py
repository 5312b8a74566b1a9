#!/usr/bin/env python3
"""usage: tools/h200_properties.py

Writes emulator/runtime/api/h200_properties.cpp from
evidence/h200-device-properties.txt: what an NVIDIA H200 answered for every
field of cudaDeviceProp and every cudaDeviceGetAttribute, which the emulator
answers too (runtime/api/devices.cpp says where it differs). Run it again
when that evidence is captured again.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EVIDENCE = os.path.join(ROOT, "evidence", "h200-device-properties.txt")
OUTPUT = os.path.join(ROOT, "emulator", "runtime", "api", "h200_properties.cpp")


def main():
    fields, attributes = [], []
    with open(EVIDENCE, encoding="utf-8") as evidence:
        for line in evidence:
            if line.startswith("#") or not line.strip():
                continue
            name, value = line.rstrip("\n").split(": ", 1)
            attribute = re.fullmatch(r"(cudaDevAttr\w+) \((\d+)\)", name)
            if attribute:
                attributes.append((attribute.group(1), int(attribute.group(2)), int(value)))
            elif name != "name":
                fields.append((name, value.split()))
    lines = ["// h200_properties.cpp: what an NVIDIA H200 (driver 580.159.04, CUDA 13.0) answered for",
             "// every field of cudaDeviceProp and every device attribute. Written by",
             "// tools/h200_properties.py from evidence/h200-device-properties.txt; never edit it by hand.",
             '#include "api/h200_properties.hpp"', "", "namespace warp_emulator {", "",
             "void h200Properties(cudaDeviceProp* properties) {"]
    for name, values in fields:
        if len(values) == 1:
            lines.append("    properties->%s = %s;" % (name, values[0]))
        else:
            for index, value in enumerate(values):
                lines.append("    properties->%s[%d] = %s;" % (name, index, value))
    lines += ["}", "", "bool h200Attribute(int attribute, int* value) {", "    switch (attribute) {"]
    for name, number, value in attributes:
        lines.append("        case %d: *value = %d; return true;  // %s" % (number, value, name))
    lines += ["        default: return false;", "    }", "}", "", "}  // namespace warp_emulator", ""]
    with open(OUTPUT, "w", encoding="utf-8") as output:
        output.write("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
