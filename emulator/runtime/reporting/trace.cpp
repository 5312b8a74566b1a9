// trace.cpp: values and types as the trace writes them (TRACE.md).
#include <cmath>
#include <cstdio>
#include <cstring>

#include "reporting/text.hpp"

namespace warp_emulator {

// A value as JSON: integers as integers, finite floats as numbers that read
// back to the same float, the others as "NaN", "Infinity", "-Infinity".
std::string jsonValue(std::uint64_t bits, ValueType type) {
    char text[64];
    if (type.kind == ValueType::Float) {
        double value = 0;
        if (type.bytes == 4) {
            float single;
            std::memcpy(&single, &bits, 4);
            value = single;
        } else {
            std::memcpy(&value, &bits, 8);
        }
        if (std::isnan(value)) {
            return "\"NaN\"";
        }
        if (std::isinf(value)) {
            return value > 0 ? "\"Infinity\"" : "\"-Infinity\"";
        }
        std::snprintf(text, sizeof text, type.bytes == 4 ? "%.9g" : "%.17g", value);
        return text;
    }
    const int bitCount = 8 * type.bytes;
    const std::uint64_t masked = bitCount >= 64 ? bits : bits & ((1ull << bitCount) - 1);
    if (type.kind == ValueType::Signed) {
        const long long value = bitCount >= 64 ? static_cast<long long>(masked)
                                               : static_cast<long long>(masked << (64 - bitCount)) >> (64 - bitCount);
        std::snprintf(text, sizeof text, "%lld", value);
    } else if (type.kind == ValueType::Unsigned) {
        std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(masked));
    } else {
        std::snprintf(text, sizeof text, "\"0x%0*llx\"", 2 * type.bytes, static_cast<unsigned long long>(masked));
    }
    return text;
}

std::string jsonTypeName(ValueType type) {
    switch (type.kind) {
        case ValueType::Float: return type.bytes == 4 ? "float" : "double";
        case ValueType::Signed:
            return type.bytes == 1 ? "signed char" : type.bytes == 2 ? "short" : type.bytes == 4 ? "int" : "long long";
        case ValueType::Unsigned:
            return type.bytes == 1   ? "unsigned char"
                   : type.bytes == 2 ? "unsigned short"
                   : type.bytes == 4 ? "unsigned int"
                                     : "unsigned long long";
        default: return "bytes<" + std::to_string(type.bytes) + ">";
    }
}

}  // namespace warp_emulator
