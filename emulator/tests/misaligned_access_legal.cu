// misaligned_access_legal.cu: the four bytes from byte 1 of a buffer, read
// one by one and put together, and an aligned int and float4: nothing is
// misaligned (misaligned_access_broken.cu reads them as one int).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "out: 16843009 16843009", "sum: 10"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void parse(const unsigned char* bytes, const float4* vectors, int* out, float* sum) {
    int value = 0;
    for (int i = 0; i < 4; ++i) {
        value |= bytes[1 + i] << (8 * i);
    }
    out[0] = value;
    out[1] = *reinterpret_cast<const int*>(bytes + 4);
    const float4 v = vectors[1];
    sum[0] = v.x + v.y + v.z + v.w;
}

int main() {
    DeviceArray<unsigned char> bytes(16, 1);
    DeviceArray<float4> vectors(2, make_float4(1.0f, 2.0f, 3.0f, 4.0f));
    DeviceArray<int> out(2, 0);
    DeviceArray<float> sum(1, 0.0f);
    parse<<<1, 1>>>(bytes.device, vectors.device, out.device, sum.device);
    const int status = printLaunchVerdict();
    printValues("out", out.read());
    printValues("sum", sum.read());
    return status;
}
