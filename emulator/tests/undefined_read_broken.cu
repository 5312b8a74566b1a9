// undefined_read_broken.cu: a legal mask (lanes 0-15, all of which arrive)
// and a read of lanes 16-23, which are not taking part. Rule: "Threads may
// only read data from another thread which is actively participating in the
// __shfl_sync() command. If the target thread is inactive, the retrieved
// value is undefined." No mask rule is broken, so the runtime API answers
// cudaSuccess; the reads are logged, the readers get poison (NaN for float,
// 0xBAADF00D for int), and the exit 0 becomes 66.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void readOfInactiveLanes(float* out, int* outInt) {
    const int lane = threadIdx.x;
    if (lane < 16) {
        out[lane] = __shfl_down_sync(0x0000ffffu, static_cast<float>(lane), 8);
        outInt[lane] = __shfl_down_sync(0x0000ffffu, lane, 8);
    }
}

int main() {
    DeviceArray<float> out(16, -1.0f);
    DeviceArray<int> outInt(16, -1);
    readOfInactiveLanes<<<1, 32>>>(out.device, outInt.device);
    printLaunchVerdict();
    printValues("float", out.read());
    std::vector<unsigned int> bits;
    for (int value : outInt.read()) {
        bits.push_back(static_cast<unsigned int>(value));
    }
    printValues("int", bits);
    return 0;
}
