// fragments.hpp: the types of mma.h's warp matrix functions,
// nvcuda::wmma::fragment and its tags, as the Toolkit declares them: a
// fragment<Use, m, n, k, T, Layout> holds, in each lane of a warp, its
// num_elements elements in x[]. The shapes and types are the Programming
// Guide's ("Warp Matrix Functions", "Element Types and Matrix Sizes"):
//   m16n16k16, m32n8k16, m8n32k16: __half (accumulator __half or float),
//     __nv_bfloat16 (float), signed or unsigned char (int);
//   m16n16k8: precision::tf32 (float);  m8n8k4: double (double).
// num_elements is the Toolkit's for each (for matrix_a and matrix_b of
// __half, 16: each element held in two lanes). The sub-byte types
// (experimental::precision::u4, s4, b1) are declared, and their fragments
// refused with a message: the emulator does not emulate them.
//
// Which element of the matrix each x[i] of each lane holds is unspecified
// (the Guide); the emulator's mapping is runtime/rules/warp_matrix.hpp's.
#pragma once

#include <type_traits>

#include "../half/bf16_types.hpp"
#include "../half/fp16_types.hpp"
#include "../device/kernel_calls.hpp"

namespace nvcuda {
namespace wmma {

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;

namespace precision {
struct tf32;
}
namespace experimental {
namespace precision {
struct u4;
struct s4;
struct b1;
}  // namespace precision
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
}  // namespace experimental

// An accumulator's layout in memory, an argument of load_matrix_sync and
// store_matrix_sync (matrix_a's and matrix_b's is in their type).
enum layout_t { mem_row_major, mem_col_major };

// A fragment element type's storage, and what fill_fragment takes: tf32
// elements are floats (of which a product uses 19 bits).
template <typename T>
struct helper_traits {
    typedef T element_type;
    typedef T storage_element_type;
    typedef T fill_argument_type;
};
template <>
struct helper_traits<precision::tf32> {
    typedef precision::tf32 element_type;
    typedef float storage_element_type;
    typedef float fill_argument_type;
};

template <typename T, int size, int packed_size = size>
struct __align__(8) __frag_base {
    enum { num_elements = size };
    enum { num_storage_elements = packed_size };
    typedef T element_type;
    typedef typename helper_traits<T>::storage_element_type storage_element_type;
    storage_element_type x[num_storage_elements];
};

}  // namespace wmma
}  // namespace nvcuda

namespace warp_emulator {
namespace wmma {

namespace w = nvcuda::wmma;

template <typename T>
constexpr MatrixElement elementOf() {
    return std::is_same<T, __half>::value           ? MatrixElement::Half
           : std::is_same<T, __nv_bfloat16>::value  ? MatrixElement::BFloat16
           : std::is_same<T, w::precision::tf32>::value ? MatrixElement::Tf32
           : std::is_same<T, float>::value          ? MatrixElement::Float
           : std::is_same<T, double>::value         ? MatrixElement::Double
           : std::is_same<T, signed char>::value    ? MatrixElement::SignedByte
           : std::is_same<T, unsigned char>::value  ? MatrixElement::UnsignedByte
                                                    : MatrixElement::Int;
}
template <typename T>
constexpr bool isElementType() {
    return std::is_same<T, __half>::value || std::is_same<T, __nv_bfloat16>::value ||
           std::is_same<T, w::precision::tf32>::value || std::is_same<T, float>::value ||
           std::is_same<T, double>::value || std::is_same<T, signed char>::value ||
           std::is_same<T, unsigned char>::value || std::is_same<T, int>::value;
}
template <typename Use>
constexpr MatrixUse useOf() {
    return std::is_same<Use, w::matrix_a>::value ? MatrixUse::A
           : std::is_same<Use, w::matrix_b>::value ? MatrixUse::B
                                                 : MatrixUse::Accumulator;
}

// Each lane's number of elements, as the Toolkit has it, or 0 where the
// Guide lists no such fragment.
constexpr int elementsPerLane(MatrixUse use, int m, int n, int k, MatrixElement element) {
    const bool half = element == MatrixElement::Half;
    const bool narrow = element == MatrixElement::BFloat16 || element == MatrixElement::SignedByte ||
                        element == MatrixElement::UnsignedByte;
    if (use == MatrixUse::Accumulator) {
        if ((m == 16 && n == 16 && k == 16) || (m == 32 && n == 8 && k == 16) || (m == 8 && n == 32 && k == 16)) {
            return half || element == MatrixElement::Float || element == MatrixElement::Int ? 8 : 0;
        }
        if (m == 16 && n == 16 && k == 8) {
            return element == MatrixElement::Float ? 8 : 0;
        }
        return m == 8 && n == 8 && k == 4 && element == MatrixElement::Double ? 2 : 0;
    }
    const bool a = use == MatrixUse::A;
    if (m == 16 && n == 16 && k == 16) {
        return half ? 16 : narrow ? 8 : 0;
    }
    if (m == 32 && n == 8 && k == 16) {
        return half ? 16 : narrow ? (a ? 16 : 4) : 0;
    }
    if (m == 8 && n == 32 && k == 16) {
        return half ? 16 : narrow ? (a ? 4 : 16) : 0;
    }
    if (m == 16 && n == 16 && k == 8) {
        return element == MatrixElement::Tf32 ? 4 : 0;
    }
    return m == 8 && n == 8 && k == 4 && element == MatrixElement::Double ? 1 : 0;
}

template <typename Use, int m, int n, int k, typename T, typename Layout>
struct Shape {
    static constexpr bool knownUse =
        std::is_same<Use, w::matrix_a>::value || std::is_same<Use, w::matrix_b>::value ||
        std::is_same<Use, w::accumulator>::value;
    static constexpr bool layoutFits = std::is_same<Use, w::accumulator>::value
                                           ? std::is_void<Layout>::value
                                           : std::is_same<Layout, w::row_major>::value ||
                                                 std::is_same<Layout, w::col_major>::value;
    static constexpr int elements =
        knownUse && isElementType<T>() && layoutFits ? elementsPerLane(useOf<Use>(), m, n, k, elementOf<T>()) : 0;
    static constexpr bool subByte = std::is_same<T, w::experimental::precision::u4>::value ||
                                    std::is_same<T, w::experimental::precision::s4>::value ||
                                    std::is_same<T, w::experimental::precision::b1>::value;
};

template <typename Layout>
constexpr MatrixLayout layoutOf() {
    return std::is_same<Layout, w::row_major>::value   ? MatrixLayout::RowMajor
           : std::is_same<Layout, w::col_major>::value ? MatrixLayout::ColMajor
                                                       : MatrixLayout::None;
}

}  // namespace wmma
}  // namespace warp_emulator

namespace nvcuda {
namespace wmma {

// A fragment: its elements in x[], num_elements of them in each lane.
template <typename Use, int m, int n, int k, typename T, typename Layout = void>
class fragment
    : public __frag_base<T, (warp_emulator::wmma::Shape<Use, m, n, k, T, Layout>::elements > 0
                                 ? warp_emulator::wmma::Shape<Use, m, n, k, T, Layout>::elements
                                 : 1)> {
    using Checked = warp_emulator::wmma::Shape<Use, m, n, k, T, Layout>;
    static_assert(!Checked::subByte, "the CPU warp emulator does not emulate the sub-byte warp matrix types "
                                     "(experimental::precision::u4, s4, b1)");
    static_assert(Checked::subByte || Checked::elements > 0,
                  "no such fragment: the Programming Guide's warp matrix shapes are m16n16k16, m32n8k16 and m8n32k16 "
                  "of __half (accumulator __half or float), __nv_bfloat16 (float) and signed or unsigned char "
                  "(int); m16n16k8 of precision::tf32 (float); m8n8k4 of double. matrix_a and matrix_b take "
                  "row_major or col_major, an accumulator no layout");
};

}  // namespace wmma
}  // namespace nvcuda
