// intrinsics_legal.cu: the atomics and intrinsics a learner's kernel may
// call, each with a result worked out by hand in the expected output:
// atomicSub/Or/And/Xor/Min/Max/Inc/Dec/Exch/CAS, atomicAdd of a double into a
// float and of an int into an unsigned, __threadfence_block, min/max, rsqrtf,
// __fdividef, __saturatef, and the device's compute capability (8.0: the
// __reduce_*_sync intrinsics need it). The counters are updated by one
// thread each, so no result depends on the order. No report, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void everyIntrinsic(int* ints, unsigned int* unsigneds, float* floats) {
    const int t = threadIdx.x;
    if (t == 0) {
        atomicSub(&ints[0], 5);          // 100 - 5 = 95
        atomicMin(&ints[1], -7);         // min(3, -7) = -7
        atomicMax(&ints[2], 42);         // max(3, 42) = 42
        atomicExch(&ints[3], 9);         // 9
        atomicCAS(&ints[4], 3, 11);      // 3 == 3, so 11
        atomicCAS(&ints[5], 4, 11);      // 3 != 4, so 3
        atomicOr(&unsigneds[0], 0xf0u);  // 0x0f | 0xf0 = 0xff
        atomicAnd(&unsigneds[1], 0x3cu); // 0x0f & 0x3c = 0x0c
        atomicXor(&unsigneds[2], 0xffu); // 0x0f ^ 0xff = 0xf0
        atomicInc(&unsigneds[3], 15u);   // 15 >= 15, so 0
        atomicDec(&unsigneds[4], 20u);   // 15 - 1 = 14
        atomicAdd(&unsigneds[5], 1);     // an int into an unsigned: 16
        atomicAdd(&floats[0], 0.5);      // a double into a float: 2.5
        __threadfence_block();
        ints[6] = min(-3, 4) + max(7, 2);  // -3 + 7 = 4
        floats[1] = rsqrtf(16.0f);         // 0.25
        floats[2] = __fdividef(1.0f, 8.0f);  // 0.125
        floats[3] = __saturatef(1.5f) + __saturatef(-2.0f) + __saturatef(0.25f);  // 1 + 0 + 0.25
        ints[7] = __reduce_add_sync(0x1u, 5);  // lane 0 alone: 5
    }
}

int main() {
    DeviceArray<int> ints(8, 3);
    DeviceArray<unsigned int> unsigneds(6, 0x0fu);
    DeviceArray<float> floats(4, 2.0f);
    const int hundred = 100;
    cudaMemcpy(ints.device, &hundred, sizeof hundred, cudaMemcpyHostToDevice);
    everyIntrinsic<<<1, 32>>>(ints.device, unsigneds.device, floats.device);
    printLaunchVerdict();
    printValues("ints", ints.read());
    printValues("unsigneds", unsigneds.read());
    printValues("floats", floats.read());
    cudaDeviceProp properties;
    cudaGetDeviceProperties(&properties, 0);
    std::printf("compute capability %d.%d\n", properties.major, properties.minor);
    return 0;
}
