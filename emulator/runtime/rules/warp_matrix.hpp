// warp_matrix.hpp: the rules and the results of mma.h's warp matrix
// functions, load_matrix_sync, store_matrix_sync and mma_sync (the kernel's
// side: include/warp_emulator/wmma/).
//
// The rules, in the words of the CUDA C++ Programming Guide ("Warp Matrix
// Functions"), checked when the warp has met at the call (the lanes meet as
// at any warp collective, warp_collectives.hpp; the mask is the whole warp):
//   M1 "This function must be called by all threads in the warp, or the
//      result is undefined." A lane that waits elsewhere is reported by
//      warp_collectives.cpp; one that has exited (or a warp the block's size
//      leaves short) here. The call goes ahead, its results poison.
//   M2 "The values of mptr, ldm, layout, and all template parameters for a
//      must be the same for all threads in the warp" (load and store);
//      "The value of satf and template parameters for each matrix fragment
//      must be the same for all threads in the warp" (mma_sync). Lanes at
//      the same function with other fragment types are at another call (M1
//      reports them); other arguments are reported here, and the call's
//      results are poison.
//   M3 "mptr must be a 256-bit aligned pointer"; "ldm ... must be a multiple
//      of 8 for __half element type or multiple of 4 for float element type
//      (i.e., multiple of 16 bytes in both cases)". Reported; the fragment is
//      poison, or nothing is stored.
// Poison: NaN in a floating-point fragment (0x7fff in each __half), the
// bytes 0xBAADF00D in an integer one, so that wrong answers show.
//
// The results. Which element of the matrix each lane's x[i] holds is
// unspecified; the emulator's mapping is positionOf's below, the same for
// every fragment, so that code that treats elements alike (x[i] *= alpha for
// every i) is portable and code that assumes a layout is not helped. Each
// lane loads and stores its own elements, in its own turn, after the warp
// has met: each one is an access of that lane at the call's line, checked
// for bounds, initialisation and races as any other (none of these
// functions orders memory). mma_sync computes each element of D = A*B + C
// from the first lane that holds each element of A, B and C:
//   __half, __nv_bfloat16, tf32 (a float's 19 high bits) with float or
//   __half accumulators: the products exact, their sum with C's element in
//   double, in k order, rounded once to the accumulator's type;
//   double: C's element and each product added with an fma, in k order;
//   signed and unsigned char: exact in int, wrapping, or, with satf,
//   saturating to int's range.
// A GPU's tensor cores add in an order and with intermediate rounding the
// Guide leaves unspecified, so floating-point results may differ from a
// GPU's in their last bits; exact ones (small integers) agree.
#pragma once

#include <string>

#include "scheduling/scheduler.hpp"

namespace warp_emulator {

struct MatrixShape {
    int rows = 0;
    int columns = 0;
};
// matrix_a is m by k, matrix_b k by n, an accumulator m by n.
MatrixShape shapeOf(const MatrixFragment& fragment);
unsigned int elementBytes(MatrixElement element);

// The element of the fragment's matrix that lane `lane`'s x[element] holds,
// as its index in row-major order: lane l holds the num_elements elements
// from l * num_elements on, and where the warp's 32 lanes hold more elements
// than the matrix has (matrix_a and matrix_b of __half, for one), the lanes
// past the first copy hold it again, from its start.
int positionOf(const MatrixFragment& fragment, int lane, int element);

class WarpMatrix {
public:
    explicit WarpMatrix(Scheduler& scheduler) : scheduler_(scheduler) {}

    // The call that `group` of `warp` met at is carried out (`forced`: some
    // lanes never came, and warp_collectives.cpp has said so): the rules
    // M1-M3, and mma_sync's D written into each lane's fragment. A lane whose
    // call is left undefined is marked poisoned; its fragment holds poison.
    void carryOut(int warp, unsigned int group, bool forced);

    // In the calling lane, once its warp has met: loads its elements into its
    // fragment, or stores them, each checked as an access at the call's line.
    static void accessMemory(const Request& done, int lane);

private:
    Scheduler& scheduler_;

    bool argumentsAgree(int warp, unsigned int group, const Request& first);
    bool memoryIsAligned(int warp, const Request& first);
    void multiply(int warp, unsigned int group, const Request& first);
    void poison(int warp, unsigned int group, const Request& first);
};

}  // namespace warp_emulator
