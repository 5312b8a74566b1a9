// warp_matrix.cpp: the rules and the results of the warp matrix functions
// (warp_matrix.hpp says which, in the words of the Guide).
#include "rules/warp_matrix.hpp"

#include <cmath>
#include <cstring>
#include <map>
#include <tuple>
#include <vector>

#include "checks/memory_checks.hpp"
#include "reporting/source_lines.hpp"
#include "reporting/text.hpp"
#include "warp_emulator/half/formats.hpp"

namespace warp_emulator {

MatrixShape shapeOf(const MatrixFragment& fragment) {
    switch (fragment.use) {
        case MatrixUse::A: return {fragment.m, fragment.k};
        case MatrixUse::B: return {fragment.k, fragment.n};
        case MatrixUse::Accumulator: break;
    }
    return {fragment.m, fragment.n};
}

unsigned int elementBytes(MatrixElement element) {
    switch (element) {
        case MatrixElement::Half:
        case MatrixElement::BFloat16: return 2;
        case MatrixElement::Double: return 8;
        case MatrixElement::SignedByte:
        case MatrixElement::UnsignedByte: return 1;
        case MatrixElement::Tf32:
        case MatrixElement::Float:
        case MatrixElement::Int: break;
    }
    return 4;
}

int positionOf(const MatrixFragment& fragment, int lane, int element) {
    const MatrixShape shape = shapeOf(fragment);
    return (lane * fragment.elements + element) % (shape.rows * shape.columns);
}

namespace {

bool isFloatingPoint(MatrixElement element) {
    return element != MatrixElement::SignedByte && element != MatrixElement::UnsignedByte &&
           element != MatrixElement::Int;
}

const char* element(const MatrixFragment& fragment, int index) {
    return static_cast<const char*>(fragment.storage) + index * elementBytes(fragment.element);
}

template <typename T>
T read(const char* at) {
    T value;
    std::memcpy(&value, at, sizeof value);
    return value;
}

// A floating-point element's value, exactly: a tf32 element is the float's
// 19 high bits (the tensor cores read no more of it).
double realAt(const MatrixFragment& fragment, int index) {
    const char* at = element(fragment, index);
    switch (fragment.element) {
        case MatrixElement::Half: return half::toFloat<half::Binary16>(read<std::uint16_t>(at));
        case MatrixElement::BFloat16: return half::toFloat<half::BFloat16>(read<std::uint16_t>(at));
        case MatrixElement::Tf32: {
            const std::uint32_t bits = read<std::uint32_t>(at) & 0xffffe000u;
            float value;
            std::memcpy(&value, &bits, sizeof value);
            return value;
        }
        case MatrixElement::Float: return read<float>(at);
        case MatrixElement::Double: return read<double>(at);
        default: return 0;
    }
}

long long integerAt(const MatrixFragment& fragment, int index) {
    const char* at = element(fragment, index);
    switch (fragment.element) {
        case MatrixElement::SignedByte: return read<signed char>(at);
        case MatrixElement::UnsignedByte: return read<unsigned char>(at);
        case MatrixElement::Int: return read<std::int32_t>(at);
        default: return 0;
    }
}

void writeElement(const MatrixFragment& fragment, int index, double real, long long integer) {
    char* at = static_cast<char*>(fragment.storage) + index * elementBytes(fragment.element);
    switch (fragment.element) {
        case MatrixElement::Half: {
            const std::uint16_t bits = half::fromDouble<half::Binary16>(real);
            std::memcpy(at, &bits, sizeof bits);
            break;
        }
        case MatrixElement::Float: {
            const float value = static_cast<float>(real);
            std::memcpy(at, &value, sizeof value);
            break;
        }
        case MatrixElement::Double: std::memcpy(at, &real, sizeof real); break;
        case MatrixElement::Int: {
            const auto value = static_cast<std::int32_t>(static_cast<std::uint32_t>(integer));
            std::memcpy(at, &value, sizeof value);
            break;
        }
        default: break;  // no accumulator holds the others
    }
}

void writePoison(const MatrixFragment& fragment) {
    char* at = static_cast<char*>(fragment.storage);
    const unsigned int bytes = elementBytes(fragment.element);
    for (int i = 0; i < fragment.elements; ++i, at += bytes) {
        std::uint64_t bits = kIntegerPoison;
        switch (fragment.element) {
            case MatrixElement::Half:
            case MatrixElement::BFloat16: bits = 0x7fff; break;
            case MatrixElement::Tf32:
            case MatrixElement::Float: bits = 0x7fffffff; break;
            case MatrixElement::Double: bits = 0x7fffffffffffffffull; break;
            default: break;
        }
        std::memcpy(at, &bits, bytes);
    }
}

std::string rule(Op op) {
    return op == Op::MatrixMultiply
               ? "The value of satf and template parameters for each matrix fragment must be the same for all threads "
                 "in the warp (the Programming Guide, \"Warp Matrix Functions\")"
               : "The values of mptr, ldm, layout, and all template parameters must be the same for all threads in "
                 "the warp (the Programming Guide, \"Warp Matrix Functions\")";
}

std::string undefinedResult(Op op) {
    return op == Op::MatrixStore ? " The result is undefined: nothing was stored."
                                 : " The result is undefined: the lanes' fragments hold poison (NaN, or 0xBAADF00D).";
}

}  // namespace

void WarpMatrix::carryOut(int warp, unsigned int group, bool forced) {
    const Request& first = scheduler_.laneOf(warp, __builtin_ctz(group)).request;
    const unsigned int existing = scheduler_.existingLanes(warp);
    const unsigned int exited = scheduler_.lanesWhere(warp, State::Exited) & existing & ~group;
    bool defined = !forced && (group | exited) == existing;  // a forced call: warp_collectives.cpp reported who is missing
    if (exited != 0) {
        scheduler_.report.ruleBroken(scheduler_.whereWarp(warp) + ": " + callAndSite(first) + " was reached by " +
                                     lanesPhrase(group) + ", but " + lanesPhrase(exited) +
                                     (__builtin_popcount(exited) == 1 ? " had" : " have") +
                                     " exited. \"This function must be called by all threads in the warp, or the "
                                     "result is undefined\" (the Programming Guide)." + undefinedResult(first.op));
        defined = false;
    }
    if (existing != 0xffffffffu) {
        scheduler_.report.ruleBroken(scheduler_.whereWarp(warp) + ": " + callAndSite(first) + " was called by a warp of " +
                                     std::to_string(__builtin_popcount(existing)) +
                                     " lanes (the block's size leaves it short), but a warp matrix function needs all "
                                     "32: \"This function must be called by all threads in the warp\"." +
                                     undefinedResult(first.op));
        defined = false;
    }
    defined = defined && argumentsAgree(warp, group, first) && (first.op == Op::MatrixMultiply || memoryIsAligned(warp, first));
    if (!defined) {
        poison(warp, group, first);
    } else if (first.op == Op::MatrixMultiply) {
        multiply(warp, group, first);
    }
}

// M2: every lane's arguments as the first lane's.
bool WarpMatrix::argumentsAgree(int warp, unsigned int group, const Request& first) {
    const char* base = static_cast<const char*>(first.matrix.memory);
    std::map<std::tuple<long long, unsigned int, int, bool>, unsigned int> passed;  // arguments -> lanes
    for (int lane : eachLane(group)) {
        const MatrixCall& call = scheduler_.laneOf(warp, lane).request.matrix;
        const long long offset = static_cast<const char*>(call.memory) - base;
        passed[{offset, call.ldm, static_cast<int>(call.layout), call.saturate}] |= 1u << lane;
    }
    if (passed.size() == 1) {
        return true;
    }
    std::string text;
    for (const auto& [arguments, lanes] : passed) {
        const auto [offset, ldm, layout, saturate] = arguments;
        text += (text.empty() ? "" : ", ") + lanesPhrase(lanes) + " passed ";
        if (first.op == Op::MatrixMultiply) {
            text += std::string("satf ") + (saturate ? "true" : "false");
            continue;
        }
        text += "mptr " + (offset == 0 ? std::string("p") : "p " + std::string(offset > 0 ? "+ " : "- ") +
                                                               std::to_string(offset > 0 ? offset : -offset) +
                                                               " bytes") +
                ", ldm " + std::to_string(ldm);
        if (first.matrix.fragments[0].use == MatrixUse::Accumulator) {
            text += layout == static_cast<int>(MatrixLayout::ColMajor) ? ", mem_col_major" : ", mem_row_major";
        }
    }
    scheduler_.report.ruleBroken(scheduler_.whereWarp(warp) + ": in " + callAndSite(first) + ", " + text +
                                 " (p: the lowest lane's mptr). " + rule(first.op) + "." + undefinedResult(first.op));
    return false;
}

// M3: mptr 256-bit aligned, ldm a multiple of 16 bytes.
bool WarpMatrix::memoryIsAligned(int warp, const Request& first) {
    const MatrixCall& call = first.matrix;
    const unsigned int bytes = elementBytes(call.fragments[0].element);
    const auto address = reinterpret_cast<std::uintptr_t>(call.memory);
    std::string wrong;
    if (address % 32 != 0) {
        wrong = "mptr lies " + std::to_string(address % 32) + " bytes past a multiple of 32 bytes: \"mptr must be a "
                "256-bit aligned pointer pointing to the first element of the matrix in memory\"";
    }
    if (call.ldm * bytes % 16 != 0) {
        wrong += (wrong.empty() ? "" : "; and ") + std::string("ldm ") + std::to_string(call.ldm) + " elements of " +
                 std::to_string(bytes) + " bytes is " + std::to_string(call.ldm * bytes) +
                 " bytes: ldm \"must be a multiple of 8 for __half element type or multiple of 4 for float element "
                 "type (i.e., multiple of 16 bytes in both cases)\"";
    }
    if (wrong.empty()) {
        return true;
    }
    scheduler_.report.ruleBroken(scheduler_.whereWarp(warp) + ": in " + callAndSite(first) + ", " + wrong +
                                 " (the Programming Guide)." + undefinedResult(first.op));
    return false;
}

void WarpMatrix::poison(int warp, unsigned int group, const Request& first) {
    for (int lane : eachLane(group)) {
        Request& mine = scheduler_.laneOf(warp, lane).request;
        mine.poisoned = true;
        if (first.op != Op::MatrixStore) {
            writePoison(mine.matrix.fragments[0]);  // the loaded fragment, or D
        }
    }
}

// D = A * B + C, each element of A, B and C from the first lane holding it.
void WarpMatrix::multiply(int warp, unsigned int group, const Request& first) {
    enum { D, A, B, C };
    auto fragmentOf = [&](int lane, int which) -> const MatrixFragment& {
        return scheduler_.laneOf(warp, lane).request.matrix.fragments[which];
    };
    // The matrix `which` as one array in row-major order.
    auto gather = [&](int which, std::vector<double>& reals, std::vector<long long>& integers) {
        const MatrixFragment& shape = first.matrix.fragments[which];
        const MatrixShape size = shapeOf(shape);
        const int count = size.rows * size.columns;
        reals.assign(static_cast<size_t>(count), 0.0);
        integers.assign(static_cast<size_t>(count), 0);
        for (int position = 0; position < count; ++position) {
            const int lane = position / shape.elements;
            const int index = position % shape.elements;
            const MatrixFragment& held = fragmentOf(lane, which);
            if (isFloatingPoint(shape.element)) {
                reals[static_cast<size_t>(position)] = realAt(held, index);
            } else {
                integers[static_cast<size_t>(position)] = integerAt(held, index);
            }
        }
    };
    std::vector<double> a, b, c;
    std::vector<long long> ai, bi, ci;
    gather(A, a, ai);
    gather(B, b, bi);
    gather(C, c, ci);
    const MatrixFragment& d = first.matrix.fragments[D];
    const int m = d.m, n = d.n, k = d.k;
    const bool integer = !isFloatingPoint(first.matrix.fragments[A].element);
    const bool fused = first.matrix.fragments[A].element == MatrixElement::Double;
    std::vector<double> result(static_cast<size_t>(m * n));
    std::vector<long long> resultInteger(static_cast<size_t>(m * n));
    for (int row = 0; row < m; ++row) {
        for (int column = 0; column < n; ++column) {
            const size_t at = static_cast<size_t>(row * n + column);
            double sum = c[at];
            long long integerSum = ci[at];
            for (int i = 0; i < k; ++i) {
                const size_t left = static_cast<size_t>(row * k + i), right = static_cast<size_t>(i * n + column);
                if (integer) {
                    integerSum += ai[left] * bi[right];
                } else if (fused) {
                    sum = std::fma(a[left], b[right], sum);
                } else {
                    sum += a[left] * b[right];
                }
            }
            if (integer && first.matrix.saturate) {
                integerSum = integerSum > 2147483647ll ? 2147483647ll : integerSum < -2147483648ll ? -2147483648ll : integerSum;
            }
            result[at] = sum;
            resultInteger[at] = integerSum;
        }
    }
    for (int lane : eachLane(group)) {
        const MatrixFragment& mine = fragmentOf(lane, D);
        for (int index = 0; index < mine.elements; ++index) {
            const auto position = static_cast<size_t>(positionOf(mine, lane, index));
            writeElement(mine, index, result[position], resultInteger[position]);
        }
    }
}

void WarpMatrix::accessMemory(const Request& done, int lane) {
    const MatrixCall& call = done.matrix;
    const MatrixFragment& fragment = call.fragments[0];
    const MatrixShape shape = shapeOf(fragment);
    const unsigned int bytes = elementBytes(fragment.element);
    const bool isWrite = done.op == Op::MatrixStore;
    const std::uint64_t site = siteOfLine(done.file, done.line);
    for (int index = 0; index < fragment.elements; ++index) {
        const int position = positionOf(fragment, lane, index);
        const long long row = position / shape.columns, column = position % shape.columns;
        const long long offset = call.layout == MatrixLayout::ColMajor ? column * call.ldm + row : row * call.ldm + column;
        char* address = const_cast<char*>(static_cast<const char*>(call.memory)) + offset * bytes;
        char* mine = static_cast<char*>(fragment.storage) + index * bytes;
        MemoryChecks::kernelAccess({address, bytes, isWrite, AccessKind::Plain, Scope::Device, site, true});
        if (isWrite) {
            std::memcpy(address, mine, bytes);
        } else {
            std::memcpy(mine, address, bytes);
        }
    }
}

}  // namespace warp_emulator
