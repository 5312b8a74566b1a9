// operations.hpp: mma.h's warp matrix functions, fill_fragment,
// load_matrix_sync, store_matrix_sync and mma_sync, and __float_to_tf32.
//
// The three _sync functions are warp collectives (the Programming Guide:
// "Waits until all warp lanes have arrived ... This function must be called
// by all threads in the warp, or the result is undefined"; "The values of
// mptr, ldm, layout, and all template parameters for a must be the same for
// all threads in the warp"; "mptr must be a 256-bit aligned pointer ... ldm
// ... must be a multiple of 8 for __half element type or multiple of 4 for
// float element type (i.e., multiple of 16 bytes in both cases)"). Each goes
// to the runtime by value, as the other collectives do (kernel_calls.hpp);
// the runtime checks those rules when the warp has met
// (runtime/rules/warp_matrix.cpp), then each lane loads or stores its own
// elements, every one checked as an access made at the call's line
// (runtime/device/warp_matrix.cpp); mma_sync's product is computed there.
// They order no memory: only __syncwarp() and __syncthreads() do.
// fill_fragment is each lane's own, as in the Toolkit.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "fragments.hpp"

namespace warp_emulator {
namespace wmma {

template <typename Use, int m, int n, int k, typename T, typename Layout>
MatrixFragment describe(const nvcuda::wmma::fragment<Use, m, n, k, T, Layout>& fragment) {
    MatrixFragment described;
    described.use = useOf<Use>();
    described.element = elementOf<T>();
    described.layout = layoutOf<Layout>();
    described.m = static_cast<unsigned char>(m);
    described.n = static_cast<unsigned char>(n);
    described.k = static_cast<unsigned char>(k);
    described.elements = static_cast<unsigned char>(fragment.num_elements);
    described.storage = const_cast<void*>(static_cast<const void*>(fragment.x));
    return described;
}

// The request of a load or store: the whole warp must come with the same.
WARP_EMULATOR_GLUE inline void memoryCall(Op op, const MatrixFragment& fragment, const void* memory, unsigned int ldm,
                                          MatrixLayout layout, const char* file, int line) {
    Request request;
    request.op = op;
    request.mask = 0xffffffffu;  // every lane of the warp
    request.file = file;
    request.line = line;
    request.matrix.fragments[0] = fragment;
    request.matrix.memory = memory;
    request.matrix.ldm = ldm;
    request.matrix.layout = layout;
    warpMatrix(request);
}

WARP_EMULATOR_GLUE inline void multiplyCall(const MatrixFragment& d, const MatrixFragment& a, const MatrixFragment& b,
                                            const MatrixFragment& c, bool saturate, const char* file, int line) {
    Request request;
    request.op = Op::MatrixMultiply;
    request.mask = 0xffffffffu;
    request.file = file;
    request.line = line;
    request.matrix.fragments[0] = d;
    request.matrix.fragments[1] = a;
    request.matrix.fragments[2] = b;
    request.matrix.fragments[3] = c;
    request.matrix.saturate = saturate;
    warpMatrix(request);
}

inline MatrixLayout layoutOf(nvcuda::wmma::layout_t layout) {
    return layout == nvcuda::wmma::mem_col_major ? MatrixLayout::ColMajor : MatrixLayout::RowMajor;
}

// mma_sync's fragments, as the Guide lists them: A and B of one element
// type, C and D of the accumulator type it allows (__half inputs: __half or
// float each), all of one shape.
template <typename TA, typename TB, typename TC, typename TD>
constexpr bool multiplies() {
    if (!std::is_same<TA, TB>::value) {
        return false;
    }
    if (std::is_same<TA, __half>::value) {
        return (std::is_same<TC, __half>::value || std::is_same<TC, float>::value) &&
               (std::is_same<TD, __half>::value || std::is_same<TD, float>::value);
    }
    if (std::is_same<TA, signed char>::value || std::is_same<TA, unsigned char>::value) {
        return std::is_same<TC, int>::value && std::is_same<TD, int>::value;
    }
    if (std::is_same<TA, double>::value) {
        return std::is_same<TC, double>::value && std::is_same<TD, double>::value;
    }
    return std::is_same<TC, float>::value && std::is_same<TD, float>::value;  // __nv_bfloat16, tf32
}

}  // namespace wmma
}  // namespace warp_emulator

namespace nvcuda {
namespace wmma {

// cvt.rna.tf32.f32: to tf32's 10 fraction bits, to nearest with ties away
// from zero (a carry past the largest float gives infinity); the result is a
// float whose 13 lowest bits are 0. An infinity or NaN is not rounded, only
// cut to those bits.
inline float __float_to_tf32(float in) {
    std::uint32_t bits;
    std::memcpy(&bits, &in, sizeof bits);
    if ((bits & 0x7f800000u) != 0x7f800000u) {
        bits += 0x1000u;
    }
    bits &= 0xffffe000u;
    float out;
    std::memcpy(&out, &bits, sizeof out);
    return out;
}

// Each lane's own elements, all of them set to `value` ("ordinarily called
// by all threads in the warp with a common value", the Guide).
template <typename T, int size, int packed_size>
void fill_fragment(__frag_base<T, size, packed_size>& fragment,
                   const typename helper_traits<T>::fill_argument_type& value) {
    const typename helper_traits<T>::storage_element_type stored = value;
    for (int i = 0; i < fragment.num_storage_elements; ++i) {
        fragment.x[i] = stored;
    }
}

// matrix_a and matrix_b: the layout is the fragment's.
template <int m, int n, int k, typename T, typename Layout>
void load_matrix_sync(fragment<matrix_a, m, n, k, T, Layout>& a,
                      const typename helper_traits<T>::storage_element_type* mptr, unsigned ldm, WARP_EMULATOR_SITE) {
    warp_emulator::wmma::memoryCall(warp_emulator::Op::MatrixLoad, warp_emulator::wmma::describe(a), mptr, ldm,
                                    warp_emulator::wmma::layoutOf<Layout>(), file, line);
}
template <int m, int n, int k, typename T, typename Layout>
void load_matrix_sync(fragment<matrix_b, m, n, k, T, Layout>& b,
                      const typename helper_traits<T>::storage_element_type* mptr, unsigned ldm, WARP_EMULATOR_SITE) {
    warp_emulator::wmma::memoryCall(warp_emulator::Op::MatrixLoad, warp_emulator::wmma::describe(b), mptr, ldm,
                                    warp_emulator::wmma::layoutOf<Layout>(), file, line);
}
// An accumulator: the layout in memory is an argument.
template <int m, int n, int k, typename T>
void load_matrix_sync(fragment<accumulator, m, n, k, T>& c, const T* mptr, unsigned ldm, layout_t layout,
                      WARP_EMULATOR_SITE) {
    warp_emulator::wmma::memoryCall(warp_emulator::Op::MatrixLoad, warp_emulator::wmma::describe(c), mptr, ldm,
                                    warp_emulator::wmma::layoutOf(layout), file, line);
}
template <int m, int n, int k, typename T>
void store_matrix_sync(T* mptr, const fragment<accumulator, m, n, k, T>& c, unsigned ldm, layout_t layout,
                       WARP_EMULATOR_SITE) {
    warp_emulator::wmma::memoryCall(warp_emulator::Op::MatrixStore, warp_emulator::wmma::describe(c), mptr, ldm,
                                    warp_emulator::wmma::layoutOf(layout), file, line);
}

// D = A * B + C; D may be C (in place). satf (integer fragments): saturate
// to int's range instead of wrapping around.
template <int m, int n, int k, typename TA, typename LayoutA, typename TB, typename LayoutB, typename TC, typename TD>
void mma_sync(fragment<accumulator, m, n, k, TD>& d, const fragment<matrix_a, m, n, k, TA, LayoutA>& a,
              const fragment<matrix_b, m, n, k, TB, LayoutB>& b, const fragment<accumulator, m, n, k, TC>& c,
              bool satf = false, WARP_EMULATOR_SITE) {
    static_assert(warp_emulator::wmma::multiplies<TA, TB, TC, TD>(),
                  "mma_sync takes matrix_a and matrix_b of one element type, and accumulators C and D of the type it "
                  "allows: __half or float for __half, float for __nv_bfloat16 and precision::tf32, int for signed "
                  "and unsigned char, double for double");
    warp_emulator::wmma::multiplyCall(warp_emulator::wmma::describe(d), warp_emulator::wmma::describe(a),
                                      warp_emulator::wmma::describe(b), warp_emulator::wmma::describe(c), satf, file,
                                      line);
}

}  // namespace wmma
}  // namespace nvcuda
