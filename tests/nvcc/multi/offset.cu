// offset.cu: the __device__ function scale.cu's kernel calls.
#include "offset.cuh"

__device__ float addOffset(float value) { return value + 0.5f; }
