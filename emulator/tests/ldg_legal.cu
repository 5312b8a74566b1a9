// ldg_legal.cu: __ldg() of input the host copied in before the launch, which
// no thread of the kernel writes: what the read-only data cache is for.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out[0], out[63]: 4.5 4.5"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void scale(const float* in, float* out, float factor) {
    const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    out[i] = __ldg(&in[i]) * factor + __ldg(&in[(i + 1) % 64]);
}

int main() {
    DeviceArray<float> in(64, 1.5f);
    DeviceArray<float> out(64, 0.0f);
    scale<<<2, 32>>>(in.device, out.device, 2.0f);
    const int status = printLaunchVerdict();
    printValues("out[0], out[63]", {out.read()[0], out.read()[63]});
    return status;
}
