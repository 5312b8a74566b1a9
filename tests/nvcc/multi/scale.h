// scale.h: what main.cpp (host code) knows of the kernels in scale.cu.
#pragma once

// Scales each of `count` floats at `host` by `factor`, through device memory,
// and returns the runtime's verdict: 0 when every call succeeded.
int scaleOnDevice(float* host, int count, float factor);
