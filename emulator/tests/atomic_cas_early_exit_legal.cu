// atomic_cas_early_exit_legal.cu: a float atomicMax built on atomicCAS with
// __float_as_int and __int_as_float, as the Programming Guide builds its
// double atomicAdd, in the two shapes that stop before the atomicCAS when
// the value read is already the larger: a loop guarded by the comparison
// (maxGuarded) and a return before the loop (maxReturnsEarly). A thread that
// stops there never checks its plain first read of *address with atomicCAS,
// and that read races with other threads' atomicCAS. The program is right in
// every order: the value only grows, so an older value read can only send a
// thread into the atomicCAS, never let it skip one it needed. The emulator
// says so in a note on stderr, and the run does not fail: exit 0.
// What a GPU should answer: 255 from both kernels; compute-sanitizer's
// racecheck looks at shared memory only (the maximum is global memory): 0
// hazards; memcheck and initcheck: 0 errors.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "maxima: 255 255"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__device__ float maxGuarded(float* address, float value) {
    int old = __float_as_int(*address);
    while (value > __int_as_float(old)) {
        const int assumed = old;
        old = atomicCAS(reinterpret_cast<int*>(address), assumed, __float_as_int(value));
        if (old == assumed) {
            break;
        }
    }
    return __int_as_float(old);
}

__device__ float maxReturnsEarly(float* address, float value) {
    int* addressAsInt = reinterpret_cast<int*>(address);
    int old = *addressAsInt, assumed;
    if (__int_as_float(old) >= value) {
        return __int_as_float(old);
    }
    do {
        assumed = old;
        old = atomicCAS(addressAsInt, assumed, __float_as_int(fmaxf(value, __int_as_float(assumed))));
    } while (assumed != old);
    return __int_as_float(old);
}

// Values 0 to 255 in an order that rises and falls, so that many threads find the maximum already larger.
__device__ float valueOf(unsigned int thread) { return static_cast<float>((thread * 37u) % 256u); }

__global__ void guarded(float* maximum) { maxGuarded(maximum, valueOf(blockIdx.x * blockDim.x + threadIdx.x)); }
__global__ void returnsEarly(float* maximum) { maxReturnsEarly(maximum, valueOf(blockIdx.x * blockDim.x + threadIdx.x)); }

int main() {
    DeviceArray<float> first(1, -1.0f), second(1, -1.0f);
    guarded<<<2, 128>>>(first.device);
    int status = printLaunchVerdict();
    returnsEarly<<<2, 128>>>(second.device);
    status |= printLaunchVerdict();
    printValues("maxima", {first.read()[0], second.read()[0]});
    return status;
}
