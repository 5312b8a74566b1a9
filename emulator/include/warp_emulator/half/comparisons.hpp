// comparisons.hpp: __heq and the other comparisons of the two 16-bit types,
// ordered ("NaN inputs generate false results") and unordered (the u forms:
// "NaN inputs generate true results"); for pairs the __h*2 forms (1.0 or 0.0
// in each half), the __hb*2 forms (true when both halves compare true) and
// the _mask forms (0xFFFF or 0 in each half); __hisnan, __hisinf, and
// __hmax, __hmin with their _nan and pair forms; and the comparison
// operators. One macro writes each type's (the names are overloaded, as in
// the Toolkit); cuda_fp16.h and cuda_bf16.h expand it.
#pragma once

#include "exact_arithmetic.hpp"

namespace warp_emulator {
namespace half {

enum class Relation : unsigned char { Eq, Ne, Le, Ge, Lt, Gt };

// `a relation b` for an ordered comparison, or, when `unordered`, its
// unordered form, which also holds when either is NaN.
template <typename Scalar>
bool holds(Relation relation, bool unordered, Scalar a, Scalar b) {
    const Order order = compare<typename FormatOf<Scalar>::type>(bits(a), bits(b));
    if (order == Order::Unordered) {
        return unordered;
    }
    switch (relation) {
        case Relation::Eq: return order == Order::Equal;
        case Relation::Ne: return order != Order::Equal;
        case Relation::Le: return order != Order::Greater;
        case Relation::Ge: return order != Order::Less;
        case Relation::Lt: return order == Order::Less;
        case Relation::Gt: return order == Order::Greater;
    }
    return false;
}

template <typename Scalar>
Scalar oneOrZero(bool truth) {
    return make<Scalar>(truth ? Layout<typename FormatOf<Scalar>::type>::kOne : std::uint16_t{0});
}

template <typename Scalar>
Scalar maximumOf(Scalar a, Scalar b, bool nanPropagates) {
    return make<Scalar>(maximum<typename FormatOf<Scalar>::type>(bits(a), bits(b), nanPropagates));
}
template <typename Scalar>
Scalar minimumOf(Scalar a, Scalar b, bool nanPropagates) {
    return make<Scalar>(minimum<typename FormatOf<Scalar>::type>(bits(a), bits(b), nanPropagates));
}

}  // namespace half
}  // namespace warp_emulator

#define WARP_EMULATOR_HALF_COMPARISON(Scalar, Pair, name, relation, unordered)                                       \
    inline bool __h##name(const Scalar a, const Scalar b) {                                                          \
        return warp_emulator::half::holds(warp_emulator::half::Relation::relation, unordered, a, b);                 \
    }                                                                                                                \
    inline Pair __h##name##2(const Pair a, const Pair b) {                                                           \
        return Pair(warp_emulator::half::oneOrZero<Scalar>(__h##name(a.x, b.x)),                                     \
                    warp_emulator::half::oneOrZero<Scalar>(__h##name(a.y, b.y)));                                    \
    }                                                                                                                \
    inline bool __hb##name##2(const Pair a, const Pair b) { return __h##name(a.x, b.x) && __h##name(a.y, b.y); }    \
    inline unsigned int __h##name##2_mask(const Pair a, const Pair b) {                                              \
        return (__h##name(a.x, b.x) ? 0x0000ffffu : 0u) | (__h##name(a.y, b.y) ? 0xffff0000u : 0u);                 \
    }

#define WARP_EMULATOR_HALF_COMPARISONS(Scalar, Pair)                                                                 \
    WARP_EMULATOR_HALF_COMPARISON(Scalar, Pair, eq, Eq, false)                                                       \
    WARP_EMULATOR_HALF_COMPARISON(Scalar, Pair, ne, Ne, false)                                                       \
    WARP_EMULATOR_HALF_COMPARISON(Scalar, Pair, le, Le, false)                                                       \
    WARP_EMULATOR_HALF_COMPARISON(Scalar, Pair, ge, Ge, false)                                                       \
    WARP_EMULATOR_HALF_COMPARISON(Scalar, Pair, lt, Lt, false)                                                       \
    WARP_EMULATOR_HALF_COMPARISON(Scalar, Pair, gt, Gt, false)                                                       \
    WARP_EMULATOR_HALF_COMPARISON(Scalar, Pair, equ, Eq, true)                                                       \
    WARP_EMULATOR_HALF_COMPARISON(Scalar, Pair, neu, Ne, true)                                                       \
    WARP_EMULATOR_HALF_COMPARISON(Scalar, Pair, leu, Le, true)                                                       \
    WARP_EMULATOR_HALF_COMPARISON(Scalar, Pair, geu, Ge, true)                                                       \
    WARP_EMULATOR_HALF_COMPARISON(Scalar, Pair, ltu, Lt, true)                                                       \
    WARP_EMULATOR_HALF_COMPARISON(Scalar, Pair, gtu, Gt, true)                                                       \
    inline bool __hisnan(const Scalar a) {                                                                           \
        return warp_emulator::half::isNaN<warp_emulator::half::FormatOf<Scalar>::type>(warp_emulator::half::bits(a)); \
    }                                                                                                                \
    inline Pair __hisnan2(const Pair a) {                                                                            \
        return Pair(warp_emulator::half::oneOrZero<Scalar>(__hisnan(a.x)),                                           \
                    warp_emulator::half::oneOrZero<Scalar>(__hisnan(a.y)));                                          \
    }                                                                                                                \
    /* -1 for -infinity, 1 for +infinity, 0 otherwise */                                                             \
    inline int __hisinf(const Scalar a) {                                                                            \
        const std::uint16_t bits = warp_emulator::half::bits(a);                                                     \
        if ((bits & 0x7fffu) != warp_emulator::half::Layout<warp_emulator::half::FormatOf<Scalar>::type>::kInfinity) { \
            return 0;                                                                                                \
        }                                                                                                            \
        return (bits & 0x8000u) != 0 ? -1 : 1;                                                                       \
    }                                                                                                                \
    inline Scalar __hmax(const Scalar a, const Scalar b) { return warp_emulator::half::maximumOf(a, b, false); }    \
    inline Scalar __hmin(const Scalar a, const Scalar b) { return warp_emulator::half::minimumOf(a, b, false); }    \
    inline Scalar __hmax_nan(const Scalar a, const Scalar b) { return warp_emulator::half::maximumOf(a, b, true); } \
    inline Scalar __hmin_nan(const Scalar a, const Scalar b) { return warp_emulator::half::minimumOf(a, b, true); } \
    inline Pair __hmax2(const Pair a, const Pair b) { return Pair(__hmax(a.x, b.x), __hmax(a.y, b.y)); }            \
    inline Pair __hmin2(const Pair a, const Pair b) { return Pair(__hmin(a.x, b.x), __hmin(a.y, b.y)); }            \
    inline Pair __hmax2_nan(const Pair a, const Pair b) { return Pair(__hmax_nan(a.x, b.x), __hmax_nan(a.y, b.y)); } \
    inline Pair __hmin2_nan(const Pair a, const Pair b) { return Pair(__hmin_nan(a.x, b.x), __hmin_nan(a.y, b.y)); }

// The Toolkit's: == and the ordered relations, and != unordered (as for float).
#define WARP_EMULATOR_HALF_COMPARISON_OPERATORS(Scalar)                                                              \
    inline bool operator==(const Scalar& lh, const Scalar& rh) { return __heq(lh, rh); }                            \
    inline bool operator!=(const Scalar& lh, const Scalar& rh) { return __hneu(lh, rh); }                           \
    inline bool operator>(const Scalar& lh, const Scalar& rh) { return __hgt(lh, rh); }                             \
    inline bool operator<(const Scalar& lh, const Scalar& rh) { return __hlt(lh, rh); }                             \
    inline bool operator>=(const Scalar& lh, const Scalar& rh) { return __hge(lh, rh); }                            \
    inline bool operator<=(const Scalar& lh, const Scalar& rh) { return __hle(lh, rh); }
// For pairs, true when it holds of both halves.
#define WARP_EMULATOR_HALF2_COMPARISON_OPERATORS(Pair)                                                               \
    inline bool operator==(const Pair& lh, const Pair& rh) { return __hbeq2(lh, rh); }                              \
    inline bool operator!=(const Pair& lh, const Pair& rh) { return __hbneu2(lh, rh); }                             \
    inline bool operator>(const Pair& lh, const Pair& rh) { return __hbgt2(lh, rh); }                               \
    inline bool operator<(const Pair& lh, const Pair& rh) { return __hblt2(lh, rh); }                               \
    inline bool operator>=(const Pair& lh, const Pair& rh) { return __hbge2(lh, rh); }                              \
    inline bool operator<=(const Pair& lh, const Pair& rh) { return __hble2(lh, rh); }
