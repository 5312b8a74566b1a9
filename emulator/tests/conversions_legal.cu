// conversions_legal.cu: float-to-integer intrinsics saturate, as PTX's cvt
// does ("the result is clamped to the range of the destination format"; NaN
// gives 0), where a host cast would not: 3e9 gives 2147483647, -5 as an
// unsigned gives 0, NaN gives 0, -3e9 gives -2147483648. No report.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "converted: 2147483647 0 0 -2147483648 2"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include <cmath>

#include "case.cuh"

__global__ void convert(int* out, float big, float negative, float notANumber) {
    out[0] = __float2int_rz(big);
    out[1] = static_cast<int>(__float2uint_rn(negative));
    out[2] = __float2int_rn(notANumber);
    out[3] = __float2int_rd(-big);
    out[4] = __float2int_rn(2.5f);  // to nearest even: 2
}

int main() {
    DeviceArray<int> out(5, 7);
    convert<<<1, 1>>>(out.device, 3e9f, -5.0f, NAN);
    printLaunchVerdict();
    printValues("converted", out.read());
    return 0;
}
