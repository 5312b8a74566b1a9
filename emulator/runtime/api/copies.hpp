// copies.hpp: the runtime API's copies and memsets, row by row, shared by
// cudaMemcpy and its 2D and 3D kin, cudaMemset and its kin, and a graph's
// memcpy and memset nodes (memory.cpp implements them).
//
// Where the runtime API of a GPU refuses a copy, so does this one, with the
// same error, and copies nothing: a row that runs past its allocation's end,
// or lies in freed memory, is cudaErrorInvalidValue. Bytes written into
// device memory are defined from then on (initcheck.hpp); a copy carries the
// definedness of its source.
#pragma once

#include <cstddef>

#include "warp_emulator/host/runtime_api.hpp"

namespace warp_emulator {

// `rows` rows of `width` bytes in each of `slices` slices: row r of slice s
// starts at base + s * slicePitch + r * pitch.
struct Rows {
    char* base = nullptr;
    size_t pitch = 0;
    size_t slicePitch = 0;
    size_t width = 0;
    size_t rows = 1;
    size_t slices = 1;

    char* row(size_t slice, size_t index) const { return base + slice * slicePitch + index * pitch; }
    static Rows line(const void* start, size_t bytes) {
        return Rows{static_cast<char*>(const_cast<void*>(start)), bytes, bytes, bytes, 1, 1};
    }
};

// Copies `from` into `to` (the same shape); cudaErrorInvalidValue, copying
// nothing, where a row of either side is not all in one live allocation of
// device memory (or all outside device memory).
cudaError_t copyRows(const Rows& to, const Rows& from);
// Whether copyRows would refuse the copy: now, or (`later`) once the work
// queued before it has run, which may allocate graph memory it reaches.
cudaError_t rowsError(const Rows& to, const Rows& from, bool later = false);
// Sets each of the rows' `width / elementBytes` elements to `value`'s low
// `elementBytes` bytes (1, 2 or 4), as cudaMemset (1) and a memset node do.
// Only device memory may be set: anything else is cudaErrorInvalidValue.
cudaError_t setRows(const Rows& to, unsigned int value, unsigned int elementBytes);
cudaError_t setRowsError(const Rows& to, unsigned int elementBytes, bool later = false);

// The copy a cudaMemcpy3DParms names (memory3d.cpp): pitched memory row by
// row; an array side goes to cuda_arrays.cpp's copy3DWithArray.
cudaError_t copy3D(const cudaMemcpy3DParms& copy);
cudaError_t copy3DError(const cudaMemcpy3DParms& copy, bool later = false);

// A copy or a memset given to `stream`: run now, recorded as a memcpy or
// memset node of the graph the stream captures (`copy` or `set` its
// parameters, `how` at file:line its origin), or refused.
cudaError_t copyOnStream(cudaStream_t stream, const cudaMemcpy3DParms& copy, const Rows& to, const Rows& from,
                         const char* how, const char* file, int line);
cudaError_t setOnStream(cudaStream_t stream, const cudaMemsetParams& set, const char* how, const char* file, int line);

}  // namespace warp_emulator
