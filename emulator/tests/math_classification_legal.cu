// math_classification_legal.cu: isnan, isinf, isfinite and signbit called
// unqualified in a kernel, with no header but what nvcc gives every .cu file:
// the Toolkit's math_functions.h declares them in the global namespace for
// device code, and so must the emulator's (not only std::isnan).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "kinds: 4 12 1 2 10 12"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include <limits>

#include "case.cuh"

__global__ void classify(const float* values, int* kinds) {
    const float x = values[threadIdx.x];
    kinds[threadIdx.x] = (isnan(x) ? 1 : 0) | (isinf(x) ? 2 : 0) | (isfinite(x) ? 4 : 0) | (signbit(x) ? 8 : 0);
}

int main() {
    const std::vector<float> values = {1.0f, -2.0f, std::numeric_limits<float>::quiet_NaN(),
                                       std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                                       -0.0f};
    DeviceArray<float> in(static_cast<int>(values.size()), 0.0f);
    cudaMemcpy(in.device, values.data(), values.size() * sizeof(float), cudaMemcpyHostToDevice);
    DeviceArray<int> kinds(static_cast<int>(values.size()), -1);
    classify<<<1, static_cast<unsigned int>(values.size())>>>(in.device, kinds.device);
    const int verdict = printLaunchVerdict();
    printValues("kinds", kinds.read());
    return verdict;
}
