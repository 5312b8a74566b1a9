// trace.cpp: values and types as the trace writes them (TRACE.md).
#include <cmath>
#include <cstdio>
#include <cstring>

#include "reporting/text.hpp"
#include "warp_emulator/half/formats.hpp"

namespace warp_emulator {

namespace {

std::string jsonNumber(double value, const char* format) {
    if (std::isnan(value)) {
        return "\"NaN\"";
    }
    if (std::isinf(value)) {
        return value > 0 ? "\"Infinity\"" : "\"-Infinity\"";
    }
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// A __half or __nv_bfloat16 as a number (5 digits read back to the same
// 16-bit value); a pair as [x, y], its low half first.
std::string jsonHalfPrecision(std::uint64_t bits, ValueType type) {
    auto one = [&](unsigned int part) {
        const auto value = static_cast<std::uint16_t>(bits >> (16 * part));
        return jsonNumber(type.kind == ValueType::Half ? half::toFloat<half::Binary16>(value)
                                                       : half::toFloat<half::BFloat16>(value),
                          "%.5g");
    };
    return type.bytes == 2 ? one(0) : "[" + one(0) + "," + one(1) + "]";
}

}  // namespace

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
        return jsonNumber(value, type.bytes == 4 ? "%.9g" : "%.17g");
    }
    if (type.kind == ValueType::Half || type.kind == ValueType::BFloat16) {
        return jsonHalfPrecision(bits, type);
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
        case ValueType::Half: return type.bytes == 2 ? "__half" : "__half2";
        case ValueType::BFloat16: return type.bytes == 2 ? "__nv_bfloat16" : "__nv_bfloat162";
        default: return "bytes<" + std::to_string(type.bytes) + ">";
    }
}

}  // namespace warp_emulator
