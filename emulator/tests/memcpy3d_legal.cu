// memcpy3d_legal.cu: pitched 3D memory (CUDA Runtime API, cudaMalloc3D,
// cudaMemset3D, cudaMemcpy3D): a 10 x 4 x 3 block of floats, each row padded
// to the pitch cudaMalloc3D gives; a memset of all of it, a copy of the host's
// box into it at an offset (1, 1, 1) of a 6 x 2 x 2 extent, a kernel that
// reads it through the pitch, and a copy of the whole box back. No byte of a
// row's padding is read. On an H200: cudaSuccess, a pitch of 512, and the
// sums 24 and 0 and 2.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess, printed "cudaMemcpy3D in: cudaSuccess, pitch 512", "sums: kernel 24, corner 0, an inner row 2"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void sumBox(cudaPitchedPtr box, int width, int height, int depth, float* sum) {
    if (threadIdx.x == 0) {
        float total = 0.0f;
        for (int z = 0; z < depth; ++z) {
            for (int y = 0; y < height; ++y) {
                const float* row = reinterpret_cast<const float*>(static_cast<const char*>(box.ptr) +
                                                                  (z * height + y) * box.pitch);
                for (int x = 0; x < width; ++x) {
                    total += row[x];
                }
            }
        }
        *sum = total;
    }
}

int main() {
    const int width = 10, height = 4, depth = 3;
    cudaPitchedPtr box;
    cudaMalloc3D(&box, make_cudaExtent(width * sizeof(float), height, depth));
    cudaMemset3D(box, 0, make_cudaExtent(width * sizeof(float), height, depth));
    static float host[2][2][6];
    for (auto& slice : host) {
        for (auto& row : slice) {
            for (float& value : row) {
                value = 1.0f;
            }
        }
    }
    cudaMemcpy3DParms in = {};
    in.srcPtr = make_cudaPitchedPtr(host, 6 * sizeof(float), 6, 2);
    in.dstPtr = box;
    in.dstPos = make_cudaPos(sizeof(float), 1, 1);
    in.extent = make_cudaExtent(6 * sizeof(float), 2, 2);
    in.kind = cudaMemcpyHostToDevice;
    std::printf("cudaMemcpy3D in: %s, pitch %zu\n", cudaGetErrorName(cudaMemcpy3D(&in)), box.pitch);
    DeviceArray<float> sum(1, -1.0f);
    sumBox<<<1, 32>>>(box, width, height, depth, sum.device);
    static float back[3][4][10];
    cudaMemcpy3DParms out = {};
    out.srcPtr = box;
    out.dstPtr = make_cudaPitchedPtr(back, width * sizeof(float), width, height);
    out.extent = make_cudaExtent(width * sizeof(float), height, depth);
    out.kind = cudaMemcpyDeviceToHost;
    cudaMemcpy3D(&out);
    std::printf("sums: kernel %g, corner %g, an inner row %g\n", sum.read()[0], back[0][0][0],
                back[1][1][1] + back[1][1][6]);
    cudaFree(box.ptr);
    return printLaunchVerdict();
}
