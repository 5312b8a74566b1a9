// reduce_rows_width8.cuh: the same row reduction with the `width` argument,
// four rows per warp. Include it after shuffles.cu, whose constants it uses
// (bench.cu and tests/oracle.cu do, with shuffles.cu's main() renamed).
//
// Why it exists: reduceRowsPadded gives each warp one row, so each warp
// loads 80 bytes at a time, and the memory system sits idle waiting for more
// requests. Here each lane loads 16 bytes (a float4), so 8 lanes cover one
// 32-column row and one warp covers 4 rows. The shuffles then have to stay
// inside each row's 8 lanes, and that is what `width` is for.
// bench/bench.cu measures both (evidence/h200-bench.txt).

// A warp splits into 4 segments of 8 lanes; segment s (lanes 8s to 8s + 7)
// owns one row, and lane j of a segment owns columns 4j to 4j + 3.
constexpr int kSegmentLanes = 8;                                    // the `width` of every shuffle below
constexpr int kRowsPerWarpWidth8 = kWarpSize / kSegmentLanes;        // 4
constexpr int kRowsPerBlockWidth8 = kWarpsPerBlock * kRowsPerWarpWidth8;  // 32
constexpr int kFloatsPerLoad = 4;                                   // one float4: 16 bytes
constexpr int kLiveLanesPerSegment = kLiveColumns / kFloatsPerLoad;  // lanes 0-4 of a segment hold columns 0-19
static_assert(kLiveColumns % kFloatsPerLoad == 0 && kStride == kSegmentLanes * kFloatsPerLoad,
              "a row must be whole float4s, 8 of them");

inline int blocksForWidth8(int rows) {
    return (rows + kRowsPerBlockWidth8 - 1) / kRowsPerBlockWidth8;
}

// Contract of reduceRowsWidth8.
//   Segments: with width 8, a shuffle treats the warp as four independent
//   groups of 8 lanes, and a source lane is counted inside the caller's group:
//     __shfl_down_sync(mask, v, d, 8)  lane L reads L + d only while that is in
//                                      L's segment, and keeps its own v past the end;
//     __shfl_sync(mask, v, 0, 8)       every lane reads lane 0 of its own segment,
//                                      so each row gets its own sum, not row 0's;
//     __shfl_xor_sync(mask, v, m, 8)   lane L swaps with L xor m; for m = 4, 2, 1
//                                      that partner is in L's segment anyway.
//   So the four rows reduce side by side in the same instructions, as
//   reduceRowsPadded's ladder, broadcast and butterfly, in 3 steps, not 5.
//   Who must arrive: all 32 lanes reach every shuffle, so kFullMask is earned
//   as in reduceRowsPadded. Lanes 5-7 of each segment (columns 20-31) carry
//   the identities, and a segment past the last row carries them too and
//   stores nothing.
//   Who holds what: after the ladder lane 0 of each segment holds its row's
//   sum, and the broadcast gives it to the segment; after the butterfly every
//   lane holds its row's max. Lane 0 of each segment writes them, and every
//   lane writes its four normalised columns (0 for dead columns), so the
//   outputs are laid out as reduceRowsPadded's.
//   Order: each lane first adds its own four values, so the sum is added in a
//   different order from the 32-lane ladder; it equals the reference within
//   the report's tolerance, not bit for bit.
//   Example: a row of 1, 2, ..., 20 gives lane sums 10, 26, 42, 58, 74, 0, 0, 0,
//   then 210 in the segment's lane 0 and, after the broadcast, in all 8; max 20.
__global__ void reduceRowsWidth8(const float* __restrict__ in, int rows, float* __restrict__ sums,
                                 float* __restrict__ maxes, float* __restrict__ normalised) {
    const int lane = threadIdx.x % kWarpSize;
    const int segmentLane = lane % kSegmentLanes;
    const int warp = blockIdx.x * kWarpsPerBlock + threadIdx.x / kWarpSize;
    const int row = warp * kRowsPerWarpWidth8 + lane / kSegmentLanes;
    const bool hasRow = row < rows;  // differs between segments, so it guards loads and stores, never a shuffle
    const bool live = segmentLane < kLiveLanesPerSegment;

    // One 16-byte load per lane: 4 rows, 320 live bytes, per warp instruction.
    float4 values = make_float4(kSumIdentity, kSumIdentity, kSumIdentity, kSumIdentity);
    if (hasRow && live) {
        values = reinterpret_cast<const float4*>(in + static_cast<size_t>(row) * kStride)[segmentLane];
    }

    float sum = (values.x + values.y) + (values.z + values.w);
    for (unsigned int offset = kSegmentLanes / 2; offset > 0; offset /= 2) {
        sum += __shfl_down_sync(kFullMask, sum, offset, kSegmentLanes);
    }
    // Without the width this would copy lane 0 of the warp, row 0's sum, into all four rows.
    const float rowSum = __shfl_sync(kFullMask, sum, 0, kSegmentLanes);

    float best = kMaxIdentity;
    if (live) {
        best = values.x > values.y ? values.x : values.y;
        best = values.z > best ? values.z : best;
        best = values.w > best ? values.w : best;
    }
    for (int laneMask = kSegmentLanes / 2; laneMask > 0; laneMask /= 2) {
        const float other = __shfl_xor_sync(kFullMask, best, laneMask, kSegmentLanes);
        best = (other > best) ? other : best;
    }

    if (hasRow) {
        const float4 scaled = live ? make_float4(values.x / rowSum, values.y / rowSum, values.z / rowSum,
                                                 values.w / rowSum)
                                   : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        reinterpret_cast<float4*>(normalised + static_cast<size_t>(row) * kStride)[segmentLane] = scaled;
        if (segmentLane == 0) {
            sums[row] = rowSum;
            maxes[row] = best;
        }
    }
}
