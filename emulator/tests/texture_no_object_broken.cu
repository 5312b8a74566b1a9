// texture_no_object_broken.cu: the kernel is handed a cudaTextureObject_t
// that no cudaCreateTextureObject made (it was left 0: the call that should
// have made it was never written). The fetch is an invalid access, and the
// emulator stops the kernel there. A GPU reads whatever descriptor slot 0
// holds; no tool reports it.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// expect-exit: 66
#include "case.cuh"

__global__ void fetch(cudaTextureObject_t texture, float* out) {
    out[threadIdx.x] = tex2D<float>(texture, threadIdx.x + 0.5f, 0.5f);
}

int main() {
    DeviceArray<float> out(32, 0.0f);
    cudaTextureObject_t texture = 0;
    fetch<<<1, 32>>>(texture, out.device);
    printLaunchVerdict();
    return 0;
}
