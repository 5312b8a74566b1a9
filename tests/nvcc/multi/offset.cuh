// offset.cuh: a __device__ function defined in offset.cu and called from
// scale.cu's kernel: device code across files, as -rdc=true (or -dc) allows.
#pragma once

__device__ float addOffset(float value);
